// Integers inside → decimal strings on the wire, exactly (never through a float).

import { formatAtoms } from "../../engine/accounts/market-units";
import { fromUnits } from "../../engine/units";
import { formatDecimal, parseDecimal, pow10 } from "../../decimal";

export { formatAtoms };

/**
 * A formatter of whole steps (ticks of a price, lots of a size) as decimal strings, with the step parsed
 * once: the book formats hundreds of numbers per answer. Exact: integer digits are placed, never divided.
 */
export function stepFormatter(step: string): (n: number) => string {
  const s = parseDecimal(step);
  if (s.units <= 0n) return (n) => fromUnits(n, step);
  const unit = Number(s.units);
  return (n) => {
    const units = n * unit;
    // Integers within 2^53 are exact in a double; beyond, bigint.
    if (!Number.isSafeInteger(n) || !Number.isSafeInteger(units)) return fromUnits(n, step);
    return placePoint(units, s.scale);
  };
}

/** units / 10^scale as a canonical decimal string, for a safe integer `units`. */
function placePoint(units: number, scale: number): string {
  const sign = units < 0 ? "-" : "";
  const digits = String(Math.abs(units)).padStart(scale + 1, "0");
  const cut = digits.length - scale;
  let end = digits.length;
  while (end > cut && digits.charCodeAt(end - 1) === 48) end--;
  return end === cut ? sign + digits.slice(0, cut) : `${sign}${digits.slice(0, cut)}.${digits.slice(cut, end)}`;
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

/** JSON text of a T: what a cached, already serialized answer is. */
export type Serialized<T> = string & { readonly __serialized: T };
