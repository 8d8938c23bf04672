// Wire decimals ⇄ a market's integer units: prices in base ticks, sizes in lots, money in quote atoms.
import { formatAtoms, marketUnits, notional, parseAtoms, QUOTE_DECIMALS, type MarketUnits } from "../engine/accounts/market-units";
import { fromUnits, toUnits } from "../engine/units";
import { formatDecimal, parseDecimal, pow10, UnitError } from "../decimal";
import { findMarket, type MarketSpec } from "../venues/catalog";
import type { Venue } from "../venues/venue";
import { invalid, TradingError } from "./errors";

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

export const formatLots = (market: Market, lots: number) => fromUnits(lots, market.spec.lot);
export const formatTicks = (market: Market, ticks: number) => fromUnits(ticks, market.spec.baseTick);
export { formatAtoms, parseAtoms, notional };

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

/** US dollars on the wire (a number, as in OpenPair.notionalUsd) as quote atoms; 400 beyond six decimals. */
export function usdAtoms(value: number, field: string): bigint {
  if (!Number.isFinite(value) || value <= 0) throw invalid(`${field}: must be a positive number of US dollars`);
  try {
    return parseAtoms(value.toFixed(QUOTE_DECIMALS).replace(/\.?0+$/, ""));
  } catch {
    throw invalid(`${field}: not a usable amount of US dollars`);
  }
}

/** A running venue by name; 400 when there is none of that name. */
export function venueNamed(venues: readonly Venue[], name: string, field = "venue"): Venue {
  const venue = venues.find((v) => v.name === name);
  if (venue === undefined) throw invalid(`${field}: no venue ${JSON.stringify(name)}; venues are ${venues.map((v) => v.name).join(", ")}`);
  return venue;
}

/** The venues that list a market, in their order; 503 when no venue is running. */
export function venuesListing(venues: readonly Venue[], symbol: string): Venue[] {
  if (venues.length === 0) throw new TradingError("unavailable", "No trading venues are running on this deployment.");
  return venues.filter((v) => v.markets().some((m) => m.symbol === symbol));
}

/** A venue's mark for a symbol, base ticks; 409 when it has none yet. */
export function markOf(venue: Venue, symbol: string): number {
  const mark = venue.ticker(symbol)?.markPrice;
  if (mark === undefined || mark <= 0) throw new TradingError("conflict", `${venue.name} has no price for ${symbol} yet`);
  return mark;
}
