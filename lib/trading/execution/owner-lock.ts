import type { DatabaseHandle } from "../../db/client";
import { keyedLock } from "../../concurrency/keyed-lock";

/** Runs `task` while no other task of the same owner runs, in this process and, on PostgreSQL, in any instance. */
export type OwnerLock = <T>(ownerId: string, task: () => Promise<T>) => Promise<T>;

/**
 * Serialises an owner's risk-checked executions, so a check and the orders it lets through are one step:
 * in-process by a keyed queue (one database connection per owner at most), and across instances by the
 * database's advisory lock on the owner (PostgreSQL; PGlite is one process). `name` keeps unrelated
 * serialisations of the same owner (orders, swaps) from waiting on each other.
 */
export function createOwnerLock(database: DatabaseHandle, name = "bourse.owner"): OwnerLock {
  const local = keyedLock();
  return (ownerId, task) => local(ownerId, () => database.withAdvisoryLock(`${name}:${ownerId}`, task));
}

/**
 * The trading host's lock: in-process only. Every execution runs on the venue host (other instances
 * forward to it), so no other process writes an owner's accounts or records.
 */
export function createLocalOwnerLock(): OwnerLock {
  return keyedLock();
}
