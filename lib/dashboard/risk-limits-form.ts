import { z } from "zod";
import type { RiskOverrideInput as RiskOverride } from "../trading/contract/risk-limits";

/** The seven limits an owner may set for one key or all, in the order the dialog shows them. */
export const RISK_LIMIT_FIELDS = [
  "maxOrderNotionalUsd",
  "maxPositionNotionalUsd",
  "maxTotalNotionalUsd",
  "dailyLossUsd",
  "maxLeverage",
  "priceCollar",
  "maxOpenOrders",
] as const satisfies readonly (keyof RiskOverride)[];
export type RiskLimitField = (typeof RISK_LIMIT_FIELDS)[number];

/** What the form holds: text as typed; an empty field sets no limit of the owner's own. */
export type RiskLimitsDraft = Record<RiskLimitField, string>;
export type RiskLimitsErrors = Partial<Record<RiskLimitField, string>>;

export const RISK_LIMIT_LABELS: Record<RiskLimitField, { label: string; hint: string; unit?: string }> = {
  maxOrderNotionalUsd: { label: "Max order notional", hint: "One order's size × its worst price, e.g. 5000.", unit: "USD" },
  maxPositionNotionalUsd: { label: "Max position notional", hint: "Per symbol: held plus live orders on one side, at the mark.", unit: "USD" },
  maxTotalNotionalUsd: { label: "Max total notional", hint: "The same, summed over every symbol.", unit: "USD" },
  dailyLossUsd: { label: "Daily loss", hint: "Equity lost since the UTC day's first order; closing still works.", unit: "USD" },
  maxLeverage: { label: "Max leverage", hint: "A whole number, for every symbol, e.g. 5.", unit: "×" },
  priceCollar: { label: "Price collar", hint: "How far a limit price or trigger may be from the mark: 0.05 is 5%." },
  maxOpenOrders: { label: "Max open orders", hint: "Live orders across venues, e.g. 20." },
};

export const EMPTY_RISK_LIMITS: RiskLimitsDraft = Object.fromEntries(RISK_LIMIT_FIELDS.map((f) => [f, ""])) as RiskLimitsDraft;

const USD = /^\d+(\.\d{1,6})?$/;
const WHOLE = /^\d+$/;

/** Empty text is "no limit"; anything else must pass `schema`. */
const blankOr = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(schema.optional());

const usd = z
  .string()
  .regex(USD, "Enter US dollars, such as 2500 or 2500.50 (at most 6 decimals).")
  .refine((v) => /[1-9]/.test(v), "Must be more than $0.");

const atLeastOne = z.string().regex(WHOLE, "Enter a whole number, such as 5.").transform(Number).pipe(z.int("Too large.").min(1, "Must be at least 1."));

const fraction = z
  .string()
  .regex(USD, "Enter a fraction such as 0.05 for 5% (at most 6 decimals).")
  .transform(Number)
  .pipe(z.number().gt(0, "Must be above 0.").lte(1, "Must be at most 1 (100% of the mark)."));

/** The form's text → the owner's RiskOverride; the same schema checks the server action's input. */
export const riskLimitsDraft = z
  .object({
    maxOrderNotionalUsd: blankOr(usd),
    maxPositionNotionalUsd: blankOr(usd),
    maxTotalNotionalUsd: blankOr(usd),
    dailyLossUsd: blankOr(usd),
    maxLeverage: blankOr(atLeastOne),
    priceCollar: blankOr(fraction),
    maxOpenOrders: blankOr(atLeastOne),
  })
  .strict()
  .transform((limits): RiskOverride => Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)));

export function parseRiskLimits(draft: RiskLimitsDraft): { ok: true; override: RiskOverride } | { ok: false; errors: RiskLimitsErrors } {
  const parsed = riskLimitsDraft.safeParse(draft);
  if (parsed.success) return { ok: true, override: parsed.data };
  const errors: RiskLimitsErrors = {};
  for (const issue of parsed.error.issues) {
    const field = RISK_LIMIT_FIELDS.find((f) => f === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** An override as stored → the form's text, empty where the owner set nothing. */
export function draftFromOverride(override: RiskOverride | undefined): RiskLimitsDraft {
  const draft = { ...EMPTY_RISK_LIMITS };
  for (const field of RISK_LIMIT_FIELDS) {
    const value = override?.[field];
    if (value !== undefined) draft[field] = String(value);
  }
  return draft;
}
