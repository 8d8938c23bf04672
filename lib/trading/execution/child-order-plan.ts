// Which venues get what part of an order. Taker parts follow lib/trading/execution/smart-routing (planRoute): the split
// with the best average price after taker fees, over book levels within the order's price bound.
import type { BookLevel, PlaceOrder, Side, Venue } from "../../venues/venue";
import type { ChildPlan } from "./execute";
import { markOf } from "./venues";
import type { Market } from "../units";
import { planRoute } from "./smart-routing";
import { routeVenueInputs } from "./routing-inputs";
import { protectionPrice } from "./slippage";

export interface OrderIntent {
  market: Market;
  side: Side;
  type: PlaceOrder["type"];
  lots: number;
  /** Base ticks. */
  price?: number;
  triggerPrice?: number;
  reduceOnly: boolean;
  /** For MARKET and STOP_MARKET. */
  slippagePpm: number;
  /** Venues that may take part: one for a preferred venue, else every venue listing the market. */
  venues: readonly Venue[];
}

/** The child orders of an intent. Never empty: an order no book can take goes whole to one venue, which reports why. */
export function planChildren(intent: OrderIntent): ChildPlan[] {
  const { market, side, type, lots } = intent;
  const symbol = market.spec.symbol;
  const base = { symbol, side, type, reduceOnly: intent.reduceOnly };
  const eligible = intent.price === undefined ? intent.venues : intent.venues.filter((v) => intent.price! % tickMultiple(v, symbol) === 0);
  if (eligible.length === 0) return [{ venue: intent.venues[0]!, order: { ...base, size: lots, price: intent.price, triggerPrice: intent.triggerPrice } }];

  if (type === "MARKET") {
    const bounds = new Map(eligible.map((v) => [v.name, protectionPrice(side, markOf(v, symbol), intent.slippagePpm)]));
    const legs = route(intent, eligible, (name) => bounds.get(name)!);
    if (legs.length === 0) return [{ venue: eligible[0]!, order: { ...base, size: lots, protectionPrice: bounds.get(eligible[0]!.name)! } }];
    return legs.map((l) => ({ venue: l.venue, order: { ...base, size: l.lots, protectionPrice: bounds.get(l.venue.name)! } }));
  }
  if (type === "LIMIT") {
    const legs = route(intent, eligible, () => intent.price!);
    const taken = legs.reduce((s, l) => s + l.lots, 0);
    // What the books cannot take now rests at the limit on the venue taking most (or the cheapest maker).
    const rest = legs[0]?.venue ?? cheapestMaker(eligible, symbol);
    const sizes = new Map(legs.map((l) => [l.venue.name, l.lots]));
    sizes.set(rest.name, (sizes.get(rest.name) ?? 0) + lots - taken);
    return eligible.filter((v) => (sizes.get(v.name) ?? 0) > 0).map((v) => ({ venue: v, order: { ...base, size: sizes.get(v.name)!, price: intent.price } }));
  }
  // A stop waits for its trigger on one venue: the one a market order of this size would best fill on now.
  const best = planRoute({ market: market.spec, side, quantityLots: lots, venues: routeVenueInputs(eligible, symbol) }).bestVenue;
  const venue = eligible.find((v) => v.name === best) ?? eligible[0]!;
  const protection = type === "STOP_MARKET" ? protectionPrice(side, intent.triggerPrice!, intent.slippagePpm) : undefined;
  return [{ venue, order: { ...base, size: lots, price: intent.price, triggerPrice: intent.triggerPrice, protectionPrice: protection } }];
}

/** planRoute over each venue's levels no worse than its bound. */
function route(intent: OrderIntent, venues: readonly Venue[], bound: (venue: string) => number): { venue: Venue; lots: number }[] {
  const buy = intent.side === "BUY";
  const within = (levels: readonly BookLevel[], limit: number) => levels.filter(([p]) => (buy ? p <= limit : p >= limit));
  const inputs = routeVenueInputs(venues, intent.market.spec.symbol).map((v) => ({
    ...v,
    asks: buy ? within(v.asks, bound(v.venue)) : v.asks,
    bids: buy ? v.bids : within(v.bids, bound(v.venue)),
  }));
  const plan = planRoute({ market: intent.market.spec, side: intent.side, quantityLots: intent.lots, venues: inputs });
  return plan.legs.map((l) => ({ venue: venues.find((v) => v.name === l.venue)!, lots: l.sizeLots }));
}

function tickMultiple(venue: Venue, symbol: string): number {
  return venue.markets().find((m) => m.symbol === symbol)?.tickMultiple ?? 1;
}

function cheapestMaker(venues: readonly Venue[], symbol: string): Venue {
  const fee = (v: Venue) => Number(v.markets().find((m) => m.symbol === symbol)?.makerFeeBps ?? Infinity);
  return [...venues].sort((a, b) => fee(a) - fee(b))[0]!;
}
