import { describe, expect, it } from "vitest";
import { backfill, type BackfillInput } from "./history";

const input: BackfillInput = {
  models: [
    { symbol: "BTC-USD", startPrice: 64_000, beta: 0.9, volatility: 0.5 },
    { symbol: "SOL-USD", startPrice: 150, beta: 0.8, volatility: 0.85 },
  ],
  venues: [
    { name: "alder", basisBps: { mean: 1, sd: 3 }, depthScale: 1.2, units: { "BTC-USD": { tick: 0.1, lot: 0.0001 }, "SOL-USD": { tick: 0.001, lot: 0.01 } } },
    { name: "cedar", basisBps: { mean: 3, sd: 4 }, depthScale: 1.6, units: { "BTC-USD": { tick: 0.5, lot: 0.0001 }, "SOL-USD": { tick: 0.005, lot: 0.01 } } },
  ],
  seed: 2026,
  endMs: Date.UTC(2026, 10, 22, 12, 0, 30),
  minutes: 7 * 24 * 60,
};

describe("backfill", () => {
  it("makes seven days of consistent one-minute candles per venue and symbol, quickly", () => {
    const t0 = performance.now();
    const h = backfill(input);
    const ms = performance.now() - t0;
    expect(ms).toBeLessThan(10_000); // generous: "computed in seconds" on a loaded 2-core machine
    for (const venue of ["alder", "cedar"]) {
      for (const symbol of ["BTC-USD", "SOL-USD"]) {
        const c = h.candles[venue]![symbol]!;
        expect(c).toHaveLength(7 * 24 * 60);
        expect(c[0]!.time).toBe(Date.UTC(2026, 10, 15, 12, 0));
        expect(c.at(-1)!.time).toBe(Date.UTC(2026, 10, 22, 11, 59));
        for (const k of c) {
          expect(k.high).toBeGreaterThanOrEqual(Math.max(k.open, k.close));
          expect(k.low).toBeLessThanOrEqual(Math.min(k.open, k.close));
          expect(Number.isSafeInteger(k.low) && k.low > 0).toBe(true);
          expect(k.volumeLots).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  it("is reproducible, and venues stay close to each other", () => {
    const a = backfill({ ...input, minutes: 600 });
    const b = backfill({ ...input, minutes: 600 });
    expect(a).toEqual(b);
    // alder ticks are 0.1, cedar's 0.5: compare prices, within 0.5%.
    const alder = a.candles.alder!["BTC-USD"]!;
    const cedar = a.candles.cedar!["BTC-USD"]!;
    alder.forEach((k, i) => {
      const ratio = (k.close * 0.1) / (cedar[i]!.close * 0.5);
      expect(Math.abs(ratio - 1)).toBeLessThan(0.005);
    });
  });
});
