import { describe, expect, it } from "vitest";
import { formatAtoms, marketUnits, parseAtoms } from "./market-units";
import { applyFill, FLAT } from "./position";
import { accountMargin, type MarketRisk } from "./margin";
import { fundingPayment, hourlyFundingRateE8, premiumE8 } from "./funding";

// Tick 1 USDC, lot 0.001 BTC: 1,000 atoms per tick-lot, so ticks read as dollars.
const risk: MarketRisk = { units: marketUnits("1", "0.001"), maxLeverage: 20, maintenanceMarginBps: 50 };
const usd = (s: string) => parseAtoms(s);
const long = (lots: bigint, price: number) => applyFill(risk.units, FLAT, price, lots).position;

describe("accountMargin: a worked example", () => {
  // 10,000 USDC collateral, long 1 BTC at 60,000 with 10× leverage, mark 60,000.
  const held = [{ symbol: "BTC-USD", position: long(1000n, 60_000), leverage: 10, markTicks: 60_000, risk }];
  const m = accountMargin(usd("10000"), held);

  it("computes equity, initial and maintenance margin, and what is available", () => {
    expect(formatAtoms(m.equity)).toBe("10000");
    expect(formatAtoms(m.initialMargin)).toBe("6000"); // 60,000 / 10
    expect(formatAtoms(m.maintenanceMargin)).toBe("300"); // 0.5% of 60,000
    expect(formatAtoms(m.available)).toBe("4000");
    expect(m.liquidatable).toBe(false);
  });

  it("puts the liquidation price where equity meets maintenance", () => {
    // 10,000 + (P − 60,000) = 0.005·P  ⇒  P = 50,000 / 0.995 = 50,251.26: liquidated from 50,251 down
    expect(m.positions[0]!.liquidationPriceTicks).toBe(50_251);
    const at = (mark: number) => accountMargin(usd("10000"), [{ ...held[0]!, markTicks: mark }]);
    expect(at(50_251).liquidatable).toBe(true);
    expect(at(50_252).liquidatable).toBe(false);
  });

  it("gives a short's liquidation price above the mark", () => {
    const short = [{ symbol: "BTC-USD", position: applyFill(risk.units, FLAT, 60_000, -1000n).position, leverage: 10, markTicks: 60_000, risk }];
    // 10,000 − (P − 60,000) = 0.005·P  ⇒  P = 70,000 / 1.005 = 69,651.74: liquidated from 69,652 up
    const p = accountMargin(usd("10000"), short).positions[0]!.liquidationPriceTicks!;
    expect(p).toBe(69_652);
    expect(accountMargin(usd("10000"), [{ ...short[0]!, markTicks: p }]).liquidatable).toBe(true);
    expect(accountMargin(usd("10000"), [{ ...short[0]!, markTicks: p - 1 }]).liquidatable).toBe(false);
  });

  it("finds the first liquidatable tick even when the solution is a whole tick", () => {
    // C + (P − 60,000) = 0.005·P is solved by P* = 50,000 exactly when C = 60,000 − 0.995 × 50,000 = 10,250.
    const exact = accountMargin(usd("10250"), held);
    expect(exact.positions[0]!.liquidationPriceTicks).toBe(49_999);
    expect(accountMargin(usd("10250"), [{ ...held[0]!, markTicks: 50_000 }]).liquidatable).toBe(false);
    expect(accountMargin(usd("10250"), [{ ...held[0]!, markTicks: 49_999 }]).liquidatable).toBe(true);
  });

  it("has no liquidation price for a long that is fully collateralised", () => {
    const safe = accountMargin(usd("100000"), held);
    expect(safe.positions[0]!.liquidationPriceTicks).toBeNull();
  });

  it("counts resting orders' margin against what is available", () => {
    expect(formatAtoms(accountMargin(usd("10000"), held, usd("1500")).available)).toBe("2500");
  });
});

describe("funding: a worked example", () => {
  it("turns the hour's premium into a capped hourly rate and pays shorts from longs", () => {
    // Mark 60,060 over index 60,000: premium 0.1% = 100,000 (1e-8).
    expect(premiumE8(60_060, 60_000)).toBe(100_000n);
    const rate = hourlyFundingRateE8([100_000n, 100_000n, 40_000n], { convergenceHours: 8, capE8: 4_000_000 });
    expect(rate).toBe(10_000n); // mean 80,000 / 8 = 0.01% per hour
    const longPays = fundingPayment(risk.units, long(1000n, 60_000), 60_000, rate);
    const shortGets = fundingPayment(risk.units, applyFill(risk.units, FLAT, 60_000, -1000n).position, 60_000, rate);
    expect(formatAtoms(longPays)).toBe("-6"); // 0.01% of 60,000
    expect(formatAtoms(shortGets)).toBe("6");
    expect(hourlyFundingRateE8([999_999_999n], { convergenceHours: 1, capE8: 4_000_000 })).toBe(4_000_000n);
  });

  it("never pays out more than it collects when amounts do not divide evenly", () => {
    const units = marketUnits("0.01", "1");
    const l = applyFill(units, FLAT, 333, 7n).position;
    const s = applyFill(units, FLAT, 333, -7n).position;
    const rate = 12_345n;
    expect(fundingPayment(units, l, 333, rate) + fundingPayment(units, s, 333, rate)).toBeLessThanOrEqual(0n);
  });
});

describe("liquidation price: property", () => {
  it("is the first tick at which the account is liquidatable, for longs and shorts", async () => {
    const fc = (await import("fast-check")).default;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000_000 }).map((c) => BigInt(c) * 1000n),
        fc.integer({ min: -5000, max: 5000 }).filter((s) => s !== 0),
        fc.integer({ min: 1000, max: 200_000 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 10, max: 500 }),
        (collateral, size, entry, leverage, mmBps) => {
          const r: MarketRisk = { ...risk, maintenanceMarginBps: mmBps };
          const position = applyFill(r.units, FLAT, entry, BigInt(size)).position;
          const at = (mark: number) => accountMargin(collateral, [{ symbol: "X", position, leverage, markTicks: mark, risk: r }]);
          const p = at(entry).positions[0]!.liquidationPriceTicks;
          if (p === null) return;
          const safer = size > 0 ? p + 1 : p - 1;
          expect(at(p).liquidatable).toBe(true);
          if (safer > 0) expect(at(safer).liquidatable).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
