import { z } from "zod";

const isoTime = z.iso.datetime({ offset: true });

export const auditEventSchema = z
  .object({
    id: z.int(),
    actor: z.string().meta({ description: "owner, or system" }),
    action: z.enum(["key.minted", "key.rolled", "key.revoked", "key.swap_policy_changed"]),
    keyId: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()),
    at: isoTime,
  })
  .meta({ id: "AuditEvent" });

export const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50).meta({ description: "1 to 200; default 50" }),
  before: z.coerce.number().int().min(1).optional().meta({ description: "Only events with a smaller id (the last id of the previous page)" }),
});
