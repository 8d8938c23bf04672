// Exact arithmetic for quotes on bigint base units; no floats anywhere (decimal strings: lib/decimal.ts).
import type { Fraction } from "../decimal";

export const BPS = 10_000n;

/** What a constant-product pool pays for `amountIn` (the pool contract's own formula). */
export function amountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint, feeBps: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const inWithFee = amountIn * (BPS - feeBps);
  return (inWithFee * reserveOut) / (reserveIn * BPS + inWithFee);
}

export const ONE: Fraction = { num: 1n, den: 1n };

export function multiply(a: Fraction, b: Fraction): Fraction {
  return { num: a.num * b.num, den: a.den * b.den };
}

/**
 * How much worse than the mid price a swap along these hops fills, fees aside: each hop keeps
 * reserveIn / (reserveIn + amountIn) of the ideal output, so the impact is 1 − the product.
 */
export function priceImpact(hops: readonly { amountIn: bigint; reserveIn: bigint }[]): Fraction {
  const kept = hops.reduce((acc, h) => multiply(acc, { num: h.reserveIn, den: h.reserveIn + h.amountIn }), ONE);
  return { num: kept.den - kept.num, den: kept.den };
}

/** `amount` less `slippage` (a fraction), rounded down. */
export function lessSlippage(amount: bigint, slippage: Fraction): bigint {
  return (amount * (slippage.den - slippage.num)) / slippage.den;
}
