// Dry runs of PlaceOrder: the children placing the order would send now, what the venues' books would
// fill of them at once and for what fees, and the risk verdict. Nothing is sent, stored or locked.
import type { OrderPreviewView, RiskVerdictView } from "../contract/order-preview";
import type { PlaceOrderInput } from "../contract/orders";
import type { BookLevel, Side, Venue } from "../../venues/venue";
import { averagePrice, formatAtoms, marketFormat, type Market } from "../units";
import type { Caller, TradingContext } from "./context";
import type { ChildPlan } from "./execute";
import { planChildren, type OrderIntent } from "./child-order-plan";
import { TradingError } from "./errors";
import { orderIntent, proposed } from "./orders";
import { assertRiskAllows } from "./risk/gate";
import { routeVenueInputs } from "./routing-inputs";
import { planRoute } from "./smart-routing";
import { slippageFraction } from "./slippage";
import { isLimitType } from "../../engine/types";
import { defaultTimeInForce } from "./order-options";

/** What an order would do if placed now (400 for what placing it would refuse as invalid). */
export async function previewOrder(ctx: TradingContext, caller: Caller, input: PlaceOrderInput): Promise<OrderPreviewView> {
  const intent = orderIntent(ctx, input);
  const risk = await riskVerdict(ctx, caller, intent);
  const children = planChildren(intent).map((child) => ({ child, fill: takerFill(intent, child) }));
  const f = marketFormat(intent.market.spec);
  const filled = children.reduce((s, c) => s + c.fill.lots, 0);
  const notional = children.reduce((s, c) => s + c.fill.notional, 0n);
  const fees = children.reduce((s, c) => s + c.fill.fee, 0n);
  const price = (ticks: number | undefined) => (ticks === undefined ? null : f.price(ticks));
  const takesSlippage = !isLimitType(intent.type);
  return {
    symbol: input.symbol,
    side: input.side,
    type: input.type,
    quantity: f.size(intent.lots),
    price: price(intent.price),
    triggerPrice: price(intent.triggerPrice),
    reduceOnly: intent.reduceOnly,
    timeInForce: intent.timeInForce ?? defaultTimeInForce(intent.type),
    postOnly: intent.postOnly === true,
    takeProfit: price(intent.takeProfit),
    stopLoss: price(intent.stopLoss),
    routing: input.preferredExchange === undefined ? "SMART" : "VENUE",
    slippage: takesSlippage ? slippageFraction(intent.slippagePpm) : null,
    risk,
    children: children.map(({ child, fill }) => ({
      venue: child.venue.name,
      quantity: f.size(child.order.size),
      price: price(child.order.price),
      triggerPrice: price(child.order.triggerPrice),
      protectionPrice: price(child.order.protectionPrice),
      fillsNow: f.size(fill.lots),
      averagePrice: averagePrice(intent.market, fill.notional, fill.lots),
      fee: formatAtoms(fill.fee),
      rests: f.size(restsOf(intent, child.order.size, fill.lots)),
    })),
    fillsNow: f.size(filled),
    averagePrice: averagePrice(intent.market, notional, filled),
    fees: formatAtoms(fees),
    notional: formatAtoms(notional),
    outcome: outcomeOf(intent, risk, { filled, notional, fees, venues: children.map((c) => c.child.venue.name) }),
    time: ctx.clock.now(),
  };
}

/** The risk gate's answer for the order, without placing it: a refusal is the verdict, not an error. */
async function riskVerdict(ctx: TradingContext, caller: Caller, intent: OrderIntent): Promise<RiskVerdictView> {
  try {
    await assertRiskAllows(ctx, caller, [proposed(intent)]);
    return { allowed: true, category: null, message: null };
  } catch (err) {
    if (err instanceof TradingError && err.kind === "risk") return { allowed: false, category: err.category ?? null, message: err.message };
    throw err;
  }
}

interface Fill {
  lots: number;
  notional: bigint;
  fee: bigint;
}

const NO_FILL: Fill = { lots: 0, notional: 0n, fee: 0n };

/**
 * What the child's venue would fill at once: a market order down to its protection price, a limit order
 * down to its limit. A stop fills nothing until its trigger.
 */
function takerFill(intent: OrderIntent, { venue, order }: ChildPlan): Fill {
  const bound = order.type === "MARKET" ? order.protectionPrice : order.type === "LIMIT" ? order.price : undefined;
  if (bound === undefined || intent.postOnly === true) return NO_FILL;
  const book = bookWithin(venue, intent.market, order.side, bound);
  if (book === undefined) return NO_FILL;
  const plan = planRoute({ market: intent.market.spec, side: order.side, quantityLots: order.size, venues: [book] });
  // Fill-or-kill: the whole of it, or nothing.
  if (intent.timeInForce === "FOK" && plan.filledLots < order.size) return NO_FILL;
  return { lots: plan.filledLots, notional: plan.notional, fee: plan.fees };
}

/** What would rest at the limit or wait for the trigger: nothing of an order that does not rest (market, IOC, FOK). */
function restsOf(intent: OrderIntent, size: number, filled: number): number {
  if (intent.type === "MARKET" || (isLimitType(intent.type) && intent.timeInForce !== undefined && intent.timeInForce !== "GTC")) return 0;
  return size - filled;
}

/** The venue's routing input with only the levels a taker on `side` reaches without passing `bound`. */
function bookWithin(venue: Venue, market: Market, side: Side, bound: number) {
  const [input] = routeVenueInputs([venue], market.spec.symbol);
  if (input === undefined) return undefined;
  const reachable = (levels: readonly BookLevel[]) => levels.filter(([price]) => (side === "BUY" ? price <= bound : price >= bound));
  return side === "BUY" ? { ...input, asks: reachable(input.asks) } : { ...input, bids: reachable(input.bids) };
}

function cancelledWhy(intent: OrderIntent): string {
  if (intent.timeInForce === "FOK") return "fill-or-kill: no single book fills all of it now";
  if (isLimitType(intent.type)) return "immediate-or-cancel: the books take no more within the limit";
  return "no liquidity within the slippage limit";
}

function outcomeOf(intent: OrderIntent, risk: RiskVerdictView, now: { filled: number; notional: bigint; fees: bigint; venues: string[] }): string {
  if (!risk.allowed) return `Would be refused by the risk policy (${risk.category}): ${risk.message}`;
  const f = marketFormat(intent.market.spec);
  const symbol = intent.market.spec.symbol;
  const rest = restsOf(intent, intent.lots, now.filled);
  const parts = [
    now.filled > 0
      ? `Would fill ${f.size(now.filled)} ${symbol} at ${averagePrice(intent.market, now.notional, now.filled)} on average, fees ${formatAtoms(now.fees)} USD`
      : "Would fill nothing now",
  ];
  if (rest > 0) parts.push(`${f.size(rest)} would ${intent.type === "LIMIT" ? "rest at the limit" : "wait for the trigger"}`);
  else if (now.filled < intent.lots) parts.push(`${f.size(intent.lots - now.filled)} would be cancelled (${cancelledWhy(intent)})`);
  return `${parts.join("; ")} (on ${[...new Set(now.venues)].join(", ")}).`;
}
