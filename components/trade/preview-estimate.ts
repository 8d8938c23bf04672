// What the ticket's preview says an order would do if sent now, from a routing recommendation
// (GET /aggregated/routing): the smart split or one venue's own fill, and for a limit order only what
// fills at or better than its limit; the rest rests at the limit. Pure, for the preview and its tests.

import type { Routing, TokenPair } from "@/lib/client/market-data";
import { atLeast, multiplyDecimals, sumDecimals } from "@/lib/decimal";
import type { OrderSide } from "./ticket-form";

export interface PreviewLeg {
  venue: string;
  size: string;
  avgPrice: string;
  fee: string;
  /** Only part of this leg is within the limit: the size shown is the most it could fill now. */
  partial: boolean;
}

export interface Estimate {
  legs: PreviewLeg[];
  avgPrice: string | null;
  fees: string;
  /** The books hold the whole size now (at the limit, for a limit order). */
  complete: boolean;
  /** The best price on the side taken, across the venues considered. */
  bestPrice: string | null;
}

/** Whether `price` is at or better than `limit` for a taker on `side`. */
export function withinLimit(side: OrderSide, price: string, limit: string): boolean {
  return side === "BUY" ? atLeast(limit, price) : atLeast(price, limit);
}

function bestOf(side: OrderSide, prices: readonly (string | null)[]): string | null {
  const known = prices.filter((p): p is string => p !== null);
  if (known.length === 0) return null;
  return known.reduce((best, p) => (withinLimit(side, p, best) ? p : best));
}

/** The chosen venue alone, or the smart split; fees are the venues' taker fees (a resting limit may pay less). */
function unlimited(route: Routing, pair: TokenPair, venue: string): Estimate {
  if (!venue) {
    const legs = route.legs.map((leg) => ({ venue: leg.venue, size: leg.size, avgPrice: leg.avgPrice, fee: leg.fee, partial: false }));
    return {
      legs,
      avgPrice: route.avgPrice,
      fees: route.fees,
      complete: route.complete,
      bestPrice: bestOf(
        route.side,
        route.venues.map((v) => v.bestPrice),
      ),
    };
  }
  const quote = route.venues.find((v) => v.venue === venue);
  const feeBps = pair.venues.find((v) => v.venue === venue)?.takerFeeBps ?? "0";
  if (!quote || quote.avgPrice === null) return { legs: [], avgPrice: null, fees: "0", complete: false, bestPrice: quote?.bestPrice ?? null };
  const fee = multiplyDecimals(multiplyDecimals(multiplyDecimals(quote.fillable, quote.avgPrice), feeBps), "0.0001");
  return {
    legs: [{ venue, size: quote.fillable, avgPrice: quote.avgPrice, fee, partial: false }],
    avgPrice: quote.avgPrice,
    fees: fee,
    complete: quote.complete,
    bestPrice: quote.bestPrice,
  };
}

/**
 * A leg whose worst level is within the limit fills whole now; one whose venue's best price is within
 * it fills in part (the routing read does not say how much); any other would not fill now.
 */
export function previewEstimate(route: Routing, pair: TokenPair, venue: string, limit: string | null): Estimate {
  const all = unlimited(route, pair, venue);
  if (limit === null) return all;
  const side = route.side;
  const bestOfVenue = new Map(route.venues.map((v) => [v.venue, v.bestPrice]));
  const worstOfLeg = new Map(route.legs.map((l) => [l.venue, l.worstPrice]));
  const legs = all.legs.flatMap((leg): PreviewLeg[] => {
    const best = bestOfVenue.get(leg.venue) ?? null;
    if (best === null || !withinLimit(side, best, limit)) return [];
    const worst = worstOfLeg.get(leg.venue) ?? leg.avgPrice;
    return [{ ...leg, partial: !withinLimit(side, worst, limit) || !withinLimit(side, leg.avgPrice, limit) }];
  });
  const whole = legs.filter((l) => !l.partial);
  return {
    legs,
    avgPrice: legs.length > 0 && legs.every((l) => !l.partial) && legs.length === all.legs.length ? all.avgPrice : null,
    fees: sumDecimals(whole.map((l) => l.fee)),
    complete: all.complete && legs.length === all.legs.length && whole.length === legs.length,
    bestPrice: all.bestPrice,
  };
}
