import type { RiskConfig } from "../../../config";
import { parseAtoms } from "../../../engine/accounts/market-units";
import { invalid } from "../errors";

/** The limits one request is checked against: the operator's config tightened by the owner's overrides. */
export interface RiskLimits {
  /** Quote atoms (micro-USD). */
  maxOrderNotional: bigint;
  maxPositionNotional: bigint;
  maxTotalNotional: bigint;
  dailyLoss: bigint;
  /** Leverage allowed per symbol when not listed in `maxLeverageBySymbol`. */
  maxLeverage: number;
  maxLeverageBySymbol: Readonly<Record<string, number>>;
  /** Parts per million of the mark. */
  priceCollarPpm: number;
  maxOpenOrders: number;
}

/**
 * What an owner may set for all their keys or for one: some or all of these, each only tightening the operator's
 * value (a looser value is stored but has no effect). Money as decimal strings of US dollars.
 */
export interface RiskOverride {
  maxOrderNotionalUsd?: string;
  maxPositionNotionalUsd?: string;
  maxTotalNotionalUsd?: string;
  dailyLossUsd?: string;
  maxLeverage?: number;
  priceCollar?: number;
  maxOpenOrders?: number;
}

export function limitsFromConfig(c: RiskConfig): RiskLimits {
  return {
    maxOrderNotional: parseAtoms(c.maxOrderNotionalUsd),
    maxPositionNotional: parseAtoms(c.maxPositionNotionalUsd),
    maxTotalNotional: parseAtoms(c.maxTotalNotionalUsd),
    dailyLoss: parseAtoms(c.dailyLossUsd),
    maxLeverage: c.maxLeverage,
    maxLeverageBySymbol: c.maxLeverageBySymbol,
    priceCollarPpm: Math.round(c.priceCollar * 1_000_000),
    maxOpenOrders: c.maxOpenOrders,
  };
}

const minBig = (a: bigint, b: string | undefined) => (b === undefined ? a : parseAtoms(b) < a ? parseAtoms(b) : a);
const minNum = (a: number, b: number | undefined) => (b === undefined ? a : Math.min(a, b));

/** The limits after an override: each value the smaller of the two. */
export function tighten(limits: RiskLimits, o: RiskOverride): RiskLimits {
  const maxLeverage = minNum(limits.maxLeverage, o.maxLeverage);
  return {
    maxOrderNotional: minBig(limits.maxOrderNotional, o.maxOrderNotionalUsd),
    maxPositionNotional: minBig(limits.maxPositionNotional, o.maxPositionNotionalUsd),
    maxTotalNotional: minBig(limits.maxTotalNotional, o.maxTotalNotionalUsd),
    dailyLoss: minBig(limits.dailyLoss, o.dailyLossUsd),
    maxLeverage,
    maxLeverageBySymbol: Object.fromEntries(Object.entries(limits.maxLeverageBySymbol).map(([s, l]) => [s, minNum(l, o.maxLeverage)])),
    priceCollarPpm: o.priceCollar === undefined ? limits.priceCollarPpm : Math.min(limits.priceCollarPpm, Math.round(o.priceCollar * 1_000_000)),
    maxOpenOrders: minNum(limits.maxOpenOrders, o.maxOpenOrders),
  };
}

/** The leverage allowed on a symbol, never above the market's own maximum. */
export function leverageLimit(limits: RiskLimits, symbol: string, marketMax: number): number {
  return Math.min(limits.maxLeverageBySymbol[symbol] ?? limits.maxLeverage, marketMax);
}

const USD = /^\d+(\.\d{1,6})?$/;

/** Validates an override from an owner; 400 naming the first bad field. */
export function parseOverride(input: Record<string, unknown>): RiskOverride {
  const out: RiskOverride = {};
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue;
    switch (field) {
      case "maxOrderNotionalUsd":
      case "maxPositionNotionalUsd":
      case "maxTotalNotionalUsd":
      case "dailyLossUsd":
        if (typeof value !== "string" || !USD.test(value)) throw invalid(`${field}: must be a decimal number of US dollars`);
        out[field] = value;
        break;
      case "maxLeverage":
      case "maxOpenOrders":
        if (typeof value !== "number" || !Number.isSafeInteger(value) || value < (field === "maxLeverage" ? 1 : 0))
          throw invalid(`${field}: must be a whole number`);
        out[field] = value;
        break;
      case "priceCollar":
        if (typeof value !== "number" || !(value > 0 && value <= 1)) throw invalid(`${field}: must be a fraction above 0 and at most 1`);
        out[field] = value;
        break;
      default:
        throw invalid(`${field}: not a risk limit`);
    }
  }
  return out;
}
