import { z } from "zod";
import { planSchema } from "./validate.schema";

const isoTime = z.iso.datetime({ offset: true });

export const searchKeySchema = z
  .object({
    id: z.string().meta({ example: "srk_3kTn8fQ2xLmP9vR4w" }),
    name: z.string(),
    fragment: z.string().meta({ description: "Prefix and last four characters; the key itself is never shown again", example: "bourse_sr_live_…a1B2" }),
    plan: planSchema,
    credits: z.int().min(0).meta({ description: "Current balance" }),
    status: z.enum(["active", "revoked"]),
    created_at: isoTime,
    revoked_at: isoTime.nullable(),
    last_used_at: isoTime.nullable().meta({ description: "When the key last opened a paid request" }),
  })
  .meta({ id: "SearchKey" });

export const mintedSearchKeySchema = searchKeySchema
  .extend({
    key: z.string().meta({ description: "The secret. Returned once, at minting; store it now." }),
    starting_credits: z.int().min(0).meta({
      description: "Credits granted at minting: Free's starting credits on the owner's first search key (one Free allowance per owner), 0 on later keys",
    }),
  })
  .meta({ id: "MintedSearchKey" });

export const adminSearchKeySchema = searchKeySchema.extend({ owner_id: z.string(), owner_email: z.string().nullable() }).meta({ id: "AdminSearchKey" });

export const searchKeyListSchema = z
  .object({
    keys: z.array(searchKeySchema).meta({ description: "Newest first, revoked ones included" }),
    is_admin: z.boolean().meta({ description: "Whether this owner may change plans and add credits (BOURSE_ADMINS)" }),
  })
  .meta({ id: "SearchKeyList" });

export const mintSearchKeyBody = z
  .strictObject({
    name: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(64, "must be at most 64 characters"),
  })
  .meta({ id: "MintSearchKey", description: "New keys start on plan Free; only the owner's first key gets Free's starting credits" });

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

export const keyIdParam = z.object({ id: z.string().min(1).max(64) });

export const adminKeysQuery = z.object({
  query: z.string().trim().max(200).default("").meta({ description: "Part of a key id, key name or owner email; all keys when empty" }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const changePlanBody = z.strictObject({ plan: planSchema }).meta({ id: "ChangePlan", description: "The balance is not changed" });

export const addCreditsBody = z
  .strictObject({
    amount: z.int({ error: "must be a whole number" }).min(1, "must be at least 1").max(10_000_000, "must be at most 10,000,000"),
    note: z.string().trim().max(200, "must be at most 200 characters").optional(),
  })
  .meta({ id: "AddCredits" });

export const addCreditsResponse = z
  .object({
    key: adminSearchKeySchema,
    entry: ledgerEntrySchema,
    replayed: z.boolean().meta({ description: "True when the Idempotency-Key matched an earlier grant" }),
  })
  .meta({ id: "CreditsAdded" });
