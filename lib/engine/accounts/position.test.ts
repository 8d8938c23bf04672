import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatAtoms, marketUnits, parseAtoms } from "./market-units";
import { applyFill, FLAT, unrealizedPnl, type Position } from "./position";

// BTC-like market: tick 0.5 USDC, lot 0.001 BTC → 500 atoms (0.0005 USDC) per tick-lot.
const btc = marketUnits("0.5", "0.001");
const ticks = (price: number) => price * 2;
const lots = (btcAmount: number) => BigInt(Math.round(btcAmount * 1000));

describe("marketUnits", () => {
  it("is exact or refuses", () => {
    expect(btc.atomsPerTickLot).toBe(500n);
    expect(marketUnits("0.01", "1").atomsPerTickLot).toBe(10_000n);
    expect(() => marketUnits("0.0001", "0.0001")).toThrow(/whole number/);
  });

  it("formats and parses atoms without floats", () => {
    expect(formatAtoms(1_234_500n)).toBe("1.2345");
    expect(formatAtoms(-500n)).toBe("-0.0005");
    expect(parseAtoms("0.3") - parseAtoms("0.1") - parseAtoms("0.2")).toBe(0n);
    expect(() => parseAtoms("0.0000001")).toThrow(/decimals/);
  });
});

describe("applyFill: worked examples", () => {
  it("opens, adds at another price, and reports the average entry", () => {
    let p: Position = FLAT;
    p = applyFill(btc, p, ticks(60_000), lots(1)).position;
    p = applyFill(btc, p, ticks(62_000), lots(1)).position;
    expect(p.sizeLots).toBe(2000n);
    // Average entry 61,000: basis = 2 BTC × 61,000 = 122,000 USDC.
    expect(formatAtoms(p.costBasis)).toBe("122000");
    expect(formatAtoms(unrealizedPnl(btc, p, ticks(63_000)))).toBe("4000");
  });

  it("realizes the proportional PnL on a partial close of a long", () => {
    const opened = applyFill(btc, FLAT, ticks(60_000), lots(2)).position;
    const { position, realizedPnl } = applyFill(btc, opened, ticks(61_500), -lots(0.5));
    expect(formatAtoms(realizedPnl)).toBe("750"); // 0.5 × (61,500 − 60,000)
    expect(position.sizeLots).toBe(1500n);
    expect(formatAtoms(position.costBasis)).toBe("90000");
  });

  it("realizes a short's PnL and flips through zero", () => {
    const short = applyFill(btc, FLAT, ticks(60_000), -lots(1)).position;
    expect(formatAtoms(unrealizedPnl(btc, short, ticks(59_000)))).toBe("1000");
    const { position, realizedPnl } = applyFill(btc, short, ticks(59_000), lots(3));
    expect(formatAtoms(realizedPnl)).toBe("1000");
    expect(position).toEqual({ sizeLots: 2000n, costBasis: parseAtoms("118000") });
  });
});

describe("applyFill: properties", () => {
  const fill = fc.record({ price: fc.integer({ min: 1, max: 400_000 }), size: fc.integer({ min: -5000, max: 5000 }).filter((s) => s !== 0) });

  it("realized + unrealized PnL equals the cash flow of the fills, to the atom", () => {
    fc.assert(
      fc.property(fc.array(fill, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 400_000 }), (fills, mark) => {
        let p = FLAT;
        let realized = 0n;
        let cash = 0n; // −notional of every fill: what was paid (negative) or received
        for (const f of fills) {
          const change = applyFill(btc, p, f.price, BigInt(f.size));
          p = change.position;
          realized += change.realizedPnl;
          cash -= BigInt(f.price) * BigInt(f.size) * btc.atomsPerTickLot;
        }
        // Closing at the mark would add the position's value to the cash; total PnL must match.
        const total = cash + BigInt(mark) * p.sizeLots * btc.atomsPerTickLot;
        expect(realized + unrealizedPnl(btc, p, mark)).toBe(total);
        expect(p.sizeLots).toBe(fills.reduce((s, f) => s + BigInt(f.size), 0n));
        if (p.sizeLots === 0n) expect(p.costBasis).toBe(0n);
      }),
      { numRuns: 500 },
    );
  });
});
