// Decimal strings on the wire ⇄ integer ticks and lots inside, computed exactly with bigint.
import { type Decimal, formatDecimal, parseDecimal, pow10, UnitError } from "../decimal";

function positiveStep(step: string): Decimal {
  const d = parseDecimal(step);
  if (d.units <= 0n) throw new UnitError("OUT_OF_RANGE", `step must be positive: ${step}`);
  return d;
}

/** How many steps make `value`, e.g. toUnits("64250.5", "0.5") === 128501; throws unless it is a whole, safe number of steps. */
export function toUnits(value: string, step: string): number {
  const v = parseDecimal(value);
  const s = positiveStep(step);
  // value / step = (v.units · 10^s.scale) / (s.units · 10^v.scale)
  const numerator = v.units * pow10(s.scale);
  const denominator = s.units * pow10(v.scale);
  if (numerator % denominator !== 0n) throw new UnitError("NOT_A_MULTIPLE", `${value} is not a multiple of ${step}`);
  const n = numerator / denominator;
  if (n > BigInt(Number.MAX_SAFE_INTEGER) || n < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new UnitError("OUT_OF_RANGE", `${value} / ${step} is beyond the safe integer range`);
  }
  return Number(n);
}

/** Formats `n` steps as a canonical decimal string (no trailing zeros), e.g. fromUnits(128501, "0.5") === "64250.5". */
export function fromUnits(n: number, step: string): string {
  if (!Number.isSafeInteger(n)) throw new UnitError("OUT_OF_RANGE", `not a safe integer: ${n}`);
  const s = positiveStep(step);
  return formatDecimal({ units: BigInt(n) * s.units, scale: s.scale });
}

export const toTicks = toUnits;
export const fromTicks = fromUnits;
export const toLots = toUnits;
export const fromLots = fromUnits;
