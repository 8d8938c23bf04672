import type { Venue } from "../../venues/venue";
import type { RouteVenueInput } from "./smart-routing";

/** Levels per side read from each venue for routing: far deeper than any order the risk policy lets through. */
export const ROUTE_BOOK_DEPTH = 1_000;

/**
 * The routing inputs for a symbol from the venues' in-memory books (no network, no database): one per
 * venue that lists the market and is live (a stale venue's book is not routed to), in the venues'
 * order. Filter the venues first to route over fewer.
 */
export function routeVenueInputs(venues: readonly Venue[], symbol: string, depth = ROUTE_BOOK_DEPTH): RouteVenueInput[] {
  const inputs: RouteVenueInput[] = [];
  for (const venue of venues) {
    if (venue.status().state !== "live") continue;
    const market = venue.markets().find((m) => m.symbol === symbol);
    const book = market === undefined ? undefined : venue.book(symbol, depth);
    if (market === undefined || book === undefined) continue;
    inputs.push({ venue: venue.name, takerFeeBps: market.takerFeeBps, bids: book.bids, asks: book.asks });
  }
  return inputs;
}
