import { z } from "zod";
import { agentScope } from "../scopes";
import { isIpOrCidr } from "../../http/ip-allowlist";

const isoTime = z.iso.datetime({ offset: true });

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
  })
  .meta({ id: "MintAgentKey" });

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
