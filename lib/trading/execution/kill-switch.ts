// The owner's kill switch: for one key or every key. Pulling it blocks new risk-adding orders at once
// (the risk gate reads it on every order) and cancels the live orders it covers.
import { and, eq, inArray } from "drizzle-orm";
import type { TradingContext } from "./context";
import { engageSwitch, releaseSwitch, switchesOf } from "./risk/store";
import { KILL_SWITCH_TOPIC } from "./risk/cache";
import { tradeChildOrders, tradeOrders } from "../schema";

export interface KillSwitchState {
  /** Engaged for every key of the owner. */
  all: boolean;
  /** Keys switched off one by one. */
  keys: { keyId: string; engagedAt: string }[];
}

/**
 * Engages the switch for `keyId` (null: every key, the owner's desk included) and cancels the live
 * orders it covers: every live order of the owner, or those placed with that key. Returns the state and
 * how many orders were cancelled. Taken under the owner lock, so no order in flight slips past it.
 */
export async function engageKillSwitch(ctx: TradingContext, ownerId: string, keyId: string | null): Promise<{ state: KillSwitchState; cancelled: number }> {
  await engageSwitch(ctx.database.db, ownerId, keyId, ctx.clock.now());
  await ctx.bus.publish(KILL_SWITCH_TOPIC, ownerId);
  const cancelled = await ctx.lock(ownerId, () => cancelCovered(ctx, ownerId, keyId));
  return { state: await killSwitchState(ctx, ownerId), cancelled };
}

/** Releases the switch for `keyId` (null: the one for every key). Orders it cancelled stay cancelled. */
export async function releaseKillSwitch(ctx: TradingContext, ownerId: string, keyId: string | null): Promise<KillSwitchState> {
  await releaseSwitch(ctx.database.db, ownerId, keyId, ctx.clock.now());
  await ctx.bus.publish(KILL_SWITCH_TOPIC, ownerId);
  return killSwitchState(ctx, ownerId);
}

export async function killSwitchState(ctx: TradingContext, ownerId: string): Promise<KillSwitchState> {
  const s = await switchesOf(ctx.database.db, ownerId);
  return { all: s.all, keys: s.keys.map((k) => ({ keyId: k.keyId, engagedAt: new Date(k.engagedAt).toISOString() })) };
}

async function cancelCovered(ctx: TradingContext, ownerId: string, keyId: string | null): Promise<number> {
  // Orders let through before the switch may still be on their way to the database: their records first.
  await ctx.writes.flushed();
  let cancelled = 0;
  for (const venue of ctx.venues) {
    const open = await venue.openOrders(ownerId);
    let ids = open.map((o) => o.orderId);
    if (keyId !== null && ids.length > 0) {
      const mine = await ctx.database.db
        .select({ orderId: tradeChildOrders.venueOrderId })
        .from(tradeChildOrders)
        .innerJoin(tradeOrders, eq(tradeOrders.id, tradeChildOrders.parentId))
        .where(
          and(
            eq(tradeChildOrders.ownerId, ownerId),
            eq(tradeChildOrders.venue, venue.name),
            eq(tradeOrders.keyId, keyId),
            inArray(tradeChildOrders.venueOrderId, ids),
          ),
        );
      const covered = new Set(mine.map((r) => r.orderId));
      ids = ids.filter((id) => covered.has(id));
    }
    for (const id of ids) {
      const done = await venue.cancel(ownerId, id);
      if (!done.ok) continue;
      cancelled++;
      await ctx.database.db
        .update(tradeChildOrders)
        .set({
          status: done.order.status,
          filledLots: done.order.filledSize,
          filledNotional: done.order.filledNotional,
          fees: done.order.fees,
          reason: "KILL_SWITCH",
          updatedAt: done.order.updatedAt,
        })
        .where(and(eq(tradeChildOrders.ownerId, ownerId), eq(tradeChildOrders.venue, venue.name), eq(tradeChildOrders.venueOrderId, id)));
    }
  }
  return cancelled;
}
