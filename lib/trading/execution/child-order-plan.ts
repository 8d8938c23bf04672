// Which venues get what part of an order. Taker parts follow lib/trading/execution/smart-routing (planRoute): the split
// with the best average price after taker fees, over book levels within the order's price bound.
import type { BookLevel, PlaceOrder, Side, Venue } from "../../venues/venue";
import type { ChildPlan } from "./execute";
import { markOf } from "./venues";
import type { Market } from "../units";
import { planRoute } from "./smart-routing";
import { routeVenueInputs } from "./routing-inputs";
import { protectionPrice } from "./slippage";
import { isLimitType } from "../../engine/types";
import { invalid } from "./errors";
import { formatTicks } from "../units";
import { defaultTimeInForce, venueTimeInForce, type OrderOptions } from "./order-options";

export interface OrderIntent extends Partial<OrderOptions> {
  market: Market;
  side: Side;
  type: PlaceOrder["type"];
  lots: number;
  /** Base ticks. */
  price?: number;
  triggerPrice?: number;
  reduceOnly: boolean;
  /** For MARKET, STOP_MARKET and TAKE_PROFIT_MARKET. */
  slippagePpm: number;
  /** Venues that may take part: one for a preferred venue, else every venue listing the market. */
  venues: readonly Venue[];
}

/** The child orders of an intent. Never empty: an order no book can take goes whole to one venue, which reports why. */
export function planChildren(intent: OrderIntent): ChildPlan[] {
  const { market, side, type, lots } = intent;
  const symbol = market.spec.symbol;
  const timeInForce = venueTimeInForce(type, { timeInForce: intent.timeInForce ?? defaultTimeInForce(type), postOnly: intent.postOnly === true });
  const base = { symbol, side, type, reduceOnly: intent.reduceOnly, timeInForce, takeProfit: intent.takeProfit, stopLoss: intent.stopLoss };
  const eligible = intent.price === undefined ? intent.venues : intent.venues.filter((v) => intent.price! % tickMultiple(v, symbol) === 0);
  if (eligible.length === 0) return [{ venue: intent.venues[0]!, order: { ...base, size: lots, price: intent.price, triggerPrice: intent.triggerPrice } }];

  if (intent.postOnly === true) return [{ venue: makerVenue(intent, eligible), order: { ...base, size: lots, price: intent.price } }];
  if (intent.timeInForce === "FOK" && (type === "MARKET" || type === "LIMIT")) {
    // All or nothing cannot span venues: the whole order goes to the one that fills it best within its bound.
    const bound = (v: Venue) => (type === "LIMIT" ? intent.price! : protectionPrice(side, markOf(v, symbol), intent.slippagePpm));
    const candidates = preferring(eligible, (v) => lots % lotMultiple(v, symbol) === 0);
    const best = singleVenueRoute(intent, candidates, (name) => bound(candidates.find((v) => v.name === name)!));
    const venue = candidates.find((v) => v.name === best) ?? candidates[0]!;
    return [{ venue, order: { ...base, size: lots, price: intent.price, protectionPrice: type === "MARKET" ? bound(venue) : undefined } }];
  }

  if (type === "MARKET") {
    const bounds = new Map(eligible.map((v) => [v.name, protectionPrice(side, markOf(v, symbol), intent.slippagePpm)]));
    const legs = fitToLotMultiples(
      route(intent, eligible, (name) => bounds.get(name)!),
      symbol,
    );
    if (legs.length === 0) return [{ venue: eligible[0]!, order: { ...base, size: lots, protectionPrice: bounds.get(eligible[0]!.name)! } }];
    return legs.map((l) => ({ venue: l.venue, order: { ...base, size: l.lots, protectionPrice: bounds.get(l.venue.name)! } }));
  }
  if (type === "LIMIT") {
    const legs = fitToLotMultiples(
      route(intent, eligible, () => intent.price!),
      symbol,
    );
    const taken = legs.reduce((s, l) => s + l.lots, 0);
    // What the books cannot take now rests at the limit on the venue taking most (or the cheapest maker),
    // among the venues whose size increment that rest fits.
    const fits = (v: Venue) => (lots - taken + (legs.find((l) => l.venue === v)?.lots ?? 0)) % lotMultiple(v, symbol) === 0;
    const rest = legs.find((l) => fits(l.venue))?.venue ?? cheapestMaker(preferring(eligible, fits), symbol);
    const sizes = new Map(legs.map((l) => [l.venue.name, l.lots]));
    sizes.set(rest.name, (sizes.get(rest.name) ?? 0) + lots - taken);
    return eligible.filter((v) => (sizes.get(v.name) ?? 0) > 0).map((v) => ({ venue: v, order: { ...base, size: sizes.get(v.name)!, price: intent.price } }));
  }
  // A stop waits for its trigger on one venue: the one a market order of this size would best fill on now.
  const candidates = preferring(eligible, (v) => lots % lotMultiple(v, symbol) === 0);
  const best = planRoute({ market: market.spec, side, quantityLots: lots, venues: routeVenueInputs(candidates, symbol) }).bestVenue;
  const venue = candidates.find((v) => v.name === best) ?? candidates[0]!;
  const protection = isLimitType(type) ? undefined : protectionPrice(side, intent.triggerPrice!, intent.slippagePpm);
  return [{ venue, order: { ...base, size: lots, price: intent.price, triggerPrice: intent.triggerPrice, protectionPrice: protection } }];
}

/** planRoute over each venue's levels no worse than its bound. */
function boundedRoute(intent: OrderIntent, venues: readonly Venue[], bound: (venue: string) => number) {
  const buy = intent.side === "BUY";
  const within = (levels: readonly BookLevel[], limit: number) => levels.filter(([p]) => (buy ? p <= limit : p >= limit));
  const inputs = routeVenueInputs(venues, intent.market.spec.symbol).map((v) => ({
    ...v,
    asks: buy ? within(v.asks, bound(v.venue)) : v.asks,
    bids: buy ? v.bids : within(v.bids, bound(v.venue)),
  }));
  return planRoute({ market: intent.market.spec, side: intent.side, quantityLots: intent.lots, venues: inputs });
}

function route(intent: OrderIntent, venues: readonly Venue[], bound: (venue: string) => number): { venue: Venue; lots: number }[] {
  return boundedRoute(intent, venues, bound).legs.map((l) => ({ venue: venues.find((v) => v.name === l.venue)!, lots: l.sizeLots }));
}

/** The venue that alone fills the most of the order within its bound, at the best price after fees. */
function singleVenueRoute(intent: OrderIntent, venues: readonly Venue[], bound: (venue: string) => number): string | null {
  return boundedRoute(intent, venues, bound).bestVenue;
}

/**
 * Where a post-only order rests: the cheapest maker among the venues on whose book it would not take
 * now; 400 when it would take on every one (it would be refused).
 */
function makerVenue(intent: OrderIntent, venues: readonly Venue[]): Venue {
  const symbol = intent.market.spec.symbol;
  const buy = intent.side === "BUY";
  const touch = (v: Venue) => (buy ? v.book(symbol, 1)?.asks[0]?.[0] : v.book(symbol, 1)?.bids[0]?.[0]);
  const takes = (v: Venue) => {
    const t = touch(v);
    return t !== undefined && (buy ? t <= intent.price! : t >= intent.price!);
  };
  const resting = venues.filter((v) => !takes(v) && intent.lots % lotMultiple(v, symbol) === 0);
  if (resting.length > 0) return cheapestMaker(resting, symbol);
  const best = venues.map(touch).filter((t): t is number => t !== undefined);
  const bestTouch = buy ? Math.min(...best) : Math.max(...best);
  throw invalid(
    `postOnly: a ${buy ? "buy" : "sell"} at ${formatTicks(intent.market, intent.price!)} would take liquidity now (best ${buy ? "ask" : "bid"} ${formatTicks(intent.market, bestTouch)}); ` +
      `post-only orders only rest on the book`,
  );
}

/**
 * Legs cut down to their venues' size increments (lotMultiple); what is cut goes to the largest leg on
 * a venue that takes any whole lot, or is left out (the parent reports it unfilled).
 */
function fitToLotMultiples(legs: readonly { venue: Venue; lots: number }[], symbol: string): { venue: Venue; lots: number }[] {
  const fitted = legs.map((l) => ({ venue: l.venue, lots: l.lots - (l.lots % lotMultiple(l.venue, symbol)) }));
  const cut = legs.reduce((s, l) => s + l.lots, 0) - fitted.reduce((s, l) => s + l.lots, 0);
  const taker = fitted.find((l) => lotMultiple(l.venue, symbol) === 1);
  if (taker !== undefined) taker.lots += cut;
  return fitted.filter((l) => l.lots > 0);
}

/** The venues that pass, or all of them when none does (the venue then reports why it refuses). */
function preferring(venues: readonly Venue[], test: (venue: Venue) => boolean): readonly Venue[] {
  const passing = venues.filter(test);
  return passing.length > 0 ? passing : venues;
}

function marketOn(venue: Venue, symbol: string) {
  return venue.markets().find((m) => m.symbol === symbol);
}

function tickMultiple(venue: Venue, symbol: string): number {
  return marketOn(venue, symbol)?.tickMultiple ?? 1;
}

function lotMultiple(venue: Venue, symbol: string): number {
  return marketOn(venue, symbol)?.lotMultiple ?? 1;
}

function cheapestMaker(venues: readonly Venue[], symbol: string): Venue {
  const fee = (v: Venue) => Number(marketOn(v, symbol)?.makerFeeBps ?? Infinity);
  return [...venues].sort((a, b) => fee(a) - fee(b))[0]!;
}
