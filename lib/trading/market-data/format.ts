// Integers inside → decimal strings on the wire, exactly (never through a float).

import { formatAtoms } from "../../engine/accounts/market-units";
import { formatDecimal, fromUnits, parseDecimal, pow10 } from "../../engine/units";

export { formatAtoms };

/**
 * A formatter of whole steps (ticks of a price, lots of a size) as decimal strings, with the step parsed
 * once: the book formats hundreds of numbers per answer.
 */
export function stepFormatter(step: string): (n: number) => string {
  const s = parseDecimal(step);
  if (s.units <= 0n) return (n) => fromUnits(n, step);
  return (n) => {
    if (!Number.isSafeInteger(n)) return fromUnits(n, step);
    return formatDecimal({ units: BigInt(n) * s.units, scale: s.scale });
  };
}

/** Twice a price (e.g. bid + ask) halved, exactly: one more decimal than the tick when needed. */
export function formatHalf(ticksTimesTwo: number, baseTick: string): string {
  const tick = parseDecimal(baseTick);
  return formatDecimal({ units: BigInt(ticksTimesTwo) * tick.units * 5n, scale: tick.scale + 1 });
}

/** num / den rounded half away from zero to `scale` decimals. */
export function formatRatio(num: bigint, den: bigint, scale: number): string {
  if (den === 0n) throw new RangeError("division by zero");
  const negative = num < 0n !== den < 0n && num !== 0n;
  const n = (num < 0n ? -num : num) * pow10(scale);
  const d = den < 0n ? -den : den;
  const rounded = (n * 2n + d) / (2n * d);
  return formatDecimal({ units: negative ? -rounded : rounded, scale });
}
