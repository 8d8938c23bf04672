// Sending a parent order's children to their venues, recording intent first.
import { awaitedLater } from "../../concurrency/awaited-later";
import { and, eq, inArray } from "drizzle-orm";
import type { ParentOrderView } from "../contract/orders";
import type { Database } from "../../db/client";
import type { PlaceOrder, PlaceOutcome, StagedPlacement, Venue, VenueOrder } from "../../venues/venue";
import type { Caller, TradingContext } from "./context";
import { tradeChildOrders, tradeOrders, type ChildStatus, type ParentSource } from "../schema";
import { parentView, type ChildRow, type KeyNames, type ParentRow } from "../contract/order-views";
import { keyNamesOf } from "./key-names";
import { recordChildren, recordParent } from "./records";
import { notSentError, type TradingError } from "./errors";

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
  /** As asked; absent: the type's default. */
  timeInForce?: "GTC" | "IOC" | "FOK";
  postOnly?: boolean;
  /** Attached exits, base ticks. */
  takeProfit?: number;
  stopLoss?: number;
  /** The venue asked for; null when smart-routed. */
  venue: string | null;
  slippagePpm: number | null;
}

const LIVE: readonly ChildStatus[] = ["PENDING", "NEW", "PARTIALLY_FILLED"];

/** A parent order sent: its view, and the promise of every row it changed being stored. */
export interface StagedParent {
  view: ParentOrderView;
  stored: Promise<void>;
  /** Set when every child sent came back refused without the venue doing anything (no linked account, rate limited, unreachable): the error to answer with. */
  notSent?: TradingError;
}

/** Sends a parent order on the recorded path (the pairs' legs, under their caller's lock), answering once stored. */
export async function executeParent(ctx: TradingContext, caller: Caller, spec: ParentSpec, plan: readonly ChildPlan[]): Promise<ParentOrderView> {
  const staged = await stageParent(ctx, caller, spec, plan, false, await ctx.keyNames.of(caller.ownerId, [caller.keyId]));
  await staged.stored;
  return staged.view;
}

/**
 * Sends a parent order. `isNew` (no parent of this id is recorded, nor queued): in memory, the
 * records queued for the host's group commit (the parent and PENDING children first, then the venues'
 * changes, then the answers), nothing read back; the caller may release its lock and then await `stored`.
 * Otherwise, the recorded path, after the queue is flushed, for a resumed run.
 */
export async function stageParent(
  ctx: TradingContext,
  caller: Caller,
  spec: ParentSpec,
  plan: readonly ChildPlan[],
  isNew: boolean,
  names: KeyNames,
  firstAttempt = false,
): Promise<StagedParent> {
  if (isNew) return sendNewParent(ctx, caller, spec, plan, names, firstAttempt);
  const outcomes: PlaceOutcome[] = [];
  const view = await sendRecorded(ctx, caller, spec, plan, outcomes, names);
  return { view, stored: Promise.resolve(), notSent: notSentOf(outcomes) };
}

/** The error to answer with when every outcome is a refusal the venue did nothing with. */
function notSentOf(outcomes: readonly PlaceOutcome[]): TradingError | undefined {
  const errors = outcomes.map((o) => (o.ok ? undefined : notSentError(o)));
  return errors.length > 0 && errors.every((e) => e !== undefined) ? errors[0] : undefined;
}

async function sendNewParent(
  ctx: TradingContext,
  caller: Caller,
  spec: ParentSpec,
  plan: readonly ChildPlan[],
  names: KeyNames,
  firstAttempt: boolean,
): Promise<StagedParent> {
  const now = ctx.clock.now();
  const parent = parentRow(spec, caller, now);
  const children = plan.map((c): ChildRow => pendingChild(spec, caller.ownerId, c, now)).sort((a, b) => (a.venue < b.venue ? -1 : a.venue > b.venue ? 1 : 0));
  const writes: Promise<void>[] = [awaitedLater(recordParent(ctx.writes, parent, children))];
  const failures: unknown[] = [];
  const outcomes: PlaceOutcome[] = [];
  await Promise.all(
    plan.map(async (c) => {
      const row = children.find((r) => r.clientOrderId === clientIdOf(spec.id, c.venue.name))!;
      try {
        const placed = await placeStaged(c.venue, caller.ownerId, { ...c.order, clientOrderId: row.clientOrderId, firstAttempt });
        outcomes.push(placed.outcome);
        Object.assign(row, answerOf(placed.outcome, ctx.clock.now()));
        writes.push(placed.stored);
      } catch (err) {
        failures.push(err);
      }
    }),
  );
  writes.push(awaitedLater(recordChildren(ctx.writes, children)));
  // On a failure, whatever went out is recorded as the run left it (a retry under its Idempotency-Key resumes); no one waits for it.
  if (failures.length > 0) throw failures[0];
  return { view: parentView(parent, children, names), stored: awaitedLater(Promise.all(writes).then(() => {})), notSent: notSentOf(outcomes) };
}

function pendingChild(spec: ParentSpec, ownerId: string, c: ChildPlan, now: number): ChildRow {
  return {
    clientOrderId: clientIdOf(spec.id, c.venue.name),
    parentId: spec.id,
    ownerId,
    venue: c.venue.name,
    venueOrderId: null,
    symbol: spec.symbol,
    side: c.order.side,
    lots: c.order.size,
    status: "PENDING",
    filledLots: 0,
    filledNotional: 0n,
    fees: 0n,
    reason: null,
    rejectReason: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** A venue's staged placement, or its durable one for venues that cannot stage. */
async function placeStaged(venue: Venue, ownerId: string, order: PlaceOrder): Promise<StagedPlacement> {
  if (venue.placeStaged !== undefined) return venue.placeStaged(ownerId, order);
  return { outcome: await venue.place(ownerId, order), stored: Promise.resolve() };
}

/**
 * Records the parent and its children (PENDING, each with a client order id the venue deduplicates on),
 * then sends the children at once and records the answers. Called again with the same parent id (a
 * resumed run), it sends only the children still PENDING, as recorded, and the venues hand back any
 * order they already took.
 */
async function sendRecorded(
  ctx: TradingContext,
  caller: Caller,
  spec: ParentSpec,
  plan: readonly ChildPlan[],
  outcomes: PlaceOutcome[],
  names: KeyNames,
): Promise<ParentOrderView> {
  // What the group commit still holds would be missed by the reads below.
  await ctx.writes.flushed();
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const [created] = await db
    .insert(tradeOrders)
    .values(parentRow(spec, caller, now))
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
        rejectReason: null,
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
        outcomes.push(outcome);
        await recordOutcome(db, row.clientOrderId, outcome, ctx.clock.now());
      } catch (err) {
        failures.push(err);
      }
    }),
  );
  if (failures.length > 0) throw failures[0];
  return loadParent(db, caller.ownerId, spec.id, names).then((p) => p!);
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
  await db.update(tradeChildOrders).set(answerOf(outcome, now)).where(eq(tradeChildOrders.clientOrderId, clientOrderId));
}

/** A child's columns after the venue's answer. */
function answerOf(outcome: PlaceOutcome, now: number): Partial<ChildRow> {
  return outcome.ok ? fromVenue(outcome.order) : { status: "REJECTED", reason: outcome.code, rejectReason: outcome.message, updatedAt: now };
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
      const fresh = { ...row, ...fromVenue(now) };
      // Through the group commit, so it lands after (not under) the records of the run that placed it.
      void recordChildren(ctx.writes, [fresh]).catch(() => {});
      return fresh;
    }),
  );
}

/** A parent order of this owner with its children as recorded; undefined when there is none. */
export async function loadParent(db: Database, ownerId: string, id: string, names?: KeyNames): Promise<ParentOrderView | undefined> {
  const [p] = await db
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.id, id), eq(tradeOrders.ownerId, ownerId)));
  return p === undefined ? undefined : parentView(p, await childrenOf(db, [id]), names ?? (await keyNamesOf(db, ownerId)));
}

/** Parent rows with their children refreshed from the venues. */
export async function freshParents(ctx: TradingContext, ownerId: string, parents: readonly ParentRow[]): Promise<ParentOrderView[]> {
  const names = await keyNamesOf(ctx.database.db, ownerId);
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
      names,
    ),
  );
}

/** The stored row of a parent order as first recorded. */
function parentRow(spec: ParentSpec, caller: Caller, now: number): ParentRow {
  return {
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
    timeInForce: spec.timeInForce ?? null,
    postOnly: spec.postOnly === true,
    takeProfit: spec.takeProfit ?? null,
    stopLoss: spec.stopLoss ?? null,
    venue: spec.venue,
    slippagePpm: spec.slippagePpm,
    createdAt: now,
  };
}
