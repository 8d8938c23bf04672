// Positions and balances across venues; opening and closing a position with one call.
import type { ParentOrderView } from "../contract/orders";
import type { BalanceView, ClosePositionInput, OpenPositionInput, PositionView } from "../contract/positions";
import type { Venue, VenuePosition } from "../../venues/venue";
import type { Caller, ExecOptions, TradingContext } from "./context";
import { invalid, TradingError } from "./errors";
import type { ChildPlan } from "./execute";
import { averagePrice, formatAtoms, formatLots, formatTicks, lotsOf, marketOf, notionalOf, usdAtoms } from "../units";
import { balanceIfLinked, markOf, routableVenues, venueNamed, venuesListing } from "./venues";
import { setLeverage } from "./leverage";
import { hasExits, idempotent, recordExitsOfFilled, runParent, type Executed } from "./orders";
import { attachedExits } from "./order-options";
import { protectionPrice, slippagePpm } from "./slippage";
import { and, desc, eq, gt } from "drizzle-orm";
import { tradeChildOrders, tradeOrders } from "../schema";
import { exitsOf } from "./exits";
import { keyNamesOf } from "./key-names";

/** The owner's open positions on every venue, with their exits and the keys that built them. */
export async function listPositions(ctx: TradingContext, ownerId: string): Promise<PositionView[]> {
  const [all, open] = await Promise.all([
    Promise.all(ctx.venues.map((v) => v.positions(ownerId))).then((p) => p.flat()),
    Promise.all(ctx.venues.map((v) => v.openOrders(ownerId))).then((o) => o.flat()),
  ]);
  if (all.length === 0) return [];
  const [entries, names] = await Promise.all([recentEntries(ctx, ownerId), keyNamesOf(ctx.database.db, ownerId)]);
  return all.map((p) => {
    const m = marketOf(p.symbol);
    const exits = exitsOf(open, p.venue, p.symbol, p.size > 0);
    return {
      ...positionView(p),
      takeProfit: exits.takeProfit === null ? null : formatTicks(m, exits.takeProfit),
      stopLoss: exits.stopLoss === null ? null : formatTicks(m, exits.stopLoss),
      openedBy: openedBy(p, entries).map((keyId) => ({ keyId, keyName: names.get(keyId) ?? null })),
    };
  });
}

/** How many of the newest filled orders are read to attribute positions. */
const ATTRIBUTION_WINDOW = 500;

/** The owner's newest filled children of orders that could add to a position, with their parent's key. */
async function recentEntries(ctx: TradingContext, ownerId: string) {
  return ctx.database.db
    .select({
      venue: tradeChildOrders.venue,
      symbol: tradeChildOrders.symbol,
      side: tradeChildOrders.side,
      lots: tradeChildOrders.filledLots,
      keyId: tradeOrders.keyId,
    })
    .from(tradeChildOrders)
    .innerJoin(tradeOrders, eq(tradeOrders.id, tradeChildOrders.parentId))
    .where(and(eq(tradeChildOrders.ownerId, ownerId), gt(tradeChildOrders.filledLots, 0), eq(tradeOrders.reduceOnly, false)))
    .orderBy(desc(tradeChildOrders.createdAt))
    .limit(ATTRIBUTION_WINDOW);
}

/** The keys of the newest orders that bought (long) or sold (short) on the position's venue, until they add up to its size. */
function openedBy(p: VenuePosition, entries: Awaited<ReturnType<typeof recentEntries>>): string[] {
  const side = p.size > 0 ? "BUY" : "SELL";
  const keys: string[] = [];
  let left = Math.abs(p.size);
  for (const e of entries) {
    if (left <= 0) break;
    if (e.venue !== p.venue || e.symbol !== p.symbol || e.side !== side) continue;
    left -= e.lots;
    if (e.keyId !== null && !keys.includes(e.keyId)) keys.push(e.keyId);
  }
  return keys;
}

function positionView(p: VenuePosition): Omit<PositionView, "takeProfit" | "stopLoss" | "openedBy"> {
  const m = marketOf(p.symbol);
  const lots = Math.abs(p.size);
  return {
    venue: p.venue,
    symbol: p.symbol,
    side: p.size > 0 ? "LONG" : "SHORT",
    size: formatLots(m, lots),
    entryPrice: averagePrice(m, p.costBasis < 0n ? -p.costBasis : p.costBasis, lots) ?? "0",
    markPrice: formatTicks(m, p.markPrice),
    liquidationPrice: p.liquidationPrice === null ? null : formatTicks(m, p.liquidationPrice),
    notional: formatAtoms(notionalOf(m, p.markPrice, lots)),
    unrealizedPnl: formatAtoms(p.unrealizedPnl),
    realizedPnl: formatAtoms(p.realizedPnl),
    funding: formatAtoms(p.funding),
    margin: formatAtoms(p.initialMargin),
    maintenanceMargin: formatAtoms(p.maintenanceMargin),
    leverage: String(p.leverage),
  };
}

/** The owner's collateral and margin on every venue the owner has an account on. */
export async function listBalances(ctx: TradingContext, ownerId: string): Promise<BalanceView[]> {
  const all = (await Promise.all(ctx.venues.map((v) => balanceIfLinked(v, ownerId)))).filter((b) => b !== undefined);
  return all.map((b) => ({
    venue: b.venue,
    asset: b.asset,
    collateral: formatAtoms(b.collateral),
    unrealizedPnl: formatAtoms(b.unrealizedPnl),
    equity: formatAtoms(b.equity),
    initialMargin: formatAtoms(b.initialMargin),
    maintenanceMargin: formatAtoms(b.maintenanceMargin),
    orderMargin: formatAtoms(b.orderMargin),
    available: formatAtoms(b.available),
  }));
}

/**
 * Opens (or adds to) a position at market: LONG buys, SHORT sells, sized by `quantity` or by
 * `notionalUsd` at the mark. With `leverage`, sets it first on every venue the order may use (risk
 * category LEVERAGE above the allowed). Smart-routed unless `venue` is given.
 */
export async function openPosition(
  ctx: TradingContext,
  caller: Caller,
  input: OpenPositionInput,
  options: ExecOptions = {},
): Promise<Executed<{ order: ParentOrderView }>> {
  const market = marketOf(input.symbol);
  if ((input.quantity === undefined) === (input.notionalUsd === undefined)) throw invalid("body: give exactly one of quantity and notionalUsd");
  if (input.leverage !== undefined && input.leverage < 1) throw invalid("leverage: must be at least 1");
  const venues = input.venue === undefined ? routableVenues(ctx.venues, input.symbol) : [venueNamed(ctx.venues, input.venue)];
  if (venues.length === 0) throw invalid(`symbol: ${input.symbol} is not traded on any running venue`);
  const side = input.side === "LONG" ? "BUY" : "SELL";
  const lots = input.quantity !== undefined ? lotsOf(market, input.quantity) : lotsForNotional(market, venues, usdAtoms(input.notionalUsd!, "notionalUsd"));
  const exits = attachedExits({ symbol: input.symbol, side, type: "MARKET", takeProfit: input.takeProfit, stopLoss: input.stopLoss }, market, { venues });
  const intent = { market, side, type: "MARKET", lots, reduceOnly: false, slippagePpm: slippagePpm(input.slippage), venues, ...exits } as const;
  const leverage = input.leverage;
  return idempotent(ctx, caller, "POST /agent/positions/open", input, options, async (id) => {
    const order = await runParent(ctx, caller, { id, source: "position_open", venue: input.venue ?? null }, intent, {
      leverage: leverage === undefined ? [] : [{ symbol: input.symbol, leverage }],
      before: leverage === undefined ? undefined : () => setLeverage(ctx, caller.ownerId, venues, input.symbol, leverage),
    });
    if (hasExits(intent)) await recordExitsOfFilled(ctx, caller.ownerId, order);
    return { order };
  });
}

/** Whole lots worth at most `atoms` at the highest mark among the venues; 400 below one lot. */
export function lotsForNotional(market: ReturnType<typeof marketOf>, venues: readonly Venue[], atoms: bigint): number {
  const mark = Math.max(...venues.map((v) => markOf(v, market.spec.symbol)));
  const lots = Number(atoms / notionalOf(market, mark, 1));
  if (lots < 1) throw invalid(`notionalUsd: less than one lot (${market.spec.lot} ${market.spec.base}) at the mark`);
  return lots;
}

/**
 * Closes a position at market with reduce-only orders: on every venue holding it (or only `venue`),
 * all of it or `quantity` (largest position first). 409 when there is nothing to close.
 */
export async function closePosition(
  ctx: TradingContext,
  caller: Caller,
  input: ClosePositionInput,
  options: ExecOptions = {},
): Promise<Executed<{ order: ParentOrderView }>> {
  const market = marketOf(input.symbol);
  const venues = input.venue === undefined ? venuesListing(ctx.venues, input.symbol) : [venueNamed(ctx.venues, input.venue)];
  const ppm = slippagePpm(input.slippage);
  const wanted = input.quantity === undefined ? undefined : lotsOf(market, input.quantity);
  return idempotent(ctx, caller, "POST /agent/positions/close", input, options, async (id) => {
    const held = (
      await Promise.all(venues.map(async (v) => ({ venue: v, lots: (await v.positions(caller.ownerId)).find((p) => p.symbol === input.symbol)?.size ?? 0 })))
    ).filter((h) => h.lots !== 0);
    if (held.length === 0) throw new TradingError("conflict", `No ${input.symbol} position to close${input.venue === undefined ? "" : ` on ${input.venue}`}.`);
    if (held.some((h) => Math.sign(h.lots) !== Math.sign(held[0]!.lots)))
      throw invalid("venue: the positions on different venues point in opposite directions; close them one venue at a time");
    const total = held.reduce((s, h) => s + Math.abs(h.lots), 0);
    if (wanted !== undefined && wanted > total) throw invalid(`quantity: more than the ${formatLots(market, total)} held`);
    const side = held[0]!.lots > 0 ? "SELL" : "BUY";
    let left = wanted ?? total;
    const children: ChildPlan[] = [];
    for (const h of held.sort((a, b) => Math.abs(b.lots) - Math.abs(a.lots))) {
      const lots = Math.min(left, Math.abs(h.lots));
      if (lots === 0) break;
      left -= lots;
      children.push({
        venue: h.venue,
        order: {
          symbol: input.symbol,
          side,
          type: "MARKET",
          size: lots,
          reduceOnly: true,
          protectionPrice: protectionPrice(side, markOf(h.venue, input.symbol), ppm),
        },
      });
    }
    const intent = { market, side, type: "MARKET", lots: wanted ?? total, reduceOnly: true, slippagePpm: ppm, venues: children.map((c) => c.venue) } as const;
    return { order: await runParent(ctx, caller, { id, source: "position_close", venue: input.venue ?? null }, intent, { children }) };
  });
}
