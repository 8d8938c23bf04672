import { describe, expect, it } from "vitest";
import type { AggregatedBook } from "@/lib/client/market-data";
import { bookLag, isLagging } from "./lagging";

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

const at = { receivedAt: 10_000, now: 11_000, live: true, staleAfterMs: 5_000 };

describe("bookLag", () => {
  it("names the venues the API flags stale", () => {
    const lag = bookLag(book([venue("alder", 100), venue("cedar", 6_000, true)]), at);
    expect(lag).toEqual({ staleVenues: ["cedar"], readAgeMs: null });
    expect(isLagging(lag)).toBe(true);
  });

  it("does not call a quiet book lagging while its stream is live", () => {
    const lag = bookLag(book([venue("alder", 40_000), venue("birch", 900)]), { ...at, now: 60_000 });
    expect(isLagging(lag)).toBe(false);
  });

  it("says how old the page's copy is when the stream is down and reads stopped arriving", () => {
    const quiet = book([venue("alder", 300)]);
    expect(bookLag(quiet, { ...at, live: false, now: 14_000 }).readAgeMs).toBeNull();
    expect(bookLag(quiet, { ...at, live: false, now: 16_500 }).readAgeMs).toBe(6_500);
  });

  it("has nothing to say without a book", () => {
    expect(isLagging(bookLag(undefined, at))).toBe(false);
  });
});
