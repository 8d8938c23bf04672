// The one place where a market's integers meet decimal strings, exactly (never through a float): prices in
// base ticks, sizes in lots, money in quote atoms. Market data formats with it; execution parses and formats with it.
import { formatAtoms, marketUnits, notional, parseAtoms, QUOTE_DECIMALS, type MarketUnits } from "../engine/accounts/market-units";
import { fromUnits, toUnits } from "../engine/units";
import { formatDecimal, parseDecimal, pow10, UnitError } from "../decimal";
import { findMarket, type MarketSpec } from "../venues/catalog";
import type { Side } from "../venues/venue";
import { invalid } from "./execution/errors";

export interface Market {
  spec: MarketSpec;
  units: MarketUnits;
}

const cache = new Map<string, Market>();

/** The catalog market of a symbol; 400 when it does not exist. */
export function marketOf(symbol: string): Market {
  let m = cache.get(symbol);
  if (m === undefined) {
    const spec = findMarket(symbol);
    if (spec === undefined) throw invalid(`symbol: no market ${JSON.stringify(symbol)}; GET /token-pairs lists them`);
    m = { spec, units: marketUnits(spec.baseTick, spec.lot) };
    cache.set(symbol, m);
  }
  return m;
}

/** A positive decimal quantity as whole lots; 400 unless it is a multiple of the lot size. */
export function lotsOf(market: Market, quantity: string, field = "quantity"): number {
  return positiveUnits(quantity, market.spec.lot, field, "lot size");
}

/** A positive decimal price as base ticks; 400 unless it is a multiple of the market's tick. */
export function ticksOf(market: Market, price: string, field: string): number {
  return positiveUnits(price, market.spec.baseTick, field, "tick size");
}

function positiveUnits(value: string, step: string, field: string, what: string): number {
  let n: number;
  try {
    n = toUnits(value, step);
  } catch (err) {
    if (!(err instanceof UnitError)) throw err;
    throw invalid(err.code === "NOT_A_MULTIPLE" ? `${field}: ${value} is not a multiple of the ${what} ${step}` : `${field}: ${err.message}`);
  }
  if (n <= 0) throw invalid(`${field}: must be positive`);
  return n;
}

export const formatLots = (market: Market, lots: number) => marketFormat(market.spec).size(lots);
export const formatTicks = (market: Market, ticks: number) => marketFormat(market.spec).price(ticks);
export { formatAtoms };

/** Notional of lots at a price, quote atoms. */
export const notionalOf = (market: Market, ticks: number, lots: number) => notional(market.units, ticks, lots);

/** The average price of a fill (Σ price × size over the size) as a decimal, two digits finer than the tick; null when nothing filled. */
export function averagePrice(market: Market, filledNotional: bigint, filledLots: number): string | null {
  if (filledLots <= 0) return null;
  const tick = parseDecimal(market.spec.baseTick);
  const scale = tick.scale + 2;
  // price = notional atoms / 10^6 / (lots × lot)
  const lot = parseDecimal(market.spec.lot);
  const num = filledNotional * pow10(lot.scale) * pow10(scale);
  const den = BigInt(filledLots) * lot.units * pow10(QUOTE_DECIMALS);
  return formatDecimal({ units: num / den, scale });
}

/**
 * Quote per base unit of `atoms` paid for `lots`, two digits finer than the tick (so averages between
 * ticks show), rounded half away from zero: the routing recommendation's prices. Null when nothing filled.
 * Unlike averagePrice (an executed order's, truncated), this one rounds.
 */
export function pricePerUnit(spec: MarketSpec, atoms: bigint, lots: number): string | null {
  if (lots === 0) return null;
  const lot = parseDecimal(spec.lot);
  // atoms · 10^lotScale / (lots · lotUnits · 10^6)
  return formatRatio(atoms * pow10(lot.scale), BigInt(lots) * lot.units * pow10(QUOTE_DECIMALS), parseDecimal(spec.baseTick).scale + 2);
}

/** A price in ticks × (1 + fee) to buy, × (1 − fee) to sell, exactly, at pricePerUnit's scale. */
export function priceAfterFee(spec: MarketSpec, side: Side, priceTicks: number, takerFeeBps: string): string {
  const tick = parseDecimal(spec.baseTick);
  const fee = parseDecimal(takerFeeBps);
  const whole = 10_000n * pow10(fee.scale);
  const factor = side === "BUY" ? whole + fee.units : whole - fee.units;
  return formatRatio(BigInt(priceTicks) * tick.units * factor, pow10(tick.scale) * whole, tick.scale + 2);
}

/** US dollars on the wire (a number, as in OpenPair.notionalUsd) as quote atoms; 400 beyond six decimals. */
export function usdAtoms(value: number, field: string): bigint {
  if (!Number.isFinite(value) || value <= 0) throw invalid(`${field}: must be a positive number of US dollars`);
  try {
    return parseAtoms(value.toFixed(QUOTE_DECIMALS).replace(/\.?0+$/, ""));
  } catch {
    throw invalid(`${field}: not a usable amount of US dollars`);
  }
}

/** How one market's integers leave the API. */
export interface MarketFormat {
  price: (ticks: number) => string;
  size: (lots: number) => string;
}

const formats = new WeakMap<MarketSpec, MarketFormat>();

export function marketFormat(spec: MarketSpec): MarketFormat {
  let f = formats.get(spec);
  if (f === undefined) {
    f = { price: stepFormatter(spec.baseTick), size: stepFormatter(spec.lot) };
    formats.set(spec, f);
  }
  return f;
}

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
