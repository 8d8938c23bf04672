// Numbers on the markets pages, formatted for people. Prices and sizes arrive as decimal strings and are
// formatted from the string (Intl formats a numeric string exactly), with as many decimals as the
// market's tick or lot has. An explicit locale keeps server and client output identical.
import { LOCALE } from "@/lib/format/locale";

type Decimal = Intl.StringNumericLiteral;

const fixedFormats = new Map<number, Intl.NumberFormat>();

function fixed(decimals: number): Intl.NumberFormat {
  let format = fixedFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    fixedFormats.set(decimals, format);
  }
  return format;
}

/** Fraction digits of a step such as a tick or lot size: "0.001" → 3, "5" → 0. */
export function decimalsOf(step: string): number {
  const fraction = step.split(".")[1] ?? "";
  return fraction.replace(/0+$/, "").length;
}

/** A price or size with exactly `decimals` fraction digits and thousands separators. */
export function formatDecimal(value: string, decimals: number): string {
  return fixed(decimals).format(value as Decimal);
}

const COMPACT_UNITS = [
  { at: 1e12, suffix: "T" },
  { at: 1e9, suffix: "B" },
  { at: 1e6, suffix: "M" },
  { at: 1e3, suffix: "K" },
] as const;
const twoDecimals = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * "$12.40M". Built by hand rather than with Intl's compact notation, whose rounding differs between
 * ICU versions (Node's and the browser's), which would make server and client render different text.
 */
export function formatCompactUsd(value: string): string {
  const n = Number(value);
  const unit = COMPACT_UNITS.find((u) => Math.abs(n) >= u.at);
  return `$${twoDecimals.format(unit ? n / unit.at : n)}${unit?.suffix ?? ""}`;
}

const signedNumber = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: "exceptZero" });
const fundingPercent = new Intl.NumberFormat(LOCALE, { style: "percent", minimumFractionDigits: 4, maximumFractionDigits: 4, signDisplay: "exceptZero" });
const plainPercent = new Intl.NumberFormat(LOCALE, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 3 });

/** A change given in percent, signed: "1.234" → "+1.23%". */
export function formatChange(percent: string): string {
  return `${signedNumber.format(percent as Decimal)}%`;
}

/** A funding rate (a fraction per period) to four decimals of a percent: "+0.0100%". */
export function formatFunding(fraction: string | number): string {
  return fundingPercent.format(typeof fraction === "number" ? fraction : (fraction as Decimal));
}

/** A fraction as a percentage without sign: "0.00012" → "0.012%". */
export function formatPercent(fraction: string | number): string {
  return plainPercent.format(typeof fraction === "number" ? fraction : (fraction as Decimal));
}

/** Whether a decimal string is below, at or above zero, without going through a float. */
export function signOf(value: string): -1 | 0 | 1 {
  const trimmed = value.trim();
  if (/^[-+]?0*\.?0*$/.test(trimmed)) return 0;
  return trimmed.startsWith("-") ? -1 : 1;
}

const clock = new Intl.DateTimeFormat(LOCALE, { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });

/** Wall-clock time of a trade, "14:03:59". */
export function formatClock(ms: number): string {
  return clock.format(ms);
}

/** "3 s ago", "2 min ago": how long ago a venue last updated. */
export function formatAge(ms: number): string {
  if (ms < 1_000) return "just now";
  if (ms < 60_000) return `${Math.floor(ms / 1_000)} s ago`;
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} min ago`;
  return `${Math.floor(ms / 3_600_000)} h ago`;
}
