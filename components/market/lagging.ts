// Which venues' books are lagging: flagged stale by the API, or gone quiet since the book was read (a
// venue that stops sending stops the updates too, so the age is counted on from the read).
import type { AggregatedBook } from "@/lib/client/market-data";

export interface LaggingVenue {
  venue: string;
  ageMs: number;
}

export function laggingVenues(book: AggregatedBook | undefined, receivedAt: number, now: number, staleAfterMs: number): LaggingVenue[] {
  if (!book) return [];
  const sinceRead = Math.max(0, now - receivedAt);
  return book.venues
    .map((v) => ({ venue: v.venue, ageMs: v.ageMs + sinceRead, stale: v.stale }))
    .filter((v) => v.stale || v.ageMs > staleAfterMs)
    .map(({ venue, ageMs }) => ({ venue, ageMs }));
}
