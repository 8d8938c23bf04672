import { and, desc, eq, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { auditEvents, type AuditAction } from "./schema";

export type { AuditAction };

export interface AuditEvent {
  id: number;
  actor: string;
  action: AuditAction;
  keyId: string | null;
  detail: Record<string, unknown>;
  at: string;
}

/** Records one event; call inside the transaction of the change it describes. */
export async function recordAudit(
  db: Database,
  event: { ownerId: string; actor: string; action: AuditAction; keyId?: string; detail?: Record<string, unknown>; at: Date },
): Promise<void> {
  await db.insert(auditEvents).values({ ...event, keyId: event.keyId ?? null, detail: event.detail ?? {} });
}

/** The owner's events, newest first, paged by id. */
export async function listAudit(db: Database, ownerId: string, opts: { limit: number; before?: number }): Promise<AuditEvent[]> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.ownerId, ownerId), opts.before ? lt(auditEvents.id, opts.before) : undefined))
    .orderBy(desc(auditEvents.id))
    .limit(opts.limit);
  return rows.map((r) => ({ id: r.id, actor: r.actor, action: r.action, keyId: r.keyId, detail: r.detail, at: r.at.toISOString() }));
}
