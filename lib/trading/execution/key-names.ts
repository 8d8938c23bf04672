// Agent keys as trading sees them: their names, for the attribution (keyId, keyName) of orders and
// positions, and what each has placed.
import { and, count, eq, isNotNull, max } from "drizzle-orm";
import { agentKeys } from "../../auth/schema";
import type { Database } from "../../db/client";
import type { KeyActivityView } from "../contract/key-activity";
import type { KeyNames } from "../contract/order-views";
import { tradeOrders } from "../schema";

/** Every key of the owner's, revoked ones included (their orders keep their name). */
export async function keyNamesOf(db: Database, ownerId: string): Promise<KeyNames> {
  const rows = await db.select({ id: agentKeys.id, name: agentKeys.name }).from(agentKeys).where(eq(agentKeys.ownerId, ownerId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Owners' key names for the order path, which names the caller's key in every answer. A key's name
 * never changes once minted (a roll mints a new key), so an owner's names are read again only when a
 * key not yet seen is asked for (one minted since, on any instance). Holds the last `maxOwners` owners.
 */
export class KeyNameCache {
  private readonly owners = new Map<string, KeyNames>();

  constructor(
    private readonly db: Database,
    private readonly maxOwners = 10_000,
  ) {}

  /** The owner's key names, holding at least those of `keyIds`. */
  async of(ownerId: string, keyIds: readonly (string | null)[]): Promise<KeyNames> {
    const cached = this.owners.get(ownerId);
    if (cached !== undefined && keyIds.every((id) => id === null || cached.has(id))) return cached;
    const names = await keyNamesOf(this.db, ownerId);
    this.owners.delete(ownerId);
    this.owners.set(ownerId, names);
    if (this.owners.size > this.maxOwners) this.owners.delete(this.owners.keys().next().value!);
    return names;
  }
}

/** Per key of the owner's (revoked ones included): requests made, orders placed, and when the last. */
export async function keyActivity(db: Database, ownerId: string): Promise<KeyActivityView[]> {
  const [keys, placed] = await Promise.all([
    db.select({ id: agentKeys.id, requests: agentKeys.requests }).from(agentKeys).where(eq(agentKeys.ownerId, ownerId)).orderBy(agentKeys.createdAt),
    db
      .select({ keyId: tradeOrders.keyId, orders: count(), last: max(tradeOrders.createdAt) })
      .from(tradeOrders)
      .where(and(eq(tradeOrders.ownerId, ownerId), isNotNull(tradeOrders.keyId)))
      .groupBy(tradeOrders.keyId),
  ]);
  const byKey = new Map(placed.map((r) => [r.keyId!, r]));
  return keys.map((k) => {
    const p = byKey.get(k.id);
    return { keyId: k.id, requests: k.requests, orders: p?.orders ?? 0, lastOrderAt: p?.last == null ? null : new Date(Number(p.last)).toISOString() };
  });
}
