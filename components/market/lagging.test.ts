import { describe, expect, it } from "vitest";
import type { AggregatedBook } from "@/lib/client/market-data";
import { laggingVenues } from "./lagging";

const venue = (name: string, ageMs: number, stale = false): AggregatedBook["venues"][number] => ({
  venue: name,
  updatedAt: 0,
  ageMs,
  stale,
  bestBid: null,
  bestAsk: null,
  netted: { bids: "0", asks: "0" },
});

const book = (venues: AggregatedBook["venues"]): AggregatedBook => ({
  symbol: "BTC-USD",
  depth: 10,
  group: 1,
  groupSize: "0.1",
  bids: [],
  asks: [],
  bestBid: null,
  bestAsk: null,
  spread: null,
  spreadBps: null,
  mid: null,
  crossed: false,
  stale: venues.some((v) => v.stale),
  venues,
  time: 0,
});

describe("laggingVenues", () => {
  it("names the venues the API flags stale", () => {
    expect(laggingVenues(book([venue("alder", 100), venue("cedar", 6_000, true)]), 1_000, 1_000, 5_000)).toEqual([{ venue: "cedar", ageMs: 6_000 }]);
  });

  it("counts the age on from when the book was read, when no newer book arrives", () => {
    const read = book([venue("alder", 300), venue("birch", 900)]);
    expect(laggingVenues(read, 10_000, 12_000, 5_000)).toEqual([]);
    expect(laggingVenues(read, 10_000, 14_500, 5_000)).toEqual([{ venue: "birch", ageMs: 5_400 }]);
  });

  it("has nothing to say without a book", () => {
    expect(laggingVenues(undefined, 0, 0, 5_000)).toEqual([]);
  });
});
