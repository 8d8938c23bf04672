import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { feeFn } from "./fees";

const btc = { tickSize: "0.5", lotSize: "0.001", quoteUnit: "0.000001" };

describe("fees", () => {
  it("charges takers rounding up and pays rebates rounding down, in quote units", () => {
    // 100 ticks × 0.5 = 50; 5 lots × 0.001 = 0.005; notional 0.25 = 250 000 µ
    expect(feeFn(btc, "4.5")(100n * 5n)).toBe(113n); // 112.5 → 113
    expect(feeFn(btc, "-1")(101n * 2n)).toBe(-10n); // −10.1 → −10
    expect(feeFn(btc, "-1")(100n * 5n)).toBe(-25n);
    expect(feeFn(btc, "0")(100n * 5n)).toBe(0n);
    expect(feeFn(btc, "2")(1n * 1n)).toBe(1n); // 0.0000001 → 1
    expect(feeFn(btc, "-2")(1n * 1n)).toBe(0n);
  });

  it("stays exact where a double would not", () => {
    const big = feeFn({ tickSize: "0.01", lotSize: "0.00000001", quoteUnit: "0.000000000000000001" }, "3");
    // price 9 007 199 254 740 991 ticks × 9 007 199 254 740 991 lots is far beyond 2^53
    const p = Number.MAX_SAFE_INTEGER;
    const exact = (BigInt(p) * BigInt(p) * 3n * 10n ** 18n) / (100n * 10n ** 8n * 10_000n);
    expect(big(BigInt(p) * BigInt(p))).toBe(exact);
  });

  it("is the ceiling of the exact rational for any price, size and rate", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: -100, max: 100 }),
        fc.integer({ min: 0, max: 2 }),
        (price, size, rate, scale) => {
          const bps = (rate / 10 ** scale).toFixed(scale);
          const fee = feeFn(btc, bps)(BigInt(price) * BigInt(size));
          // exact value × 10^(1+3+scale) · 10 000 in µ units, with the rate as an integer of 10^-scale bps
          const numerator = BigInt(price) * 5n * BigInt(size) * BigInt(rate) * 10n ** 6n;
          const denominator = 10n ** BigInt(4 + scale) * 10_000n;
          expect(fee * denominator >= numerator).toBe(true);
          expect((fee - 1n) * denominator < numerator).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
