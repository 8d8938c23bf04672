// Exact conversions between ccxt's numbers and a market's integers (base ticks, lots, quote atoms). ccxt
// parses the venues' decimal strings into JavaScript numbers; the shortest text of such a number is the
// decimal it was parsed from, so every conversion starts from that text and goes on in bigint arithmetic.
import { ceilDiv, type Decimal, floorDiv, formatDecimal, parseDecimal, pow10 } from "../../decimal";
import { QUOTE_DECIMALS } from "../../engine/accounts/market-units";

export type Rounding = "down" | "up" | "nearest";

/** A number (or its text, exponent allowed) as an exact plain decimal string: 1e-7 → "0.0000001", 0.1 → "0.1". */
export function decimalText(value: number | string): string {
  if (typeof value === "number" && !Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const [mantissa = "0", exponent = "0"] = String(value).trim().toLowerCase().split("e");
  const d = parseDecimal(mantissa);
  const shift = Number(exponent);
  return formatDecimal(shift >= 0 ? { units: d.units * pow10(shift), scale: d.scale } : { units: d.units, scale: d.scale - shift });
}

/** The least common multiple of two positive decimal steps, exactly ("0.1" and "0.25" → "0.5"). */
export function stepLcm(a: string, b: string): string {
  const [x, y] = sameScale(parseDecimal(a), parseDecimal(b));
  if (x.units <= 0n || y.units <= 0n) throw new RangeError(`steps must be positive: ${a}, ${b}`);
  return formatDecimal({ units: (x.units / gcd(x.units, y.units)) * y.units, scale: x.scale });
}

/** How many `step`s make `value`, rounded as asked ("0.35" in steps of "0.1", down → 3). */
export function stepsIn(value: number | string, step: string, rounding: Rounding): bigint {
  const [v, s] = sameScale(parseDecimal(decimalText(value)), parseDecimal(step));
  return divide(v.units, s.units, rounding);
}

/** A whole number of steps as a decimal string (3 steps of "0.1" → "0.3"). */
export function stepsText(steps: number | bigint, step: string): string {
  const s = parseDecimal(step);
  return formatDecimal({ units: s.units * BigInt(steps), scale: s.scale });
}

/** An amount of quote currency as atoms (1e-6), rounded as asked. */
export function atomsOf(value: number | string, rounding: Rounding): bigint {
  const d = parseDecimal(decimalText(value));
  return d.scale <= QUOTE_DECIMALS ? d.units * pow10(QUOTE_DECIMALS - d.scale) : divide(d.units, pow10(d.scale - QUOTE_DECIMALS), rounding);
}

/**
 * A positive price rounded to `figures` significant figures, as asked; whole digits are never rounded
 * (Hyperliquid's rule: at most five significant figures, any integer allowed). "64251.5", 5, down → "64251".
 */
export function significantPrice(price: string, figures: number, rounding: Rounding): string {
  const d = parseDecimal(price);
  const digits = d.units.toString().length;
  const wholeDigits = Math.max(0, digits - d.scale);
  const keep = Math.max(figures, wholeDigits);
  if (d.units <= 0n || digits <= keep) return formatDecimal(d);
  const drop = digits - keep;
  const scale = d.scale - drop;
  const units = divide(d.units, pow10(drop), rounding);
  return formatDecimal(scale >= 0 ? { units, scale } : { units: units * pow10(-scale), scale: 0 });
}

function sameScale(a: Decimal, b: Decimal): [Decimal, Decimal] {
  const scale = Math.max(a.scale, b.scale);
  return [
    { units: a.units * pow10(scale - a.scale), scale },
    { units: b.units * pow10(scale - b.scale), scale },
  ];
}

function divide(a: bigint, b: bigint, rounding: Rounding): bigint {
  if (rounding === "down") return floorDiv(a, b);
  if (rounding === "up") return ceilDiv(a, b);
  return floorDiv(2n * a + b, 2n * b);
}

function gcd(a: bigint, b: bigint): bigint {
  return b === 0n ? a : gcd(b, a % b);
}
