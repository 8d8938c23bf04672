// The options of PlaceOrder beyond type and price: time in force, post-only and the exits attached on
// entry. Checked here into integer units, with a plain reason for every combination that makes no sense.
import { isLimitType, isTakeProfitType, type OrderType, type TimeInForce } from "../../engine/types";
import type { OrderTimeInForce, PlaceOrderInput } from "../contract/orders";
import type { Venue } from "../../venues/venue";
import { formatTicks, ticksOf, type Market } from "../units";
import { invalid } from "./errors";
import { markOf } from "./venues";

export interface OrderOptions {
  timeInForce: OrderTimeInForce;
  postOnly: boolean;
  /** Attached exits, base ticks. */
  takeProfit?: number;
  stopLoss?: number;
}

export const defaultTimeInForce = (type: OrderType): OrderTimeInForce => (isLimitType(type) ? "GTC" : "IOC");

/** The options of an order, checked; `price` and `triggerPrice` in base ticks as already checked. */
export function orderOptions(input: PlaceOrderInput, market: Market, order: { price?: number; triggerPrice?: number; venues: readonly Venue[] }): OrderOptions {
  const type = input.type;
  const timeInForce = input.timeInForce ?? defaultTimeInForce(type);
  if (!isLimitType(type) && timeInForce === "GTC") throw invalid(`timeInForce: ${type} orders never rest; use IOC or FOK`);
  const postOnly = input.postOnly === true;
  if (postOnly && type !== "LIMIT") throw invalid(`postOnly: only LIMIT orders can be post-only, not ${type}`);
  if (postOnly && timeInForce !== "GTC") throw invalid(`postOnly: a post-only order rests on the book, so it cannot be ${timeInForce}`);
  return { timeInForce, postOnly, ...attachedExits(input, market, order) };
}

/** What an order's attached exits are checked on. */
type ExitsInput = Pick<PlaceOrderInput, "symbol" | "side" | "type" | "reduceOnly" | "takeProfit" | "stopLoss">;

/** An order's attached take-profit and stop-loss in base ticks, checked against its entry; none when absent. */
export function attachedExits(
  input: ExitsInput,
  market: Market,
  order: { price?: number; triggerPrice?: number; venues: readonly Venue[] },
): Pick<OrderOptions, "takeProfit" | "stopLoss"> {
  const exits = { takeProfit: exitTicks(market, input.takeProfit, "takeProfit"), stopLoss: exitTicks(market, input.stopLoss, "stopLoss") };
  if (exits.takeProfit !== undefined || exits.stopLoss !== undefined) checkExits(input, exits, entryReference(input, market, order));
  return exits;
}

/** The venue's time in force for an order's children: undefined for the type's default, as before these options. */
export function venueTimeInForce(type: OrderType, options: Pick<OrderOptions, "timeInForce" | "postOnly">): TimeInForce | undefined {
  if (options.postOnly) return "POST_ONLY";
  return options.timeInForce === defaultTimeInForce(type) ? undefined : options.timeInForce;
}

const exitTicks = (market: Market, price: string | undefined, field: string) => (price === undefined ? undefined : ticksOf(market, price, field));

/** What the exits are judged against: the limit price, else the trigger, else the highest mark now (a market order). */
function entryReference(input: ExitsInput, market: Market, order: { price?: number; triggerPrice?: number; venues: readonly Venue[] }) {
  const f = (ticks: number) => formatTicks(market, ticks);
  if (order.price !== undefined) return { ticks: order.price, words: `its limit price (${f(order.price)})` };
  if (order.triggerPrice !== undefined) return { ticks: order.triggerPrice, words: `its trigger price (${f(order.triggerPrice)})` };
  const marks = order.venues.map((v) => markOf(v, input.symbol));
  const mark = input.side === "BUY" ? Math.max(...marks) : Math.min(...marks);
  return { ticks: mark, words: `the current mark (${f(mark)})` };
}

function checkExits(input: ExitsInput, exits: { takeProfit?: number; stopLoss?: number }, entry: { ticks: number; words: string }): void {
  if (input.reduceOnly === true)
    throw invalid(
      "takeProfit/stopLoss: they attach to an order that opens or adds to a position, not to a reduce-only order; set them on the position instead",
    );
  if (isTakeProfitType(input.type)) throw invalid(`takeProfit/stopLoss: a ${input.type} order is itself an exit and takes no attached exits`);
  const buy = input.side === "BUY";
  const beyond = (ticks: number, up: boolean) => (up ? ticks > entry.ticks : ticks < entry.ticks);
  if (exits.takeProfit !== undefined && !beyond(exits.takeProfit, buy))
    throw invalid(`takeProfit: a ${buy ? "buy" : "sell"}'s take-profit must be ${buy ? "above" : "below"} ${entry.words}`);
  if (exits.stopLoss !== undefined && !beyond(exits.stopLoss, !buy))
    throw invalid(`stopLoss: a ${buy ? "buy" : "sell"}'s stop-loss must be ${buy ? "below" : "above"} ${entry.words}`);
}
