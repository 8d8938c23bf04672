import { describe, expect, it } from "vitest";
import { marketUnits } from "../engine/accounts/market-units";
import { findMarket, MARKETS, VENUES, venueTickSize } from "./catalog";

describe("catalog", () => {
  it("has three venues with distinct lower-case names, pair trading on the first and third", () => {
    expect(VENUES).toHaveLength(3);
    expect(new Set(VENUES.map((v) => v.name)).size).toBe(3);
    for (const v of VENUES) expect(v.name).toMatch(/^[a-z]+$/);
    expect(VENUES.filter((v) => v.pairTrading).map((v) => v.name)).toEqual([VENUES[0]!.name, VENUES[2]!.name]);
  });

  it("computes venue ticks exactly", () => {
    const btc = findMarket("BTC-USD")!;
    expect(VENUES.map((v) => venueTickSize(btc, v))).toEqual(["0.1", "0.2", "0.5"]);
    expect(venueTickSize(findMarket("DOGE-USD")!, VENUES[2]!)).toBe("0.00005");
  });

  it("has at least ten markets, each with exact money units on every venue", () => {
    expect(MARKETS.length).toBeGreaterThanOrEqual(10);
    for (const m of MARKETS) {
      for (const v of VENUES) {
        expect(() => marketUnits(venueTickSize(m, v), m.lot), `${m.symbol} on ${v.name}`).not.toThrow();
      }
      expect(m.maintenanceMarginBps * m.maxLeverage).toBeLessThanOrEqual(10_000);
    }
  });
});
