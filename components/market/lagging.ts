// Whether the book on screen may be out of date, and why: venues the API flags stale (they have sent
// nothing, in any market, for a while), or the page's own copy is old because neither the stream nor
// polling has brought a book lately. A quiet book is not a lagging one: with the stream live, no update
// only means nothing changed.
import type { AggregatedBook } from "@/lib/client/market-data";

export interface BookLag {
  /** Venues the API flags stale. */
  staleVenues: string[];
  /** How old the page's copy of the book is, when it is too old (stream down and reads failing); else null. */
  readAgeMs: number | null;
}

export interface LagInput {
  /** When the page last received a book, ms. */
  receivedAt: number;
  now: number;
  /** Whether the book's stream is delivering. */
  live: boolean;
  staleAfterMs: number;
}

export const NO_LAG: BookLag = { staleVenues: [], readAgeMs: null };

export function bookLag(book: AggregatedBook | undefined, { receivedAt, now, live, staleAfterMs }: LagInput): BookLag {
  if (!book) return NO_LAG;
  const readAge = now - receivedAt;
  return { staleVenues: book.venues.filter((v) => v.stale).map((v) => v.venue), readAgeMs: !live && readAge > staleAfterMs ? readAge : null };
}

export function isLagging(lag: BookLag): boolean {
  return lag.staleVenues.length > 0 || lag.readAgeMs !== null;
}
