import { z } from "zod";
import { ledgerEntrySchema, planSchema } from "../../billing/contract";

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

export const adminKeysQuery = z.object({
  query: z.string().trim().max(200).default("").meta({ description: "Part of a key id, key name or owner email; all keys when empty" }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const addCreditsResponse = z
  .object({
    key: adminSearchKeySchema,
    entry: ledgerEntrySchema,
    replayed: z.boolean().meta({ description: "True when the Idempotency-Key matched an earlier grant" }),
  })
  .meta({ id: "CreditsAdded" });

const windowSchema = z.object({
  limit: z.int().meta({ description: "Requests per minute" }),
  remaining: z.int().meta({ description: "Left in the current window for the caller's IP" }),
  reset: z.int().meta({ description: "Unix time (seconds) when the window resets" }),
});

export const validateResponse = z
  .object({
    valid: z.literal(true),
    status: z.literal("active").meta({ description: "Only active keys validate; others answer 401" }),
    key_id: z.string().meta({ example: "srk_3kTn8fQ2xLmP9vR4w" }),
    name: z.string(),
    plan: planSchema,
    credits: z.int().min(0).meta({ description: "Current balance" }),
    features: z
      .object({ include_contacts: z.boolean(), include_social: z.boolean(), follow_internal_links: z.boolean() })
      .meta({ description: "The plan-gated options this key may use" }),
    rate_limits: z.object({ search: windowSchema, scrape: windowSchema }).meta({ description: "The caller's windows as they stand; validating uses neither" }),
  })
  .meta({ id: "KeyValidation" });

export type ValidateResponse = z.infer<typeof validateResponse>;

export type SearchKeyView = z.infer<typeof searchKeySchema>;
export type AdminSearchKeyView = z.infer<typeof adminSearchKeySchema>;
export type CreditsAddedView = z.infer<typeof addCreditsResponse>;
