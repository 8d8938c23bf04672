// Orders: place (smart-routed or on one venue), cancel, list.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { OrderListStatus, OrderView, ParentOrderView, PlaceOrderInput } from "../contract/orders";
import type { Venue, VenueOrder } from "../../venues/venue";
import type { Caller, ExecOptions, TradingContext } from "./context";
import { invalid, TradingError } from "./errors";
import { setLeverage } from "./leverage";
import { refreshChildren, rejectUnsent, stageParent, unsentLots, type ChildPlan, type ParentSpec } from "./execute";
import { executeOnce, type Executed, type KeyAnswer, type Work } from "./idempotency";
import { recordAnswer } from "./records";
import { lotsOf, marketOf, ticksOf } from "../units";
import { markOf, routableVenues, venueNamed, venuesTradableBy } from "./venues";
import { planChildren, type OrderIntent } from "./child-order-plan";
import type { ProposedOrder } from "./risk/check";
import { assertRiskAllows, type LeverageChange } from "./risk/gate";
import { tradeChildOrders, tradeOrders, type ChildStatus } from "../schema";
import { protectionPrice, slippagePpm } from "./slippage";
import { childView, venueOrderView, type ParentRow } from "../contract/order-views";
import { recordExits } from "./exits";
import { isLimitType, isTriggerType } from "../../engine/types";
import { keyNamesOf } from "./key-names";
import { orderOptions } from "./order-options";

export { type Executed, idempotencyScope } from "./idempotency";

/**
 * Places an order (PlaceOrder). With `preferredExchange` it goes whole to that venue; without, it is
 * smart-routed (lib/trading/execution/child-order-plan). Checks its conditional fields and lot size (400), the risk policy
 * (403 with a category) and answers the parent order with its children once every venue answered.
 */
export async function placeOrder(ctx: TradingContext, caller: Caller, input: PlaceOrderInput, options: ExecOptions = {}): Promise<Executed<ParentOrderView>> {
  const intent = orderIntent(ctx, input);
  const leverage = input.leverage;
  if (leverage !== undefined && leverage < 1) throw invalid("leverage: must be at least 1");
  return idempotent(ctx, caller, "POST /agent/orders", input, options, async (id, isNew, answerNow) => {
    const placed = await runParent(ctx, caller, { id, isNew, source: "order", venue: input.preferredExchange ?? null }, intent, {
      // With exits, the answer waits for them to be recorded.
      answer: hasExits(intent) ? undefined : answerNow,
      ...(leverage === undefined
        ? {}
        : { leverage: [{ symbol: input.symbol, leverage }], before: () => setLeverage(ctx, caller.ownerId, intent.venues, input.symbol, leverage) }),
    });
    // Exits the venues placed for what filled at once are recorded now, not only at the next read.
    if (hasExits(intent)) await recordExitsOfFilled(ctx, caller.ownerId, placed);
    return placed;
  });
}

export const hasExits = (intent: Pick<OrderIntent, "takeProfit" | "stopLoss">) => intent.takeProfit !== undefined || intent.stopLoss !== undefined;

/** Records the exits the venues placed for what filled at once (the rest are recorded at the next read). */
export async function recordExitsOfFilled(ctx: TradingContext, ownerId: string, placed: ParentOrderView): Promise<void> {
  const venues = ctx.venues.filter((v) => placed.children.some((c) => c.venue === v.name && c.filledQuantity !== "0"));
  if (venues.length === 0) return;
  await recordExits(ctx, ownerId, (await Promise.all(venues.map((v) => v.openOrders(ownerId)))).flat());
}

/** Validates a PlaceOrder into integer units and the venues that may take it. */
export function orderIntent(ctx: TradingContext, input: PlaceOrderInput): OrderIntent {
  const market = marketOf(input.symbol);
  const needsPrice = isLimitType(input.type);
  const needsTrigger = isTriggerType(input.type);
  if (needsPrice && input.price === undefined) throw invalid(`price: required for ${input.type}`);
  if (!needsPrice && input.price !== undefined) throw invalid(`price: ${input.type} takes no price`);
  if (needsTrigger && input.triggerPrice === undefined) throw invalid(`triggerPrice: required for ${input.type}`);
  if (!needsTrigger && input.triggerPrice !== undefined) throw invalid(`triggerPrice: ${input.type} takes no trigger price`);
  if (needsPrice && input.slippage !== undefined)
    throw invalid(`slippage: ${input.type} orders fill at their limit price or better; slippage applies to MARKET, STOP_MARKET and TAKE_PROFIT_MARKET`);
  const venues =
    input.preferredExchange === undefined ? routableVenues(ctx.venues, input.symbol) : [venueNamed(ctx.venues, input.preferredExchange, "preferredExchange")];
  if (venues.length === 0 || !venues.every((v) => v.markets().some((m) => m.symbol === input.symbol)))
    throw invalid(`symbol: ${input.symbol} is not traded on ${input.preferredExchange ?? "any running venue"}`);
  const price = input.price === undefined ? undefined : ticksOf(market, input.price, "price");
  const lots = lotsOf(market, input.quantity);
  if (input.preferredExchange !== undefined) {
    const { tickMultiple, lotMultiple } = venues[0]!.markets().find((m) => m.symbol === input.symbol)!;
    if (price !== undefined && price % tickMultiple !== 0) throw invalid(`price: not on ${input.preferredExchange}'s tick for ${input.symbol}`);
    if (lots % lotMultiple !== 0)
      throw invalid(`quantity: not a multiple of ${input.preferredExchange}'s size increment for ${input.symbol} (${lotMultiple} lots of ${market.spec.lot})`);
  }
  const triggerPrice = input.triggerPrice === undefined ? undefined : ticksOf(market, input.triggerPrice, "triggerPrice");
  return {
    market,
    side: input.side,
    type: input.type,
    lots,
    price,
    triggerPrice,
    reduceOnly: input.reduceOnly === true,
    slippagePpm: slippagePpm(input.slippage),
    venues,
    ...orderOptions(input, market, { price, triggerPrice, venues }),
  };
}

/**
 * Under the owner's lock: the risk gate, then the children planned and sent. `before` runs between the
 * two (e.g. setting leverage). A resumed run (the parent exists: a retry after a failure) passes the gate
 * again for the children it has still to send, so a kill switch or limit set since the failure holds;
 * refused, those children are recorded REJECTED with the rule's category.
 *
 * The lock covers the gate and the venues' matching (in memory); it is released before the wait for
 * the group commit, so an owner's next order is checked and matched while this one is being stored.
 * `isNew` says the operation id was just made (no earlier run can have recorded this parent).
 */
export async function runParent(
  ctx: TradingContext,
  caller: Caller,
  head: Pick<ParentSpec, "id" | "source" | "venue"> & { isNew?: boolean },
  intent: OrderIntent,
  extra: { leverage?: LeverageChange[]; before?: () => Promise<void>; children?: ChildPlan[]; answer?: (view: ParentOrderView) => void } = {},
): Promise<ParentOrderView> {
  await ctx.writes.room();
  const names = ctx.keyNames.of(caller.ownerId, [caller.keyId]);
  const staged = await ctx.lock(caller.ownerId, async () => {
    const exists = head.isNew !== true && (await parentRecorded(ctx, head.id));
    if (!exists) {
      await assertRiskAllows(ctx, caller, [proposed(intent)], extra.leverage);
      await extra.before?.();
    } else {
      const unsent = await unsentLots(ctx.database.db, head.id);
      if (unsent > 0) await gateResumption(ctx, caller, head.id, { ...intent, lots: unsent }, extra.leverage);
    }
    const smart = head.venue === null && extra.children === undefined;
    const children = extra.children ?? planChildren(smart ? { ...intent, venues: await venuesTradableBy(intent.venues, caller.ownerId) } : intent);
    const spec: ParentSpec = {
      id: head.id,
      source: head.source,
      venue: head.venue,
      symbol: intent.market.spec.symbol,
      side: intent.side,
      type: intent.type,
      lots: intent.lots,
      price: intent.price,
      triggerPrice: intent.triggerPrice,
      reduceOnly: intent.reduceOnly,
      timeInForce: intent.timeInForce,
      postOnly: intent.postOnly,
      takeProfit: intent.takeProfit,
      stopLoss: intent.stopLoss,
      slippagePpm: isLimitType(intent.type) ? null : intent.slippagePpm,
    };
    // A parent absent after the flush was never recorded, but its orders may have reached a venue
    // before a crash: only a parent made by this very call skips the venues' look-up of earlier orders.
    return stageParent(ctx, caller, spec, children, !exists, await names, !exists && head.isNew === true);
  });
  // The answer is certain once the venues answered: it may join the batch storing the run's records.
  if (staged.notSent === undefined) extra.answer?.(staged.view);
  await staged.stored;
  // Nothing reached a venue (no linked account, a rate limit, a venue unreachable): the API's error for it, the key released.
  if (staged.notSent !== undefined) throw staged.notSent;
  return staged.view;
}

async function parentRecorded(ctx: TradingContext, id: string): Promise<boolean> {
  await ctx.writes.flushed();
  const [row] = await ctx.database.db.select({ id: tradeOrders.id }).from(tradeOrders).where(eq(tradeOrders.id, id));
  return row !== undefined;
}

async function gateResumption(ctx: TradingContext, caller: Caller, parentId: string, rest: OrderIntent, leverage: LeverageChange[] | undefined): Promise<void> {
  try {
    await assertRiskAllows(ctx, caller, [proposed(rest)], leverage);
  } catch (err) {
    if (err instanceof TradingError && err.kind === "risk") await rejectUnsent(ctx.database.db, parentId, err.category ?? "RISK", ctx.clock.now());
    throw err;
  }
}

/** What the risk policy judges of an intent: the worst price it can fill at, against the highest mark. */
export function proposed(intent: OrderIntent): ProposedOrder {
  const symbol = intent.market.spec.symbol;
  const mark = Math.max(...intent.venues.map((v: Venue) => markOf(v, symbol)));
  const worstPrice = intent.price ?? protectionPrice(intent.side, intent.triggerPrice ?? mark, intent.slippagePpm);
  return {
    symbol,
    side: intent.side,
    type: intent.type,
    lots: intent.lots,
    price: intent.price,
    triggerPrice: intent.triggerPrice,
    mark,
    worstPrice,
    reduceOnly: intent.reduceOnly,
    atomsPerTickLot: intent.market.units.atomsPerTickLot,
  };
}

/** Runs an execution under the caller's Idempotency-Key; `work` gets the id to name what it creates. */
export async function idempotent<T>(
  ctx: TradingContext,
  caller: Caller,
  endpoint: string,
  request: unknown,
  options: ExecOptions,
  work: Work<T>,
): Promise<Executed<T>> {
  const store = {
    db: ctx.database.db,
    clock: ctx.clock,
    claims: ctx.claims,
    hostClaims: ctx.hostClaims,
    // In the group commit's order: stored with or after what the run recorded, never before.
    storeAnswer: (answer: KeyAnswer) => recordAnswer(ctx.writes, answer),
    refused: (err: unknown) => err instanceof TradingError,
  };
  return executeOnce(store, caller, { endpoint, request, idempotencyKey: options.idempotencyKey }, work);
}

/**
 * Cancels a live order on a venue, under the caller's Idempotency-Key: a retry with the key answers the
 * first cancel. 404 when the venue has no such order of this owner (another owner's included), 409 when
 * it is no longer live.
 */
export function cancelOrder(ctx: TradingContext, caller: Caller, venueName: string, orderId: string, options: ExecOptions = {}): Promise<Executed<OrderView>> {
  return idempotent(ctx, caller, "DELETE /agent/orders/{venue}/{orderId}", { venue: venueName, orderId }, options, () =>
    cancelNow(ctx, caller, venueName, orderId),
  );
}

/** Cancels every live order of the owner (of `symbol` when given) under one Idempotency-Key; answers those cancelled. */
export function cancelAllOrders(ctx: TradingContext, caller: Caller, symbol: string | undefined, options: ExecOptions = {}): Promise<Executed<OrderView[]>> {
  return idempotent(ctx, caller, "cancel all orders", { symbol }, options, async () => {
    const open = await listOrders(ctx, caller.ownerId, { status: "open", symbol });
    const done = await Promise.allSettled(open.map((o) => cancelNow(ctx, caller, o.venue, o.orderId!)));
    return done.flatMap((d) => (d.status === "fulfilled" ? [d.value] : []));
  });
}

async function cancelNow(ctx: TradingContext, caller: Caller, venueName: string, orderId: string): Promise<OrderView> {
  const venue = ctx.venues.find((v) => v.name === venueName);
  if (venue === undefined) throw new TradingError("not_found", `No venue ${JSON.stringify(venueName)}.`);
  const outcome = await venue.cancel(caller.ownerId, orderId);
  if (!outcome.ok)
    throw new TradingError(
      outcome.code === "ORDER_NOT_FOUND" ? "not_found" : "conflict",
      outcome.code === "ORDER_NOT_FOUND" ? `No order ${orderId} of yours on ${venueName}.` : `Order ${orderId} is no longer open.`,
    );
  const [child] = await refreshChildren(ctx, caller.ownerId, await ownChildren(ctx, caller.ownerId, venueName, [orderId]));
  const parent = child === undefined ? undefined : (await parentsOf(ctx, [child.parentId])).get(child.parentId);
  return venueOrderView(outcome.order, parent ?? null, await keyNamesOf(ctx.database.db, caller.ownerId));
}

/**
 * The owner's orders. `open` (default): live orders read from every venue. Otherwise the history of
 * orders placed through this service, newest first, refreshed from the venues and filtered by status.
 */
export async function listOrders(
  ctx: TradingContext,
  ownerId: string,
  query: { status?: OrderListStatus; symbol?: string; keyId?: string; limit?: number } = {},
): Promise<OrderView[]> {
  const status = query.status ?? "open";
  const names = keyNamesOf(ctx.database.db, ownerId);
  const open = (await Promise.all(ctx.venues.map((v) => v.openOrders(ownerId)))).flat();
  // Exits the venues placed for filled entries are recorded as the entries' orders on first sight.
  await recordExits(ctx, ownerId, open);
  const ofKey = (keyId: string | null) => query.keyId === undefined || keyId === query.keyId;
  if (status === "open") {
    const wanted = open.filter((o) => query.symbol === undefined || o.symbol === query.symbol);
    const parentIds = new Map<string, string>();
    for (const v of ctx.venues) {
      const ids = wanted.filter((o) => o.venue === v.name).map((o) => o.orderId);
      for (const c of await ownChildren(ctx, ownerId, v.name, ids)) parentIds.set(`${c.venue}/${c.venueOrderId}`, c.parentId);
    }
    const parents = await parentsOf(ctx, [...new Set(parentIds.values())]);
    const parentOf = (o: VenueOrder) => parents.get(parentIds.get(`${o.venue}/${o.orderId}`) ?? "") ?? null;
    const keyNames = await names;
    return wanted
      .filter((o) => ofKey(parentOf(o)?.keyId ?? null))
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((o) => venueOrderView(o, parentOf(o), keyNames));
  }
  const db = ctx.database.db;
  // Rows stored as live may have filled or been cancelled since: read them too, refresh, then filter.
  const stored: ChildStatus[] = status === "all" ? [] : [status.toUpperCase() as ChildStatus, "PENDING", "NEW", "PARTIALLY_FILLED"];
  const where = and(
    eq(tradeChildOrders.ownerId, ownerId),
    query.symbol === undefined ? undefined : eq(tradeChildOrders.symbol, query.symbol),
    stored.length === 0 ? undefined : inArray(tradeChildOrders.status, stored),
    query.keyId === undefined
      ? undefined
      : inArray(
          tradeChildOrders.parentId,
          db
            .select({ id: tradeOrders.id })
            .from(tradeOrders)
            .where(and(eq(tradeOrders.ownerId, ownerId), eq(tradeOrders.keyId, query.keyId))),
        ),
  );
  const rows = await db
    .select()
    .from(tradeChildOrders)
    .where(where)
    .orderBy(desc(tradeChildOrders.createdAt))
    .limit(query.limit ?? 100);
  const fresh = await refreshChildren(ctx, ownerId, rows);
  const wanted = fresh.filter((c) => status === "all" || c.status === status.toUpperCase()).slice(0, query.limit ?? 100);
  const parentRows = await parentsOf(ctx, [...new Set(wanted.map((c) => c.parentId))]);
  const keyNames = await names;
  return wanted.map((c) => childView(c, parentRows.get(c.parentId)!, keyNames));
}

async function ownChildren(ctx: TradingContext, ownerId: string, venue: string, venueOrderIds: readonly string[]) {
  if (venueOrderIds.length === 0) return [];
  return ctx.database.db
    .select()
    .from(tradeChildOrders)
    .where(and(eq(tradeChildOrders.ownerId, ownerId), eq(tradeChildOrders.venue, venue), inArray(tradeChildOrders.venueOrderId, [...venueOrderIds])));
}

async function parentsOf(ctx: TradingContext, ids: readonly string[]): Promise<Map<string, ParentRow>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.database.db
    .select()
    .from(tradeOrders)
    .where(inArray(tradeOrders.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}
