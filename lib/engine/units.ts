// Decimal strings on the wire ⇄ integer ticks and lots inside, computed exactly with bigint.

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

export function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

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

export function formatDecimal(d: Decimal): string {
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, "0");
  const whole = digits.slice(0, digits.length - d.scale);
  const fraction = digits.slice(digits.length - d.scale).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction === "" ? "" : `.${fraction}`}`;
}

export const toTicks = toUnits;
export const fromTicks = fromUnits;
export const toLots = toUnits;
export const fromLots = fromUnits;

/** Division rounded toward negative infinity (bigint division truncates toward zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** Division rounded toward positive infinity. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}
