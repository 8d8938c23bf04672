import { z } from "zod";

/** What the audit log records: changes to agent keys, linked venue accounts, kill switches and risk limits. */
export const AUDIT_ACTIONS = [
  "key.minted",
  "key.rolled",
  "key.revoked",
  "key.swap_policy_changed",
  "venue_account.linked",
  "venue_account.replaced",
  "venue_account.removed",
  "venue_account.check_failed",
  "kill_switch.engaged",
  "kill_switch.released",
  "risk_limits.changed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const isoTime = z.iso.datetime({ offset: true });

export const auditEventSchema = z
  .object({
    id: z.int(),
    actor: z.string().meta({ description: "owner, or system" }),
    action: z.enum(AUDIT_ACTIONS),
    keyId: z.string().nullable().meta({
      description:
        'The key an action is about (a key\'s kill switch or limits included); null for venue accounts (`detail.venue` names the venue) and for what covers every key (`detail.scope` is "all keys")',
    }),
    detail: z.record(z.string(), z.unknown()),
    at: isoTime,
  })
  .meta({ id: "AuditEvent" });

export const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50).meta({ description: "1 to 200; default 50" }),
  before: z.coerce.number().int().min(1).optional().meta({ description: "Only events with a smaller id (the last id of the previous page)" }),
});
