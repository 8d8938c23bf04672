import { describe, expect, it } from "vitest";
import { nextSort, searchMarkets, sortMarkets, type MarketRow } from "./markets-list";

const row = (base: string, price: string, change24h: string, volume24h: string): MarketRow => ({
  symbol: `${base}-USD`,
  base,
  quote: "USD",
  price,
  priceDecimals: 2,
  change24h,
  volume24h,
  fundingRate: "0.0001",
  closes: [],
});

const rows = [row("ETH", "3180.5", "-0.02", "900000"), row("BTC", "64250.1", "0.01", "5000000"), row("SOL", "148.2", "0.05", "900000")];

describe("markets list", () => {
  it("searches symbol and base asset, ignoring case and spaces", () => {
    expect(searchMarkets(rows, " eth ").map((r) => r.base)).toEqual(["ETH"]);
    expect(searchMarkets(rows, "-usd")).toHaveLength(3);
    expect(searchMarkets(rows, "")).toHaveLength(3);
    expect(searchMarkets(rows, "doge")).toEqual([]);
  });

  it("sorts by a number column in either direction, ties by symbol", () => {
    expect(sortMarkets(rows, { key: "volume24h", direction: "desc" }).map((r) => r.base)).toEqual(["BTC", "ETH", "SOL"]);
    expect(sortMarkets(rows, { key: "change24h", direction: "asc" }).map((r) => r.base)).toEqual(["ETH", "BTC", "SOL"]);
    expect(sortMarkets(rows, { key: "price", direction: "asc" }).map((r) => r.base)).toEqual(["SOL", "ETH", "BTC"]);
  });

  it("sorts by symbol alphabetically", () => {
    expect(sortMarkets(rows, { key: "symbol", direction: "asc" }).map((r) => r.base)).toEqual(["BTC", "ETH", "SOL"]);
  });

  it("flips the direction of the sorted column and starts others at their natural direction", () => {
    expect(nextSort({ key: "price", direction: "desc" }, "price")).toEqual({ key: "price", direction: "asc" });
    expect(nextSort({ key: "price", direction: "asc" }, "symbol")).toEqual({ key: "symbol", direction: "asc" });
    expect(nextSort({ key: "symbol", direction: "asc" }, "volume24h")).toEqual({ key: "volume24h", direction: "desc" });
  });
});
