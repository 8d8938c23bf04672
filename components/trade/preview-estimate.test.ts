import { describe, expect, it } from "vitest";
import type { Routing, TokenPair } from "@/lib/client/market-data";
import { previewEstimate, withinLimit } from "./preview-estimate";

const pair = {
  symbol: "BTC-USD",
  venues: [
    { venue: "birch", takerFeeBps: "5" },
    { venue: "cedar", takerFeeBps: "4" },
  ],
} as unknown as TokenPair;

function route(over: Partial<Routing> = {}): Routing {
  return {
    symbol: "BTC-USD",
    side: "BUY",
    quantity: "0.002",
    quantityGiven: true,
    filled: "0.002",
    complete: true,
    bestVenue: "cedar",
    legs: [
      { venue: "cedar", size: "0.001", avgPrice: "62060.5", worstPrice: "62060.5", fee: "0.02" },
      { venue: "birch", size: "0.001", avgPrice: "62070", worstPrice: "62080", fee: "0.03" },
    ],
    avgPrice: "62065.25",
    avgPriceAfterFees: null,
    mid: "62050",
    slippageBps: null,
    fees: "0.05",
    notional: "124.13",
    savingVsBestVenue: null,
    venues: [
      {
        venue: "cedar",
        takerFeeBps: "4",
        bestPrice: "62060.5",
        bestPriceAfterFee: null,
        fillable: "0.002",
        complete: true,
        avgPrice: "62061",
        avgPriceAfterFee: null,
      },
      {
        venue: "birch",
        takerFeeBps: "5",
        bestPrice: "62065",
        bestPriceAfterFee: null,
        fillable: "0.002",
        complete: true,
        avgPrice: "62072",
        avgPriceAfterFee: null,
      },
    ],
    time: 0,
    ...over,
  };
}

describe("previewEstimate", () => {
  it("shows the whole split for a market order", () => {
    const est = previewEstimate(route(), pair, "", null);
    expect(est.legs.map((l) => l.venue)).toEqual(["cedar", "birch"]);
    expect(est).toMatchObject({ avgPrice: "62065.25", fees: "0.05", complete: true, bestPrice: "62060.5" });
  });

  it("shows nothing filling now for a buy limit below every ask: it rests at its limit", () => {
    const est = previewEstimate(route(), pair, "", "62000");
    expect(est.legs).toEqual([]);
    expect(est).toMatchObject({ complete: false, fees: "0", bestPrice: "62060.5" });
  });

  it("keeps the legs within the limit whole and marks a leg reaching beyond it as partial", () => {
    const est = previewEstimate(route(), pair, "", "62070");
    expect(est.legs.map((l) => [l.venue, l.partial])).toEqual([
      ["cedar", false],
      ["birch", true],
    ]);
    expect(est.fees).toBe("0.02");
    expect(est.complete).toBe(false);
    expect(est.avgPrice).toBeNull();
  });

  it("reads a sell limit the other way round", () => {
    expect(withinLimit("SELL", "62100", "62000")).toBe(true);
    expect(withinLimit("SELL", "61900", "62000")).toBe(false);
    expect(withinLimit("BUY", "62000", "62000")).toBe(true);
  });
});
