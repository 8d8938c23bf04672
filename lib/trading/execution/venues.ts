import { type Venue, type VenueBalance, VenueRefusal } from "../../venues/venue";
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

/** Seconds a client waits before retrying when every venue listing a market is stale. */
const STALE_RETRY_AFTER_SECONDS = 5;

/**
 * The venues smart routing may use for a market: those listing it whose market data is current (a
 * stale or disconnected venue is left out); 503 when none is running or every one listing it is stale.
 */
export function routableVenues(venues: readonly Venue[], symbol: string): Venue[] {
  const listing = venuesListing(venues, symbol);
  const live = listing.filter((v) => v.status().state === "live");
  if (listing.length > 0 && live.length === 0) {
    const why = listing.map((v) => `${v.name}: ${v.status().reason ?? v.status().state}`).join("; ");
    throw new TradingError("unavailable", `No venue listing ${symbol} has current market data now (${why}).`, undefined, STALE_RETRY_AFTER_SECONDS);
  }
  return live;
}

/** A venue's mark for a symbol, base ticks; 409 when it has none yet. */
export function markOf(venue: Venue, symbol: string): number {
  const mark = venue.ticker(symbol)?.markPrice;
  if (mark === undefined || mark <= 0) throw new TradingError("conflict", `${venue.name} has no price for ${symbol} yet`);
  return mark;
}

/** The owner's balance on a venue; undefined where the owner has no account (a real venue not linked). */
export async function balanceIfLinked(venue: Venue, ownerId: string): Promise<VenueBalance | undefined> {
  try {
    return await venue.balance(ownerId);
  } catch (err) {
    if (err instanceof VenueRefusal && err.code === "ACCOUNT_NOT_LINKED") return undefined;
    throw err;
  }
}

/**
 * The venues among these the owner can trade on (a real venue needs the owner's linked account), for
 * smart routing; all of them when the owner can trade on none, so that the refusal names the venue to link.
 */
export async function venuesTradableBy(venues: readonly Venue[], ownerId: string): Promise<readonly Venue[]> {
  const linked = await Promise.all(venues.map(async (v) => (await v.accountLinked?.(ownerId)) ?? true));
  const tradable = venues.filter((_, i) => linked[i]);
  return tradable.length > 0 ? tradable : venues;
}
