import { z } from "zod";
import { ledgerEntrySchema } from "@/lib/billing/contract";

/** One page of a key's ledger as the console's usage endpoint (app/search/usage) returns it. */
export const USAGE_PAGE_SIZE = 25;
export const usagePageSchema = z.object({ entries: z.array(ledgerEntrySchema), nextBefore: z.int().nullable() });
export type UsagePage = z.infer<typeof usagePageSchema>;
