// Exact arithmetic for quotes: bigint base units in, decimal strings out; no floats anywhere.
import { formatUnits } from "viem";

export const BPS = 10_000n;

/** What a constant-product pool pays for `amountIn` (the pool contract's own formula). */
export function amountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint, feeBps: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const inWithFee = amountIn * (BPS - feeBps);
  return (inWithFee * reserveOut) / (reserveIn * BPS + inWithFee);
}

/** A non-negative fraction num/den. */
export interface Fraction {
  num: bigint;
  den: bigint;
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

/** A fraction as a decimal string with at most `digits` decimals, rounded down ("0.0123"). */
export function fractionToDecimal(f: Fraction, digits = 6): string {
  if (f.den === 0n) return "0";
  const scaled = (f.num * 10n ** BigInt(digits)) / f.den;
  return trimZeros(formatUnits(scaled, digits));
}

/** A plain non-negative decimal string ("0.005") as the fraction 5/1000. */
export function decimalToFraction(text: string): Fraction {
  const [whole = "0", frac = ""] = text.split(".");
  return { num: BigInt(whole + frac), den: 10n ** BigInt(frac.length) };
}

/** `amount` less `slippage` (a fraction), rounded down. */
export function lessSlippage(amount: bigint, slippage: Fraction): bigint {
  return (amount * (slippage.den - slippage.num)) / slippage.den;
}

/** Base units as a decimal string for people and for USD values ("1234.5"). */
export function unitsToDecimal(units: bigint, decimals: number, maxDigits = decimals): string {
  const exact = formatUnits(units, decimals);
  const [whole, frac = ""] = exact.split(".");
  const cut = frac.slice(0, maxDigits).replace(/0+$/, "");
  return cut ? `${whole}.${cut}` : whole!;
}

function trimZeros(text: string): string {
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}
