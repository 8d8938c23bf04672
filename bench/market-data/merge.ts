import { performance } from "node:perf_hooks";
import { mergeBooks, type VenueBookInput } from "../../lib/trading/market-data/book-merge";
import type { BookLevel } from "../../lib/venues/venue";

/** A venue's book of `levels` per side on its tick grid around a mid offset per venue, so books cross a little as real ones do. */
function venueBook(venue: string, tickMultiple: number, offset: number, levels: number): VenueBookInput {
  const mid = 642_500 + offset;
  const side = (sign: 1 | -1): BookLevel[] =>
    Array.from({ length: levels }, (_, i) => {
      const price = (Math.floor(mid / tickMultiple) + sign * (i + 1)) * tickMultiple;
      return [price, 1 + ((i * 7919 + tickMultiple) % 97)] as const;
    });
  return { venue, bids: side(-1), asks: side(1) };
}

/** Median time of one merge of three `levels`-level books, in microseconds. */
export function mergeTimeMicros(levels: number, options: { depth?: number; group?: number }, runs = 2_000): number {
  const books = [venueBook("alder", 1, 0, levels), venueBook("birch", 2, 30, levels), venueBook("cedar", 5, -20, levels)];
  for (let i = 0; i < 200; i++) mergeBooks(books, options); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    mergeBooks(books, options);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1]! * 1_000;
}
