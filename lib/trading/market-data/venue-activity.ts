import type { Venue, VenueEvent } from "../../venues/venue";

/**
 * What the venues' announcements tell without reading their books: how often each symbol's book changed
 * (a cheap cache key) and when each venue was last heard from (its feed is alive even when one quiet
 * book does not move). One listener per venue for the life of the venues.
 */
export class VenueActivity {
  private readonly versions = new Map<string, number>();
  private readonly heard = new Map<string, number>();

  constructor(venues: readonly Venue[]) {
    for (const venue of venues) venue.subscribe((event) => this.note(event));
  }

  /** Changes of the symbol's book on any venue so far. */
  bookVersion(symbol: string): number {
    return this.versions.get(symbol) ?? 0;
  }

  /** The venue's time of its latest book change or trade in any market, or 0. */
  lastHeard(venue: string): number {
    return this.heard.get(venue) ?? 0;
  }

  private note(event: VenueEvent): void {
    if (event.type === "account") return;
    const time = event.type === "book" ? event.time : event.trade.time;
    if (time > this.lastHeard(event.venue)) this.heard.set(event.venue, time);
    if (event.type === "book") this.versions.set(event.symbol, this.bookVersion(event.symbol) + 1);
  }
}

const registry = new WeakMap<readonly Venue[], VenueActivity>();

export function venueActivity(venues: readonly Venue[]): VenueActivity {
  let activity = registry.get(venues);
  if (activity === undefined) {
    activity = new VenueActivity(venues);
    registry.set(venues, activity);
  }
  return activity;
}
