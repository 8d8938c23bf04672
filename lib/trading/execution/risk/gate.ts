import type { Venue } from "../../../venues/venue";
import type { Caller, TradingContext } from "../context";
import { KILL_SWITCH_MESSAGE, riskRefusal } from "../errors";
import { balanceIfLinked } from "../venues";
import { marketOf } from "../../units";
import { checkLeverage, checkOrders, type ProposedOrder, type RiskSnapshot } from "./check";
import { leverageLimit, type RiskLimits } from "./limits";
import { limitLayers, switchCovers } from "./store";

/** A leverage a request would set on a symbol. */
export interface LeverageChange {
  symbol: string;
  leverage: number;
}

/**
 * The pre-trade gate: kill switch, then the caller's limits against their state across venues. Throws
 * a TradingError of kind "risk" naming the rule's category. Call it under the owner lock, together
 * with the orders it lets through.
 */
export async function assertRiskAllows(
  ctx: TradingContext,
  caller: Caller,
  orders: readonly ProposedOrder[],
  leverage: readonly LeverageChange[] = [],
): Promise<void> {
  // Reducing orders (closes) stay possible under the switch: it stops new risk, not its removal.
  if (orders.some((o) => !o.reduceOnly) && switchCovers(await ctx.riskCache.switches(caller.ownerId), caller.keyId)) {
    throw riskRefusal("KILL_SWITCH", KILL_SWITCH_MESSAGE);
  }
  const layers = limitLayers(ctx.risk, await ctx.riskCache.overrides(caller.ownerId), caller.keyId);
  const snapshot = await riskSnapshot(ctx, caller.ownerId);
  // Each layer only tightens the one before: the loosest that refuses is the limit to name.
  for (const { limits, whose } of layers) {
    const refused = layerRefusal(limits, whose, snapshot, orders, leverage);
    if (refused !== null) throw refused;
  }
}

function layerRefusal(limits: RiskLimits, whose: string, snapshot: RiskSnapshot, orders: readonly ProposedOrder[], leverage: readonly LeverageChange[]) {
  const allowed = (symbol: string) => leverageLimit(limits, symbol, marketOf(symbol).spec.maxLeverage);
  for (const change of leverage) {
    const refused = checkLeverage(allowed(change.symbol), change.leverage, whose);
    if (refused !== null) return refused;
  }
  for (const o of orders) {
    if (o.reduceOnly || leverage.some((l) => l.symbol === o.symbol)) continue;
    const refused = checkLeverage(allowed(o.symbol), snapshot.symbols.get(o.symbol)?.leverage ?? 0, whose);
    if (refused !== null) return refused;
  }
  return checkOrders(limits, snapshot, orders, whose);
}

/**
 * The owner's positions, live orders and equity summed across venues (those the owner has an account on):
 * in-memory reads on the simulated venues, whose host is the only writer of accounts; network reads on real ones.
 */
export async function riskSnapshot(ctx: TradingContext, ownerId: string): Promise<RiskSnapshot> {
  const per = await Promise.all(
    ctx.venues.map(async (v: Venue) => ({
      venue: v,
      positions: await v.positions(ownerId),
      open: await v.openOrders(ownerId),
      balance: await balanceIfLinked(v, ownerId),
    })),
  );
  const symbols: RiskSnapshot["symbols"] = new Map();
  const entry = (symbol: string) => {
    let s = symbols.get(symbol);
    if (s === undefined) {
      s = { held: 0, openBuys: 0, openSells: 0, mark: 0, leverage: 0, atomsPerTickLot: marketOf(symbol).units.atomsPerTickLot };
      symbols.set(symbol, s);
    }
    return s;
  };
  let equity = 0n;
  let openOrders = 0;
  for (const { positions, open, balance } of per) {
    equity += balance?.equity ?? 0n;
    openOrders += open.length;
    for (const p of positions) {
      const s = entry(p.symbol);
      s.held += p.size;
      s.leverage = Math.max(s.leverage, p.leverage);
    }
    for (const o of open) {
      if (o.reduceOnly) continue;
      const s = entry(o.symbol);
      if (o.side === "BUY") s.openBuys += o.size - o.filledSize;
      else s.openSells += o.size - o.filledSize;
    }
  }
  for (const [symbol, s] of symbols) for (const { venue } of per) s.mark = Math.max(s.mark, venue.ticker(symbol)?.markPrice ?? 0);
  return { symbols, openOrders, equity, dayStartEquity: await ctx.riskCache.dayStart(ownerId, ctx.clock.now(), equity) };
}
