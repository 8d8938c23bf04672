import { findMarket, type MarketSpec } from "../../venues/catalog";
import type { Venue, VenueMarket } from "../../venues/venue";
import { MarketDataError } from "./errors";

/** Where market data comes from: the venues' in-memory state, and the time. Nothing here reads the database. */
export interface MarketSource {
  venues: readonly Venue[];
  now(): number;
}

export interface ListedMarket {
  spec: MarketSpec;
  /** The venues listing the market, in the venues' order. */
  listings: { venue: Venue; market: VenueMarket }[];
}

/** The market and the venues that list it; refuses when venues are off or no venue lists the symbol. */
export function listedMarket(source: MarketSource, symbol: string): ListedMarket {
  if (source.venues.length === 0) throw new MarketDataError("unavailable", "market data is unavailable: no venue is connected (VENUES=off)");
  const spec = findMarket(symbol);
  const listings = spec === undefined ? [] : listingsOf(source.venues, symbol);
  if (spec === undefined || listings.length === 0)
    throw new MarketDataError("unknown_symbol", `unknown symbol ${JSON.stringify(symbol)}; GET /token-pairs lists the markets`);
  return { spec, listings };
}

export function listingsOf(venues: readonly Venue[], symbol: string): ListedMarket["listings"] {
  const out: ListedMarket["listings"] = [];
  for (const venue of venues) {
    const market = venue.markets().find((m) => m.symbol === symbol);
    if (market !== undefined) out.push({ venue, market });
  }
  return out;
}
