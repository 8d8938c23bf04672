import { z } from "zod";
import { PLANS } from "./plans";

const isoTime = z.iso.datetime({ offset: true });

export const planSchema = z.enum(PLANS).meta({ id: "Plan", description: "Free < Starter < Builder < Unicorn" });

export const ledgerEntrySchema = z
  .object({
    id: z.int(),
    kind: z.enum(["grant", "reserve", "settle", "plan"]).meta({
      description: "grant: credits added; reserve: a request's maximum taken; settle: the unused and refunded part returned; plan: plan changed (amount 0)",
    }),
    amount: z.int().meta({ description: "Signed change of the balance" }),
    balance_after: z.int().min(0),
    charge_id: z.string().nullable().meta({ description: "The request's charge, for reserve and settle entries" }),
    actor: z.string().meta({ description: "api, system (the sweep of abandoned reservations) or the owner id of an administrator" }),
    detail: z.record(z.string(), z.unknown()),
    at: isoTime,
  })
  .meta({ id: "LedgerEntry" });

export const ledgerQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50).meta({ description: "1 to 200; default 50" }),
  before: z.coerce.number().int().min(1).optional().meta({ description: "Only entries with a smaller id (the last id of the previous page)" }),
});

export const changePlanBody = z.strictObject({ plan: planSchema }).meta({ id: "ChangePlan", description: "The balance is not changed" });

export const addCreditsBody = z
  .strictObject({
    amount: z.int({ error: "must be a whole number" }).min(1, "must be at least 1").max(10_000_000, "must be at most 10,000,000"),
    note: z.string().trim().max(200, "must be at most 200 characters").optional(),
  })
  .meta({ id: "AddCredits" });

export type LedgerEntryView = z.infer<typeof ledgerEntrySchema>;
