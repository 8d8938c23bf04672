import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BookLevel } from "../../venues/venue";
import { mergeBooks, type AggregatedLevel, type VenueBookInput } from "./book-merge";

/** A venue's own book: uncrossed, on its tick grid, around a mid that differs per venue (so venues may cross each other). */
const venueBook = (venue: string, tickMultiple: number) =>
  fc
    .record({
      mid: fc.integer({ min: 900, max: 1100 }),
      bidGaps: fc.array(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 30 })), { maxLength: 25 }),
      askGaps: fc.array(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 30 })), { maxLength: 25 }),
    })
    .map(({ mid, bidGaps, askGaps }): VenueBookInput => {
      const ladder = (start: number, sign: 1 | -1, gaps: [number, number][]) => {
        let price = start;
        return gaps.map(([gap, size]): BookLevel => {
          price += sign * gap * tickMultiple;
          return [price, size];
        });
      };
      const base = Math.floor(mid / tickMultiple) * tickMultiple;
      return { venue, bids: ladder(base + tickMultiple, -1, bidGaps), asks: ladder(base, 1, askGaps) };
    });

const books = fc.tuple(venueBook("alder", 1), venueBook("birch", 2), venueBook("cedar", 5));
const total = (levels: readonly BookLevel[]) => levels.reduce((s, [, l]) => s + l, 0);
const venueTotal = (levels: readonly AggregatedLevel[], venue: string) => levels.reduce((s, l) => s + (l.venues[venue] ?? 0), 0);

describe("mergeBooks (properties)", () => {
  it("is sorted, uncrossed, and conserves each venue's size as shown plus netted", () => {
    fc.assert(
      fc.property(books, fc.integer({ min: 1, max: 50 }), (input, group) => {
        const book = mergeBooks(input, { group });
        for (let i = 1; i < book.bids.length; i++) expect(book.bids[i]!.price).toBeLessThan(book.bids[i - 1]!.price);
        for (let i = 1; i < book.asks.length; i++) expect(book.asks[i]!.price).toBeGreaterThan(book.asks[i - 1]!.price);
        if (book.bestBid !== null && book.bestAsk !== null) expect(book.bestBid).toBeLessThan(book.bestAsk);
        if (book.bids[0] && book.asks[0]) expect(book.bids[0].price).toBeLessThan(book.asks[0].price);
        for (const v of input) {
          expect(venueTotal(book.bids, v.venue) + book.netted[v.venue]!.bids).toBe(total(v.bids));
          expect(venueTotal(book.asks, v.venue) + book.netted[v.venue]!.asks).toBe(total(v.asks));
          expect(book.netted[v.venue]!.bids > 0 || book.netted[v.venue]!.asks > 0 ? book.crossed : true).toBe(true);
        }
        for (const side of [book.bids, book.asks]) {
          let running = 0;
          for (const level of side) {
            expect(level.size).toBe(Object.values(level.venues).reduce((s, l) => s + l, 0));
            running += level.size;
            expect(level.cumulative).toBe(running);
          }
        }
      }),
    );
  });

  it("groups never overlap: every level lands in exactly one group, bids rounded down and asks up", () => {
    fc.assert(
      fc.property(books, fc.constantFrom(1, 2, 5, 10, 100, 1000), (input, group) => {
        const raw = mergeBooks(input);
        const grouped = mergeBooks(input, { group });
        for (const level of [...grouped.bids, ...grouped.asks]) expect(level.price % group).toBe(0);
        // Each raw (netted) level falls in the group of its side that covers it, and the group sizes add up.
        const expectGroups = (levels: AggregatedLevel[], groups: AggregatedLevel[], inGroup: (price: number, g: number) => boolean) => {
          for (const l of levels) expect(groups.filter((g) => inGroup(l.price, g.price))).toHaveLength(1);
          expect(groups.reduce((s, g) => s + g.size, 0)).toBe(levels.reduce((s, l) => s + l.size, 0));
        };
        expectGroups(raw.bids, grouped.bids, (p, g) => g <= p && p < g + group);
        expectGroups(raw.asks, grouped.asks, (p, g) => g - group < p && p <= g);
      }),
    );
  });

  it("keeps at most `depth` levels per side, best first", () => {
    fc.assert(
      fc.property(books, fc.integer({ min: 1, max: 10 }), (input, depth) => {
        const full = mergeBooks(input);
        const cut = mergeBooks(input, { depth });
        expect(cut.bids).toEqual(full.bids.slice(0, depth));
        expect(cut.asks).toEqual(full.asks.slice(0, depth));
      }),
    );
  });
});
