// Exact decimal strings for the trade desk's forms and totals: values are scaled to bigints, never floats,
// so "0.3" lots stay 0.3 and a notional splits into whole lots exactly.

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A typed amount as a canonical positive decimal string ("1." → "1", ".5" → "0.5"), or null. */
export function positiveDecimal(text: string): string | null {
  const trimmed = text.trim().replace(/,/g, "");
  if (!/^(\d+\.?\d*|\.\d+)$/.test(trimmed)) return null;
  const [whole = "", fraction = ""] = trimmed.split(".");
  const frac = fraction.replace(/0+$/, "");
  const int = whole.replace(/^0+(?=\d)/, "") || "0";
  const canonical = frac ? `${int}.${frac}` : int;
  return /[1-9]/.test(canonical) ? canonical : null;
}

/** Fraction digits of a decimal string. */
function scaleOf(value: string): number {
  return value.split(".")[1]?.length ?? 0;
}

/** `value` × 10^scale as a bigint (truncating extra digits toward zero). */
function scaled(value: string, scale: number): bigint {
  if (!DECIMAL.test(value)) throw new Error(`not a decimal: ${value}`);
  const negative = value.startsWith("-");
  const [whole = "0", fraction = ""] = value.replace("-", "").split(".");
  const digits = BigInt(whole + fraction.padEnd(scale, "0").slice(0, scale));
  return negative ? -digits : digits;
}

function unscaled(n: bigint, scale: number): string {
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(scale + 1, "0");
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, "");
  const text = frac ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** Whether `value` is a whole multiple of `step` ("0.03" of "0.01": yes). */
export function isMultipleOf(value: string, step: string): boolean {
  const scale = Math.max(scaleOf(value), scaleOf(step));
  const s = scaled(step, scale);
  return s > 0n && scaled(value, scale) % s === 0n;
}

/** The sum of decimal strings. */
export function sumDecimals(values: readonly string[]): string {
  const scale = Math.max(0, ...values.map(scaleOf));
  return unscaled(
    values.reduce((total, v) => total + scaled(v, scale), 0n),
    scale,
  );
}

/** a × b, exactly. */
export function multiplyDecimals(a: string, b: string): string {
  return unscaled(scaled(a, scaleOf(a)) * scaled(b, scaleOf(b)), scaleOf(a) + scaleOf(b));
}

/** Whole lots that `notional` buys at `price`, rounded down: the quantity, or "0" when not one lot. */
export function quantityForNotional(notional: string, price: string, lot: string): string {
  const scale = Math.max(scaleOf(notional), scaleOf(price), scaleOf(lot));
  const lots = (scaled(notional, scale) * 10n ** BigInt(scale)) / (scaled(price, scale) * scaled(lot, scale));
  return unscaled(lots * scaled(lot, scaleOf(lot)), scaleOf(lot));
}

/** Whether a ≥ b. */
export function atLeast(a: string, b: string): boolean {
  const scale = Math.max(scaleOf(a), scaleOf(b));
  return scaled(a, scale) >= scaled(b, scale);
}
