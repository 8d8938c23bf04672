// The pre-trade checks: pure functions over the limits, the owner's state across venues and the orders
// a request would send. Each refusal names its category only.
import type { OrderType, Side } from "../../../venues/venue";
import { riskRefusal, type TradingError } from "../errors";
import type { RiskLimits } from "./limits";

/** A parent order as risk sees it: what it could do at worst. */
export interface ProposedOrder {
  symbol: string;
  side: Side;
  type: OrderType;
  lots: number;
  /** Limit price or trigger, base ticks. */
  price?: number;
  triggerPrice?: number;
  /** The mark it is judged against (the highest across venues), base ticks. */
  mark: number;
  /** The worst price it can fill at (limit, or the protection price of a market order), base ticks. */
  worstPrice: number;
  reduceOnly: boolean;
  /** Quote atoms per tick × lot of the market. */
  atomsPerTickLot: bigint;
}

/** The owner's state summed across venues. */
export interface RiskSnapshot {
  /** Per symbol: signed lots held, lots of live non-reduce-only buy and sell orders, the highest mark (ticks), the highest leverage in use. */
  symbols: Map<string, { held: number; openBuys: number; openSells: number; mark: number; leverage: number; atomsPerTickLot: bigint }>;
  openOrders: number;
  /** Σ equity across venues, and at the start of the UTC day (quote atoms). */
  equity: bigint;
  dayStartEquity: bigint;
}

const exposureOf = (s: { held: number; openBuys: number; openSells: number; mark: number; atomsPerTickLot: bigint }) =>
  BigInt(Math.max(Math.abs(s.held + s.openBuys), Math.abs(s.held - s.openSells))) * BigInt(s.mark) * s.atomsPerTickLot;

/** Whose limits a check applies, in the refusal's words: "the deployment's", "your account's" or "this key's". */
export type LimitsOwner = string;

/** The first rule the orders break, or null when every rule holds; the refusal says whose limit it is, never its value. */
export function checkOrders(
  limits: RiskLimits,
  snapshot: RiskSnapshot,
  orders: readonly ProposedOrder[],
  whose: LimitsOwner = "the risk policy's",
): TradingError | null {
  let resting = 0;
  for (const o of orders) {
    const mark = o.mark;
    // A reduce-only order's trigger is an exit (a stop-loss far from the mark is sound); its limit price is still collared.
    for (const p of [o.price, o.reduceOnly ? undefined : o.triggerPrice]) {
      if (p !== undefined && Math.abs(p - mark) * 1_000_000 > limits.priceCollarPpm * mark) {
        return riskRefusal("PRICE_COLLAR", `The price is further from the mark than ${whose} price collar allows.`);
      }
    }
    if (BigInt(o.lots) * BigInt(o.worstPrice) * o.atomsPerTickLot > limits.maxOrderNotional) {
      return riskRefusal("ORDER_NOTIONAL", `The order is above ${whose} limit for one order.`);
    }
    if (o.type !== "MARKET") resting++;
  }
  if (resting > 0 && snapshot.openOrders + resting > limits.maxOpenOrders) {
    return riskRefusal("OPEN_ORDERS", `That would be more open orders than ${whose} limit allows; cancel some first.`);
  }
  const adding = orders.filter((o) => !o.reduceOnly);
  if (adding.length === 0) return null;
  if (snapshot.dayStartEquity - snapshot.equity >= limits.dailyLoss) {
    return riskRefusal("DAILY_LOSS", `Today's loss has reached ${whose} daily loss limit; only reducing orders are accepted until the UTC day ends.`);
  }
  const after = new Map([...snapshot.symbols].map(([k, v]) => [k, { ...v }]));
  for (const o of adding) {
    const s = after.get(o.symbol) ?? { held: 0, openBuys: 0, openSells: 0, mark: o.mark, leverage: 0, atomsPerTickLot: o.atomsPerTickLot };
    if (o.side === "BUY") s.openBuys += o.lots;
    else s.openSells += o.lots;
    after.set(o.symbol, s);
  }
  let totalBefore = 0n;
  let totalAfter = 0n;
  for (const [symbol, s] of after) {
    const before = snapshot.symbols.get(symbol);
    const was = before === undefined ? 0n : exposureOf(before);
    const now = exposureOf(s);
    totalBefore += was;
    totalAfter += now;
    if (now > was && now > limits.maxPositionNotional) {
      return riskRefusal("POSITION_NOTIONAL", `The position in ${symbol} would be above ${whose} position limit.`);
    }
  }
  if (totalAfter > totalBefore && totalAfter > limits.maxTotalNotional) {
    return riskRefusal("TOTAL_NOTIONAL", `Positions across symbols would be above ${whose} total exposure limit.`);
  }
  return null;
}

/** Refuses a leverage above the symbol's limit. */
export function checkLeverage(allowed: number, leverage: number, whose: LimitsOwner = "the risk policy's"): TradingError | null {
  return leverage > allowed ? riskRefusal("LEVERAGE", `The leverage is above ${whose} leverage limit for this symbol.`) : null;
}
