// Decimal strings, exactly: parsed to a bigint and a scale, computed on bigints, formatted back; never a
// float. Used by the engine and the services on the wire's decimal strings, and by the dashboard's forms.

export type UnitErrorCode = "INVALID_DECIMAL" | "NOT_A_MULTIPLE" | "OUT_OF_RANGE";

export class UnitError extends Error {
  constructor(
    readonly code: UnitErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "UnitError";
  }
}

/** value = units / 10^scale */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Parses a plain decimal string ("-12.50", "0.001"); no exponent, no "+", no bare ".5" or "5.". */
export function parseDecimal(text: string): Decimal {
  const m = DECIMAL.exec(text);
  if (m === null) throw new UnitError("INVALID_DECIMAL", `not a decimal number: ${JSON.stringify(text)}`);
  const fraction = m[3] ?? "";
  const units = BigInt(m[2]! + fraction);
  return { units: m[1] === "-" ? -units : units, scale: fraction.length };
}

/** The canonical decimal string (no trailing zeros, no "-0"). */
export function formatDecimal(d: Decimal): string {
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, "0");
  const whole = digits.slice(0, digits.length - d.scale);
  const fraction = digits.slice(digits.length - d.scale).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction === "" ? "" : `.${fraction}`}`;
}

export function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** Division rounded toward negative infinity (bigint division truncates toward zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** Division rounded toward positive infinity. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}

// ---- arithmetic on decimal strings -----------------------------------------------------------------

/** `d`'s units at a scale at least its own. */
function unitsAt(d: Decimal, scale: number): bigint {
  return d.units * pow10(scale - d.scale);
}

/** A decimal step times a whole multiple, exactly: ("0.01", 10) → "0.1". */
export function multiplyStep(step: string, multiple: number): string {
  const s = parseDecimal(step);
  return formatDecimal({ units: s.units * BigInt(multiple), scale: s.scale });
}

/** Whether `value` is a whole multiple of `step` ("0.03" of "0.01": yes). */
export function isMultipleOf(value: string, step: string): boolean {
  const v = parseDecimal(value);
  const s = parseDecimal(step);
  const scale = Math.max(v.scale, s.scale);
  const stepUnits = unitsAt(s, scale);
  return stepUnits > 0n && unitsAt(v, scale) % stepUnits === 0n;
}

/** The sum of decimal strings. */
export function sumDecimals(values: readonly string[]): string {
  const parsed = values.map(parseDecimal);
  const scale = Math.max(0, ...parsed.map((d) => d.scale));
  return formatDecimal({ units: parsed.reduce((total, d) => total + unitsAt(d, scale), 0n), scale });
}

/** a × b, exactly. */
export function multiplyDecimals(a: string, b: string): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  return formatDecimal({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** Whole lots that `notional` buys at `price`, rounded down: the quantity, or "0" when not one lot. */
export function quantityForNotional(notional: string, price: string, lot: string): string {
  const [n, p, l] = [parseDecimal(notional), parseDecimal(price), parseDecimal(lot)];
  const scale = Math.max(n.scale, p.scale, l.scale);
  const lots = (unitsAt(n, scale) * pow10(scale)) / (unitsAt(p, scale) * unitsAt(l, scale));
  return formatDecimal({ units: lots * l.units, scale: l.scale });
}

/** Whether a ≥ b. */
export function atLeast(a: string, b: string): boolean {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  return unitsAt(x, scale) >= unitsAt(y, scale);
}

/** A typed amount as a canonical positive decimal string ("1." → "1", ".5" → "0.5", "1,000" → "1000"), or null. */
export function positiveDecimal(text: string): string | null {
  const trimmed = text.trim().replace(/,/g, "");
  if (!/^(\d+\.?\d*|\.\d+)$/.test(trimmed)) return null;
  const [whole = "", fraction = ""] = trimmed.split(".");
  const canonical = formatDecimal({ units: BigInt(`${whole}${fraction}` || "0"), scale: fraction.length });
  return canonical === "0" ? null : canonical;
}

// ---- fractions and token base units ----------------------------------------------------------------

/** A non-negative fraction num/den. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

/** A fraction as a decimal string with at most `digits` decimals, rounded down ("0.0123"). */
export function fractionToDecimal(f: Fraction, digits = 6): string {
  if (f.den === 0n) return "0";
  return formatDecimal({ units: (f.num * pow10(digits)) / f.den, scale: digits });
}

/** A plain non-negative decimal string ("0.005") as the fraction 5/1000. */
export function decimalToFraction(text: string): Fraction {
  const [whole = "0", frac = ""] = text.split(".");
  return { num: BigInt(whole + frac), den: pow10(frac.length) };
}

/** Base units of a token with `decimals` decimals as a decimal string, cut (not rounded) to `maxDigits` decimals ("1234.5"). */
export function unitsToDecimal(units: bigint, decimals: number, maxDigits = decimals): string {
  const scale = Math.min(decimals, maxDigits);
  return formatDecimal({ units: units / pow10(decimals - scale), scale });
}
