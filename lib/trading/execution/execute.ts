// Sending a parent order's children to their venues, recording intent first.
import { and, eq, inArray } from "drizzle-orm";
import type { ParentOrderView } from "../contract/orders";
import type { Database } from "../../db/client";
import type { PlaceOrder, PlaceOutcome, Venue, VenueOrder } from "../../venues/venue";
import type { Caller, TradingContext } from "./context";
import { tradeChildOrders, tradeOrders, type ChildStatus, type ParentSource } from "../schema";
import { parentView, type ChildRow, type ParentRow } from "../contract/order-views";

/** What one venue gets. */
export interface ChildPlan {
  venue: Venue;
  order: Omit<PlaceOrder, "clientOrderId">;
}

export interface ParentSpec {
  id: string;
  source: ParentSource;
  symbol: string;
  side: "BUY" | "SELL";
  type: PlaceOrder["type"];
  lots: number;
  price?: number;
  triggerPrice?: number;
  reduceOnly: boolean;
  /** The venue asked for; null when smart-routed. */
  venue: string | null;
  slippagePpm: number | null;
}

const LIVE: readonly ChildStatus[] = ["PENDING", "NEW", "PARTIALLY_FILLED"];

/**
 * Records the parent and its children (PENDING, each with a client order id the venue deduplicates on),
 * then sends the children at once and records the answers. Called again with the same parent id (a
 * resumed run), it sends only the children still PENDING, as recorded, and the venues hand back any
 * order they already took.
 */
export async function executeParent(ctx: TradingContext, caller: Caller, spec: ParentSpec, plan: readonly ChildPlan[]): Promise<ParentOrderView> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const [created] = await db
    .insert(tradeOrders)
    .values({
      id: spec.id,
      ownerId: caller.ownerId,
      keyId: caller.keyId,
      source: spec.source,
      symbol: spec.symbol,
      side: spec.side,
      type: spec.type,
      lots: spec.lots,
      price: spec.price ?? null,
      triggerPrice: spec.triggerPrice ?? null,
      reduceOnly: spec.reduceOnly,
      venue: spec.venue,
      slippagePpm: spec.slippagePpm,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: tradeOrders.id });
  if (created !== undefined && plan.length > 0) {
    await db.insert(tradeChildOrders).values(
      plan.map((c) => ({
        clientOrderId: clientIdOf(spec.id, c.venue.name),
        parentId: spec.id,
        ownerId: caller.ownerId,
        venue: c.venue.name,
        venueOrderId: null,
        symbol: spec.symbol,
        side: c.order.side,
        lots: c.order.size,
        status: "PENDING" as const,
        filledLots: 0,
        filledNotional: 0n,
        fees: 0n,
        reason: null,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  // Resumed: send what is still PENDING, as first planned.
  const plans = new Map(plan.map((c) => [c.venue.name, c]));
  const pending = (await childrenOf(db, [spec.id])).filter((c) => c.status === "PENDING");
  const failures: unknown[] = [];
  await Promise.all(
    pending.map(async (row) => {
      const venue = ctx.venues.find((v) => v.name === row.venue);
      const planned = plans.get(row.venue);
      if (venue === undefined || planned === undefined) return;
      try {
        const outcome = await venue.place(caller.ownerId, { ...planned.order, size: row.lots, clientOrderId: row.clientOrderId });
        await recordOutcome(db, row.clientOrderId, outcome, ctx.clock.now());
      } catch (err) {
        failures.push(err);
      }
    }),
  );
  if (failures.length > 0) throw failures[0];
  return loadParent(db, caller.ownerId, spec.id).then((p) => p!);
}

/** The lots of a parent's children not sent yet (PENDING): what a resumed run would send. */
export async function unsentLots(db: Database, parentId: string): Promise<number> {
  return (await childrenOf(db, [parentId])).filter((c) => c.status === "PENDING").reduce((sum, c) => sum + c.lots, 0);
}

/** Records a parent's unsent children as REJECTED for `reason` (a resumed run the risk gate refused). */
export async function rejectUnsent(db: Database, parentId: string, reason: string, now: number): Promise<void> {
  await db
    .update(tradeChildOrders)
    .set({ status: "REJECTED", reason, updatedAt: now })
    .where(and(eq(tradeChildOrders.parentId, parentId), eq(tradeChildOrders.status, "PENDING")));
}

/** The client order id of a parent's child on a venue: deterministic, so a resumed run names the same order. */
export const clientIdOf = (parentId: string, venue: string) => `${parentId}.${venue}`;

async function recordOutcome(db: Database, clientOrderId: string, outcome: PlaceOutcome, now: number): Promise<void> {
  if (!outcome.ok) {
    await db
      .update(tradeChildOrders)
      .set({ status: "REJECTED", reason: outcome.code, updatedAt: now })
      .where(eq(tradeChildOrders.clientOrderId, clientOrderId));
    return;
  }
  await db.update(tradeChildOrders).set(fromVenue(outcome.order)).where(eq(tradeChildOrders.clientOrderId, clientOrderId));
}

const fromVenue = (o: VenueOrder) => ({
  venueOrderId: o.orderId,
  status: o.status,
  filledLots: o.filledSize,
  filledNotional: o.filledNotional,
  fees: o.fees,
  reason: o.reason,
  updatedAt: o.updatedAt,
});

export async function childrenOf(db: Database, parentIds: readonly string[]): Promise<ChildRow[]> {
  if (parentIds.length === 0) return [];
  return db
    .select()
    .from(tradeChildOrders)
    .where(inArray(tradeChildOrders.parentId, [...parentIds]))
    .orderBy(tradeChildOrders.createdAt, tradeChildOrders.venue);
}

/** Brings live children up to date from their venues (fills and cancels since) and stores what changed. */
export async function refreshChildren(ctx: TradingContext, ownerId: string, rows: ChildRow[]): Promise<ChildRow[]> {
  return Promise.all(
    rows.map(async (row) => {
      if (!LIVE.includes(row.status) || row.venueOrderId === null) return row;
      const venue = ctx.venues.find((v) => v.name === row.venue);
      const now = venue === undefined ? undefined : await venue.order(ownerId, row.venueOrderId);
      if (now === undefined || (now.status === row.status && now.filledSize === row.filledLots)) return row;
      const update = fromVenue(now);
      await ctx.database.db.update(tradeChildOrders).set(update).where(eq(tradeChildOrders.clientOrderId, row.clientOrderId));
      return { ...row, ...update };
    }),
  );
}

/** A parent order of this owner with its children as recorded; undefined when there is none. */
export async function loadParent(db: Database, ownerId: string, id: string): Promise<ParentOrderView | undefined> {
  const [p] = await db
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.id, id), eq(tradeOrders.ownerId, ownerId)));
  return p === undefined ? undefined : parentView(p, await childrenOf(db, [id]));
}

/** Parent rows with their children refreshed from the venues. */
export async function freshParents(ctx: TradingContext, ownerId: string, parents: readonly ParentRow[]): Promise<ParentOrderView[]> {
  const children = await refreshChildren(
    ctx,
    ownerId,
    await childrenOf(
      ctx.database.db,
      parents.map((p) => p.id),
    ),
  );
  return parents.map((p) =>
    parentView(
      p,
      children.filter((c) => c.parentId === p.id),
    ),
  );
}
