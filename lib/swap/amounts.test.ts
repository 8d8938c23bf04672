import { describe, expect, it } from "vitest";
import { amountOut, lessSlippage, priceImpact } from "./amounts";
import { decimalToFraction, fractionToDecimal, unitsToDecimal } from "../decimal";

describe("swap arithmetic", () => {
  it("pays what a constant-product pool pays, fee included, rounded down", () => {
    // 1000 in against 1,000,000 / 1,000,000 with 0.30%: 997000·1e6 / (1e10 + 997000) = 996.0069…
    expect(amountOut(1000n, 1_000_000n, 1_000_000n, 30n)).toBe(996n);
    expect(amountOut(0n, 1_000_000n, 1_000_000n, 30n)).toBe(0n);
    expect(amountOut(10n ** 30n, 1_000_000n, 1_000_000n, 30n)).toBeLessThan(1_000_000n);
  });

  it("measures price impact over hops, fees aside", () => {
    // One hop taking 1% of the input reserve keeps 100/101 of the mid-price output; two keep (100/101)², rounded down.
    expect(fractionToDecimal(priceImpact([{ amountIn: 10n, reserveIn: 1000n }]), 6)).toBe("0.0099");
    expect(fractionToDecimal(priceImpact([]), 6)).toBe("0");
    const two = priceImpact([
      { amountIn: 10n, reserveIn: 1000n },
      { amountIn: 10n, reserveIn: 1000n },
    ]);
    expect(fractionToDecimal(two, 6)).toBe("0.019703");
  });

  it("takes slippage off exactly and parses decimal fractions", () => {
    expect(lessSlippage(1_000_000n, decimalToFraction("0.005"))).toBe(995_000n);
    expect(lessSlippage(999n, decimalToFraction("0.5"))).toBe(499n);
    expect(decimalToFraction("0.005000")).toEqual({ num: 5000n, den: 1_000_000n });
  });

  it("formats base units for people without floats", () => {
    expect(unitsToDecimal(1_234_500_000n, 6)).toBe("1234.5");
    expect(unitsToDecimal(1n, 18)).toBe("0.000000000000000001");
    expect(unitsToDecimal(123_456_789n, 6, 2)).toBe("123.45");
    expect(unitsToDecimal(0n, 6)).toBe("0");
  });
});
