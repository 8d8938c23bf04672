import { z } from "zod";
import { agentScope } from "../scopes";
import { isSwapRecipient, SWAP_DAILY_LIMIT_MAX_USD, SWAP_RECIPIENTS_MAX, USD_AMOUNT, withinDailyLimitMax } from "../swap-policy";
import { isIpOrCidr } from "../../net/ip-allowlist";

const isoTime = z.iso.datetime({ offset: true });

const swapRecipients = z
  .array(z.string().trim().refine(isSwapRecipient, "must be an EVM address (0x and 40 hex digits, with a valid checksum when mixed-case)"))
  .max(SWAP_RECIPIENTS_MAX, `must have at most ${SWAP_RECIPIENTS_MAX} entries`)
  .meta({
    description:
      "EVM addresses swaps with this key may pay out to besides the owner's own wallets (server-held swap wallet, linked sign-in wallets); [] = the owner's wallets only",
    example: ["0x5B38Da6a701c568545dCfcB03FcB875f56beddC4"],
  });

const swapDailyLimitUsd = z
  .string()
  .regex(USD_AMOUNT, 'must be US dollars as a decimal string with at most 6 decimals, such as "2500.50"')
  .max(20)
  .refine(withinDailyLimitMax, `must be at most ${SWAP_DAILY_LIMIT_MAX_USD}`)
  .nullable()
  .meta({
    description: "Most US dollars this key's executed swaps may be worth per UTC day; null = no daily limit (the per-swap limit still applies)",
    example: "5000",
  });

/** The swap fields a key is minted with and the owner may change later. */
export const swapPolicyFields = { swapRecipients, swapDailyLimitUsd };

export const agentKeySchema = z
  .object({
    id: z.string().meta({ example: "key_3kTn8fQ2xLmP9vR4w" }),
    name: z.string(),
    kind: z.enum(["agent", "desk"]).meta({ description: "desk: the dashboard's own key for the owner's trade desk" }),
    fragment: z.string().meta({ description: "Prefix and last four characters; the key itself is never shown again", example: "bourse_sk_live_…a1B2" }),
    scopes: z.array(agentScope),
    ipAllowlist: z.array(z.string()).nullable().meta({ description: "Addresses or CIDR blocks the key may be used from; null = anywhere" }),
    status: z.enum(["active", "expired", "revoked"]),
    createdAt: isoTime,
    expiresAt: isoTime.nullable(),
    revokedAt: isoTime.nullable(),
    lastUsedAt: isoTime.nullable().meta({ description: "Updated at most once a minute" }),
    replacedBy: z.string().nullable().meta({ description: "Set when the key was rolled: the id of its replacement" }),
    swapRecipients: z
      .array(z.string())
      .meta({ description: "Addresses swaps may pay out to besides the owner's own wallets (lower-case); [] = the owner's wallets only" }),
    swapDailyLimitUsd: z.string().nullable().meta({ description: "US dollars the key's executed swaps may be worth per UTC day; null = no daily limit" }),
  })
  .meta({ id: "AgentKey" });

export const mintedAgentKeySchema = agentKeySchema
  .extend({ key: z.string().meta({ description: "The secret. Returned once, at minting or rolling; store it now." }) })
  .meta({ id: "MintedAgentKey" });

export const mintAgentKeyBody = z
  .strictObject({
    name: z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters"),
    scopes: z
      .array(agentScope)
      .min(1, "must name at least one of account:read, trade, swap")
      .max(3)
      .meta({ description: "account:read (positions, balances, orders), trade (orders, cancels, positions, pairs), swap (quote, prepare, execute)" }),
    expiresAt: isoTime.nullable().optional().meta({ description: "When the key stops working; never when absent" }),
    ipAllowlist: z
      .array(z.string().trim().refine(isIpOrCidr, "must be an IPv4 or IPv6 address or CIDR block"))
      .max(32, "must have at most 32 entries")
      .optional(),
    swapRecipients: swapRecipients.optional(),
    swapDailyLimitUsd: swapDailyLimitUsd.optional(),
  })
  .meta({ id: "MintAgentKey" });

export const updateSwapPolicyBody = z
  .strictObject({ swapRecipients: swapRecipients.optional(), swapDailyLimitUsd: swapDailyLimitUsd.optional() })
  .refine((b) => b.swapRecipients !== undefined || b.swapDailyLimitUsd !== undefined, "must set swapRecipients, swapDailyLimitUsd or both")
  .meta({ id: "UpdateSwapPolicy", description: "The fields given replace the key's; absent ones stay as they are." });

export const rollAgentKeyBody = z
  .strictObject({
    gracePeriodSeconds: z
      .int()
      .min(0)
      .max(7 * 24 * 3600, "must be at most 7 days")
      .optional()
      .meta({ description: "How long the old key keeps working; default 3600", example: 3600 }),
  })
  .meta({ id: "RollAgentKey" });

export const rolledAgentKeySchema = z.object({ key: mintedAgentKeySchema, previous: agentKeySchema }).meta({ id: "RolledAgentKey" });
