import { describe, expect, it } from "vitest";
import { groupPrice, mergeBooks } from "./book-merge";

describe("mergeBooks", () => {
  it("merges levels at the same price and keeps each venue's share", () => {
    const book = mergeBooks([
      {
        venue: "a",
        bids: [
          [100, 2],
          [99, 1],
        ],
        asks: [[102, 3]],
      },
      {
        venue: "b",
        bids: [[100, 5]],
        asks: [
          [101, 1],
          [102, 4],
        ],
      },
    ]);
    expect(book.bids).toEqual([
      { price: 100, size: 7, cumulative: 7, venues: { a: 2, b: 5 } },
      { price: 99, size: 1, cumulative: 8, venues: { a: 1 } },
    ]);
    expect(book.asks).toEqual([
      { price: 101, size: 1, cumulative: 1, venues: { b: 1 } },
      { price: 102, size: 7, cumulative: 8, venues: { a: 3, b: 4 } },
    ]);
    expect(book).toMatchObject({ bestBid: 100, bestAsk: 101, crossed: false, netted: { a: { bids: 0, asks: 0 }, b: { bids: 0, asks: 0 } } });
  });

  it("nets venues that cross each other and says how much", () => {
    const book = mergeBooks([
      {
        venue: "a",
        bids: [
          [105, 2],
          [100, 4],
        ],
        asks: [[106, 1]],
      },
      {
        venue: "b",
        bids: [[98, 1]],
        asks: [
          [103, 3],
          [107, 1],
        ],
      },
    ]);
    // a's bid 105 meets b's ask 103 for 2; 1 of b's 103 is left, above a's next bid 100.
    expect(book.bids.map((l) => [l.price, l.size])).toEqual([
      [100, 4],
      [98, 1],
    ]);
    expect(book.asks.map((l) => [l.price, l.size])).toEqual([
      [103, 1],
      [106, 1],
      [107, 1],
    ]);
    expect(book).toMatchObject({ bestBid: 100, bestAsk: 103, crossed: true, netted: { a: { bids: 2, asks: 0 }, b: { bids: 0, asks: 2 } } });
  });

  it("rounds bids down and asks up to the group, on integers (0.0744 stays out of the 0.0743 bucket)", () => {
    expect(groupPrice(744, "BUY", 10)).toBe(740);
    expect(groupPrice(744, "SELL", 10)).toBe(750);
    expect(groupPrice(740, "SELL", 10)).toBe(740);
    const book = mergeBooks(
      [
        {
          venue: "a",
          bids: [
            [744, 1],
            [741, 2],
            [739, 1],
          ],
          asks: [
            [745, 1],
            [750, 2],
            [751, 1],
          ],
        },
      ],
      { group: 10 },
    );
    expect(book.bids.map((l) => [l.price, l.size])).toEqual([
      [740, 3],
      [730, 1],
    ]);
    expect(book.asks.map((l) => [l.price, l.size])).toEqual([
      [750, 3],
      [760, 1],
    ]);
  });

  it("refuses a group that is not a positive whole number of ticks", () => {
    expect(() => mergeBooks([], { group: 0 })).toThrow(RangeError);
    expect(() => mergeBooks([], { group: 2.5 })).toThrow(RangeError);
  });
});

describe("mergeBooks with depth 0", () => {
  it("gives the best prices after netting without building levels", () => {
    const book = mergeBooks(
      [
        {
          venue: "a",
          bids: [
            [105, 2],
            [100, 4],
          ],
          asks: [[106, 1]],
        },
        { venue: "b", bids: [[98, 1]], asks: [[103, 3]] },
      ],
      { depth: 0 },
    );
    expect(book).toMatchObject({ bids: [], asks: [], bestBid: 100, bestAsk: 103, crossed: true });
  });
});
