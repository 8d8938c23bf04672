import type { Venue } from "../../venues/venue";

/**
 * Counts every change of each symbol's book on any venue, from the venues' "book" events: a cheap key
 * for caching what is computed from the books. One listener per venue for the life of the venues.
 */
export class BookVersions {
  private readonly versions = new Map<string, number>();

  constructor(venues: readonly Venue[]) {
    for (const venue of venues) {
      venue.subscribe((event) => {
        if (event.type === "book") this.versions.set(event.symbol, (this.versions.get(event.symbol) ?? 0) + 1);
      });
    }
  }

  of(symbol: string): number {
    return this.versions.get(symbol) ?? 0;
  }
}

const registry = new WeakMap<readonly Venue[], BookVersions>();

export function bookVersions(venues: readonly Venue[]): BookVersions {
  let versions = registry.get(venues);
  if (versions === undefined) registry.set(venues, (versions = new BookVersions(venues)));
  return versions;
}
