import { describe, expect, it } from "vitest";
import type { BookLevel } from "../venues/venue";
import type { HostCaller } from "./host-calls";
import { applyBookChange, bookChange, type MirroredBook } from "./market-feed";
import { MirrorVenue } from "./market-mirror";

/** A book of `depth` levels a side around `mid`, sizes drawn from `seed`. */
function book(updateId: number, mid: number, depth: number, seed: number): MirroredBook {
  let s = seed;
  const size = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return 1 + (s % 50);
  };
  const bids: BookLevel[] = Array.from({ length: depth }, (_, i) => [mid - 1 - i, size()]);
  const asks: BookLevel[] = Array.from({ length: depth }, (_, i) => [mid + 1 + i, size()]);
  return { bids, asks, updatedAt: updateId * 10, updateId };
}

describe("book changes in the market feed", () => {
  it("carries only the levels that changed, and gives the new book back when applied to the old one", () => {
    const before = book(1, 1_000, 500, 7);
    const after: MirroredBook = {
      // A taker ate the best bid; one level's size changed; the window at depth 500 took in a deeper level.
      bids: [[before.bids[1]![0], before.bids[1]![1]], [before.bids[2]![0], 99], ...before.bids.slice(3), [499, 5]],
      asks: before.asks,
      updatedAt: 20,
      updateId: 2,
    };
    const change = bookChange(before, after);
    expect(change.base).toBe(1);
    expect(change.asks).toEqual([]);
    expect(change.bids).toEqual(
      expect.arrayContaining([
        [before.bids[0]![0], 0],
        [before.bids[2]![0], 99],
        [499, 5],
      ]),
    );
    expect(change.bids).toHaveLength(3);
    expect(applyBookChange(before, change)).toEqual(after);
  });

  it("gives any book back from any other, whatever moved (prices crossing the old mid, levels gone and new)", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const before = book(seed, 1_000, 40, seed);
      const after = book(seed + 1, 1_000 + ((seed * 7) % 30) - 15, 40 - (seed % 5), seed * 31);
      expect(applyBookChange(before, bookChange(before, after))).toEqual(after);
    }
  });

  it("is not applied to another book than the one it was taken from", () => {
    const before = book(1, 1_000, 10, 1);
    const change = bookChange(before, book(2, 1_000, 10, 2));
    expect(applyBookChange(book(3, 1_000, 10, 3), change)).toBeUndefined();
  });

  it("keeps a mirrored venue's book in step, and says when a change does not fit the book it has", () => {
    const host: HostCaller = { call: () => Promise.reject(new Error("no host in this test")) } as unknown as HostCaller;
    const mirror = new MirrorVenue("alder", host);
    const first = book(1, 1_000, 20, 1);
    const second = book(2, 1_001, 20, 2);
    const state = { venue: "alder", tickers: {}, candles: {}, trades: [], accounts: [] };
    expect(mirror.apply({ ...state, books: { "BTC-USD": first } })).toBe(true);
    const events: unknown[] = [];
    mirror.subscribe((e) => events.push(e));
    expect(mirror.apply({ ...state, books: {}, bookChanges: { "BTC-USD": bookChange(first, second) } })).toBe(true);
    expect(mirror.book("BTC-USD", 20)).toEqual({ symbol: "BTC-USD", ...second });
    expect(events).toEqual([{ type: "book", venue: "alder", symbol: "BTC-USD", updateId: 2, time: second.updatedAt }]);
    // A change taken from a book this mirror never had (it missed one): out of step, the book left as it was.
    expect(mirror.apply({ ...state, books: {}, bookChanges: { "BTC-USD": bookChange(book(5, 1_000, 20, 5), book(6, 1_000, 20, 6)) } })).toBe(false);
    expect(mirror.book("BTC-USD", 20)?.updateId).toBe(2);
  });
});
