import { ceilDiv, parseDecimal, pow10, UnitError } from "../decimal";

/** What turns ticks × lots into whole quote units (decimal strings). */
export interface FeeUnits {
  /** Price increment, e.g. "0.5". */
  readonly tickSize: string;
  /** Size increment, e.g. "0.001". */
  readonly lotSize: string;
  /** Smallest unit fees are charged in, e.g. "0.000001" for a 6-decimal stablecoin. */
  readonly quoteUnit: string;
}

/** A fee in whole quote units for a trade of notional `tickLots` = price ticks × size lots; positive is paid, negative is a rebate received. */
export type FeeFn = (tickLots: bigint) => bigint;

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/**
 * fee = ⌈price · size · tickSize · lotSize · bps / (10 000 · quoteUnit)⌉, exactly.
 * The ceiling is taken on the signed value, so charges round up and rebates round down (toward zero):
 * rounding always favours the venue.
 */
export function feeFn(market: FeeUnits, bps: string): FeeFn {
  const tick = parseDecimal(market.tickSize);
  const lot = parseDecimal(market.lotSize);
  const quote = parseDecimal(market.quoteUnit);
  const rate = parseDecimal(bps);
  if (tick.units <= 0n || lot.units <= 0n || quote.units <= 0n) throw new UnitError("OUT_OF_RANGE", "tick, lot and quote unit must be positive");
  let num = tick.units * lot.units * rate.units * pow10(quote.scale);
  let den = pow10(tick.scale + lot.scale + rate.scale) * 10_000n * quote.units;
  const g = gcd(num < 0n ? -num : num, den);
  if (g > 1n) [num, den] = [num / g, den / g];
  if (num === 0n) return () => 0n;
  return (tickLots) => ceilDiv(tickLots * num, den);
}
