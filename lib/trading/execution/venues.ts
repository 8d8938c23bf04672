import type { Venue } from "../../venues/venue";
import { invalid, TradingError } from "./errors";

/** A running venue by name; 400 when there is none of that name. */
export function venueNamed(venues: readonly Venue[], name: string, field = "venue"): Venue {
  const venue = venues.find((v) => v.name === name);
  if (venue === undefined) throw invalid(`${field}: no venue ${JSON.stringify(name)}; venues are ${venues.map((v) => v.name).join(", ")}`);
  return venue;
}

/** The venues that list a market, in their order; 503 when no venue is running. */
export function venuesListing(venues: readonly Venue[], symbol: string): Venue[] {
  if (venues.length === 0) throw new TradingError("unavailable", "No trading venues are running on this deployment.");
  return venues.filter((v) => v.markets().some((m) => m.symbol === symbol));
}

/** A venue's mark for a symbol, base ticks; 409 when it has none yet. */
export function markOf(venue: Venue, symbol: string): number {
  const mark = venue.ticker(symbol)?.markPrice;
  if (mark === undefined || mark <= 0) throw new TradingError("conflict", `${venue.name} has no price for ${symbol} yet`);
  return mark;
}
