// Pure helpers for the swap desk: amounts people type, numbers people read, price-impact guardrails.
import { parseUnits } from "viem";
import { unitsToDecimal } from "@/lib/decimal";
import { LOCALE } from "@/lib/format/locale";

export type ImpactLevel = "none" | "notice" | "warning" | "high" | "severe";

/** Above this price impact (a fraction) the desk asks for a typed confirmation. */
export const CONFIRM_ABOVE = 0.1;
/** What the owner types to confirm a swap with a severe price impact. */
export const CONFIRM_WORD = "confirm";

/** Warnings at 1%, 3% and 5%; above 10% the swap needs a typed confirmation. */
export function impactLevel(priceImpact: string | null): ImpactLevel {
  if (priceImpact === null) return "none";
  const impact = Number(priceImpact);
  if (impact > CONFIRM_ABOVE) return "severe";
  if (impact >= 0.05) return "high";
  if (impact >= 0.03) return "warning";
  if (impact >= 0.01) return "notice";
  return "none";
}

export const IMPACT_TEXT: Record<Exclude<ImpactLevel, "none">, string> = {
  notice: "Price impact above 1%: this trade moves the pool's price.",
  warning: "Price impact above 3%: you receive noticeably less than the market price.",
  high: "Price impact above 5%: consider a smaller amount.",
  severe: `Price impact above 10%: you lose more than a tenth of the value. Type "${CONFIRM_WORD}" to swap anyway.`,
};

/** An amount typed by a person, in whole tokens, as base units; or why it is not one. */
export function parseAmount(text: string, decimals: number): { ok: true; units: bigint } | { ok: false; error: string | null } {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, error: null };
  if (!/^\d*\.?\d*$/.test(trimmed) || trimmed === ".") return { ok: false, error: "Enter a number, like 100 or 0.5." };
  const fraction = trimmed.split(".")[1] ?? "";
  if (fraction.length > decimals) return { ok: false, error: `At most ${decimals} decimals for this token.` };
  const units = parseUnits(trimmed, decimals);
  if (units === 0n) return { ok: false, error: "Enter an amount above zero." };
  return { ok: true, units };
}

const numberFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 6 });
const usdFormat = new Intl.NumberFormat(LOCALE, { style: "currency", currency: "USD", maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat(LOCALE, { style: "percent", maximumFractionDigits: 2 });

/** Base units as a readable amount ("1,234.5"); formats from the decimal string, never through a float sum. */
export function formatUnits(units: string | bigint, decimals: number, maxDigits = 6): string {
  const text = unitsToDecimal(BigInt(units), decimals, maxDigits);
  return numberFormat.format(text as Intl.StringNumericLiteral);
}

const rateFormat = new Intl.NumberFormat(LOCALE, { maximumSignificantDigits: 6 });

/** A rate given as a decimal string, to six significant digits. */
export function formatRate(rate: string): string {
  return rateFormat.format(rate as Intl.StringNumericLiteral);
}

export function formatUsd(value: string | null): string {
  return value === null ? "—" : usdFormat.format(value as Intl.StringNumericLiteral);
}

export function formatPercent(fraction: string | null): string {
  return fraction === null ? "—" : percentFormat.format(Number(fraction));
}

export function formatDuration(seconds: number): string {
  return seconds < 60 ? `~${seconds} s` : `~${Math.round(seconds / 60)} min`;
}

export function shortHash(hash: string): string {
  return `${hash.slice(0, 8)}…${hash.slice(-6)}`;
}
