// Positions and balances across venues; opening and closing a position with one call.
import type { ParentOrderView } from "../contract/orders";
import type { BalanceView, ClosePositionInput, OpenPositionInput, PositionView } from "../contract/positions";
import type { Venue, VenuePosition } from "../../venues/venue";
import type { Caller, ExecOptions, TradingContext } from "./context";
import { invalid, TradingError } from "./errors";
import type { ChildPlan } from "./execute";
import { averagePrice, formatAtoms, formatLots, formatTicks, lotsOf, marketOf, notionalOf, usdAtoms } from "../units";
import { markOf, venueNamed, venuesListing } from "./venues";
import { idempotent, runParent, type Executed } from "./orders";
import { protectionPrice, slippagePpm } from "./slippage";

/** The owner's open positions on every venue. */
export async function listPositions(ctx: TradingContext, ownerId: string): Promise<PositionView[]> {
  const all = (await Promise.all(ctx.venues.map((v) => v.positions(ownerId)))).flat();
  return all.map(positionView);
}

function positionView(p: VenuePosition): PositionView {
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

/** The owner's collateral and margin on every venue. */
export async function listBalances(ctx: TradingContext, ownerId: string): Promise<BalanceView[]> {
  const all = await Promise.all(ctx.venues.map((v) => v.balance(ownerId)));
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
  const venues = input.venue === undefined ? venuesListing(ctx.venues, input.symbol) : [venueNamed(ctx.venues, input.venue)];
  if (venues.length === 0) throw invalid(`symbol: ${input.symbol} is not traded on any running venue`);
  const side = input.side === "LONG" ? "BUY" : "SELL";
  const lots = input.quantity !== undefined ? lotsOf(market, input.quantity) : lotsForNotional(market, venues, usdAtoms(input.notionalUsd!, "notionalUsd"));
  const intent = { market, side, type: "MARKET", lots, reduceOnly: false, slippagePpm: slippagePpm(input.slippage), venues } as const;
  const leverage = input.leverage;
  return idempotent(ctx, caller, "POST /agent/positions/open", input, options, async (id) => ({
    order: await runParent(ctx, caller, { id, source: "position_open", venue: input.venue ?? null }, intent, {
      leverage: leverage === undefined ? [] : [{ symbol: input.symbol, leverage }],
      before: leverage === undefined ? undefined : () => setLeverage(ctx, caller.ownerId, venues, input.symbol, leverage),
    }),
  }));
}

/** Whole lots worth at most `atoms` at the highest mark among the venues; 400 below one lot. */
export function lotsForNotional(market: ReturnType<typeof marketOf>, venues: readonly Venue[], atoms: bigint): number {
  const mark = Math.max(...venues.map((v) => markOf(v, market.spec.symbol)));
  const lots = Number(atoms / notionalOf(market, mark, 1));
  if (lots < 1) throw invalid(`notionalUsd: less than one lot (${market.spec.lot} ${market.spec.base}) at the mark`);
  return lots;
}

/** Sets a symbol's leverage on each venue; 409 when a venue refuses (e.g. the margin would not cover it). */
export async function setLeverage(_ctx: TradingContext, ownerId: string, venues: readonly Venue[], symbol: string, leverage: number): Promise<void> {
  for (const venue of venues) {
    const done = await venue.setLeverage(ownerId, symbol, leverage);
    if (!done.ok)
      throw new TradingError(
        done.code === "INSUFFICIENT_MARGIN" ? "conflict" : "invalid",
        `leverage: ${venue.name} refused ${leverage}× on ${symbol} (${done.code})`,
      );
  }
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
