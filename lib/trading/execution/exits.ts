// Take-profit and stop-loss exits. Attached on entry, the venue places them as the entry fills (client
// ids `<entry's client id>.tp<n>` / `.sl<n>`); they are recorded here as orders of the entry's key on
// first sight. On an open position they are set or replaced with reduce-only trigger orders sized to it.
import { and, eq, inArray } from "drizzle-orm";
import { isTakeProfitType, isTriggerType } from "../../engine/types";
import type { ParentOrderView } from "../contract/orders";
import type { PositionExitsInput } from "../contract/positions";
import type { ChildRow, ParentRow } from "../contract/order-views";
import type { Venue, VenueOrder } from "../../venues/venue";
import { tradeChildOrders, tradeOrders } from "../schema";
import { formatTicks, marketOf, ticksOf } from "../units";
import type { Caller, ExecOptions, TradingContext } from "./context";
import { invalid, TradingError } from "./errors";
import type { ChildPlan } from "./execute";
import { idempotent, runParent, type Executed } from "./orders";
import { markOf, venueNamed, venuesListing } from "./venues";

/** An exit's client id: the entry child's (`<parent id>.<venue>`), then tp or sl and the entry's filled lots. */
const EXIT_CLIENT_ID = /^([^.]+)\.[^.]+\.(?:tp|sl)\d+$/;

/** Records the venues' exits among `open` not recorded yet, as orders of their entry's key. */
export async function recordExits(ctx: TradingContext, ownerId: string, open: readonly VenueOrder[]): Promise<void> {
  const exits = open.filter((o) => o.clientOrderId !== null && EXIT_CLIENT_ID.test(o.clientOrderId));
  if (exits.length === 0) return;
  const db = ctx.database.db;
  const ids = exits.map((o) => o.clientOrderId!);
  const known = new Set(
    (await db.select({ id: tradeChildOrders.clientOrderId }).from(tradeChildOrders).where(inArray(tradeChildOrders.clientOrderId, ids))).map((r) => r.id),
  );
  const fresh = exits.filter((o) => !known.has(o.clientOrderId!));
  if (fresh.length === 0) return;
  // The entry may still be on its way to the database.
  await ctx.writes.flushed();
  const entryIds = [...new Set(fresh.map((o) => EXIT_CLIENT_ID.exec(o.clientOrderId!)![1]!))];
  const entries = new Map(
    (
      await db
        .select({ id: tradeOrders.id, keyId: tradeOrders.keyId })
        .from(tradeOrders)
        .where(and(eq(tradeOrders.ownerId, ownerId), inArray(tradeOrders.id, entryIds)))
    ).map((r) => [r.id, r.keyId]),
  );
  const recorded = fresh.filter((o) => entries.has(EXIT_CLIENT_ID.exec(o.clientOrderId!)![1]!));
  if (recorded.length === 0) return;
  const parents: ParentRow[] = recorded.map((o) => ({
    id: o.clientOrderId!,
    ownerId,
    keyId: entries.get(EXIT_CLIENT_ID.exec(o.clientOrderId!)![1]!) ?? null,
    source: "exit",
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    lots: o.size,
    price: o.price,
    triggerPrice: o.triggerPrice,
    reduceOnly: true,
    timeInForce: null,
    postOnly: false,
    takeProfit: null,
    stopLoss: null,
    venue: o.venue,
    slippagePpm: null,
    createdAt: o.createdAt,
  }));
  const children: ChildRow[] = recorded.map((o) => ({
    clientOrderId: o.clientOrderId!,
    parentId: o.clientOrderId!,
    ownerId,
    venue: o.venue,
    venueOrderId: o.orderId,
    symbol: o.symbol,
    side: o.side,
    lots: o.size,
    status: o.status,
    filledLots: o.filledSize,
    filledNotional: o.filledNotional,
    fees: o.fees,
    reason: o.reason,
    rejectReason: null,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  }));
  await db.insert(tradeOrders).values(parents).onConflictDoNothing();
  await db.insert(tradeChildOrders).values(children).onConflictDoNothing();
}

/** The trigger prices of a position's live exits on a venue (the nearest to the mark when several). */
export function exitsOf(open: readonly VenueOrder[], venue: string, symbol: string, long: boolean): { takeProfit: number | null; stopLoss: number | null } {
  const exits = open.filter((o) => o.venue === venue && o.symbol === symbol && o.reduceOnly && isTriggerType(o.type) && o.triggerPrice !== null);
  const nearest = (orders: VenueOrder[], up: boolean) => (orders.length === 0 ? null : (up ? Math.min : Math.max)(...orders.map((o) => o.triggerPrice!)));
  return {
    takeProfit: nearest(
      exits.filter((o) => isTakeProfitType(o.type)),
      long,
    ),
    stopLoss: nearest(
      exits.filter((o) => !isTakeProfitType(o.type)),
      !long,
    ),
  };
}

/**
 * Sets or replaces the take-profit and stop-loss of the position in `symbol` on every venue holding it
 * (or only `venue`): the live exits of the kind given are cancelled, then a reduce-only
 * TAKE_PROFIT_MARKET / STOP_MARKET for the whole position is placed at the new price (none for null).
 * 409 without a position; 400 for a price on the wrong side of the mark.
 */
export async function setPositionExits(
  ctx: TradingContext,
  caller: Caller,
  symbol: string,
  input: PositionExitsInput,
  options: ExecOptions = {},
): Promise<Executed<{ orders: ParentOrderView[]; cancelled: number }>> {
  const market = marketOf(symbol);
  if (input.takeProfit === undefined && input.stopLoss === undefined) throw invalid("body: give takeProfit, stopLoss or both (null removes one)");
  const venues = input.venue === undefined ? venuesListing(ctx.venues, symbol) : [venueNamed(ctx.venues, input.venue)];
  const takeProfit = input.takeProfit == null ? input.takeProfit : ticksOf(market, input.takeProfit, "takeProfit");
  const stopLoss = input.stopLoss == null ? input.stopLoss : ticksOf(market, input.stopLoss, "stopLoss");
  return idempotent(ctx, caller, `PUT /agent/positions/${symbol}/tpsl`, input, options, async (id) => {
    const held = (
      await Promise.all(venues.map(async (v) => ({ venue: v, lots: (await v.positions(caller.ownerId)).find((p) => p.symbol === symbol)?.size ?? 0 })))
    ).filter((h) => h.lots !== 0);
    if (held.length === 0) throw new TradingError("conflict", `No ${symbol} position${input.venue === undefined ? "" : ` on ${input.venue}`} to protect.`);
    for (const h of held) checkSides(market, h.venue, symbol, h.lots > 0, takeProfit, stopLoss);
    let cancelled = 0;
    const orders: ParentOrderView[] = [];
    for (const h of held) {
      cancelled += await cancelExits(h.venue, caller.ownerId, symbol, { takeProfit: takeProfit !== undefined, stopLoss: stopLoss !== undefined });
      const side = h.lots > 0 ? "SELL" : "BUY";
      for (const [tag, type, trigger] of [
        ["tp", "TAKE_PROFIT_MARKET", takeProfit],
        ["sl", "STOP_MARKET", stopLoss],
      ] as const) {
        if (trigger == null) continue;
        const lots = Math.abs(h.lots);
        const children: ChildPlan[] = [{ venue: h.venue, order: { symbol, side, type, size: lots, triggerPrice: trigger, reduceOnly: true } }];
        const intent = {
          market,
          side,
          type,
          lots,
          triggerPrice: trigger,
          reduceOnly: true,
          slippagePpm: 0,
          venues: [h.venue],
          timeInForce: "IOC",
          postOnly: false,
        } as const;
        orders.push(await runParent(ctx, caller, { id: `${id}.${h.venue.name}.${tag}`, source: "position_tpsl", venue: h.venue.name }, intent, { children }));
      }
    }
    return { orders, cancelled };
  });
}

function checkSides(
  market: ReturnType<typeof marketOf>,
  venue: Venue,
  symbol: string,
  long: boolean,
  takeProfit: number | null | undefined,
  stopLoss: number | null | undefined,
) {
  const mark = markOf(venue, symbol);
  const words = `the mark on ${venue.name} (${formatTicks(market, mark)})`;
  if (takeProfit != null && (long ? takeProfit <= mark : takeProfit >= mark))
    throw invalid(`takeProfit: a ${long ? "long" : "short"}'s take-profit must be ${long ? "above" : "below"} ${words}`);
  if (stopLoss != null && (long ? stopLoss >= mark : stopLoss <= mark))
    throw invalid(`stopLoss: a ${long ? "long" : "short"}'s stop-loss must be ${long ? "below" : "above"} ${words}`);
}

/** Cancels the owner's live exits of the kinds asked on a venue's market; how many. */
async function cancelExits(venue: Venue, ownerId: string, symbol: string, kinds: { takeProfit: boolean; stopLoss: boolean }): Promise<number> {
  const open = await venue.openOrders(ownerId);
  const doomed = open.filter(
    (o) => o.symbol === symbol && o.reduceOnly && isTriggerType(o.type) && (isTakeProfitType(o.type) ? kinds.takeProfit : kinds.stopLoss),
  );
  const done = await Promise.all(doomed.map((o) => venue.cancel(ownerId, o.orderId)));
  return done.filter((d) => d.ok).length;
}
