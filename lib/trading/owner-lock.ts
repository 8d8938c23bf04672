import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client";
import { keyedLock } from "../swap/lock";

/** Runs `task` while no other task of the same owner runs, in this process and, on PostgreSQL, in any instance. */
export type OwnerLock = <T>(ownerId: string, task: () => Promise<T>) => Promise<T>;

/**
 * Serialises an owner's risk-checked executions, so a check and the orders it lets through are one step:
 * in-process by a keyed queue; on PostgreSQL also by a transaction-scoped advisory lock on the owner, so
 * instances sharing the database queue too. (PGlite is one process, and a transaction held there would
 * block the venues' own writes.)
 */
export function createOwnerLock(database: DatabaseHandle): OwnerLock {
  const local = keyedLock();
  if (database.kind !== "postgres") return (ownerId, task) => local(ownerId, task);
  return (ownerId, task) =>
    local(ownerId, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bourse.owner:${ownerId}`}, 0))`);
        return task();
      }),
    );
}
