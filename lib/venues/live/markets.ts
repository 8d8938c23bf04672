// A real venue's markets onto the catalog: which of ccxt's markets Bourse lists (linear perpetuals on a
// catalog base, settled in a US dollar stablecoin, as BASE-USD), and the venue's tick and size increment
// as whole multiples of the market's base tick and lot, exactly.
import type { MarketInterface } from "ccxt";
import { multiplyDecimals } from "../../decimal";
import type { MarketSpec } from "../catalog";
import { type BookLevel, MARGIN_ASSETS, type MarginAsset, type Side, type VenueMarket } from "../venue";
import { decimalText, type Rounding, significantPrice, stepLcm, stepsIn, stepsText } from "./units";

/** A venue's market as Bourse lists it, with what the adapter needs to talk to the venue about it. */
export interface LiveMarket extends VenueMarket {
  spec: MarketSpec;
  /** ccxt's unified symbol, e.g. "BTC/USDC:USDC". */
  ccxtSymbol: string;
  /** The asset the market settles in. */
  settle: MarginAsset;
  /** The venue's own tick and size step, as decimal strings. */
  venueTick: string;
  venueLot: string;
  /** Hyperliquid-style venues: prices carry at most this many significant figures (whole digits always allowed). */
  significantFigures: number | undefined;
}

export interface MarketMappingOptions {
  /** The settlement asset preferred when a base trades against several (the venue's margin asset). */
  marginAsset: string;
  /** Prices carry at most this many significant figures on the venue. */
  significantFigures?: number;
}

/**
 * The catalog markets a venue trades, one per catalog symbol: among ccxt's markets the active linear
 * perpetual swaps settled in a US dollar asset whose base is in the catalog, preferring the margin asset.
 */
export function mapMarkets(markets: readonly MarketInterface[], catalog: readonly MarketSpec[], options: MarketMappingOptions): LiveMarket[] {
  const preference = [options.marginAsset, ...MARGIN_ASSETS];
  const rank = (m: MarketInterface) => preference.indexOf(m.settle ?? "");
  const out: LiveMarket[] = [];
  for (const spec of catalog) {
    const candidates = markets.filter((m) => isUsdLinearPerp(m) && m.base === spec.base).sort((a, b) => rank(a) - rank(b));
    const chosen = candidates[0];
    if (chosen !== undefined) out.push(mapMarket(chosen, spec, options.significantFigures));
  }
  return out;
}

/** An active linear perpetual swap quoted and settled in a US dollar asset. */
export function isUsdLinearPerp(m: MarketInterface): boolean {
  const usd = (asset: string | undefined) => MARGIN_ASSETS.some((a) => a === asset);
  return m.swap === true && m.linear === true && m.active !== false && m.expiry == null && usd(m.settle) && usd(m.quote);
}

/**
 * One ccxt market as the catalog market `spec`: the venue's tick in base ticks is the least common
 * multiple of the two ticks over the base tick (a venue tick finer than the base tick, or not a divisor
 * of it, is quoted on the coarser common grid), and likewise its size increment in lots.
 */
export function mapMarket(m: MarketInterface, spec: MarketSpec, significantFigures?: number): LiveMarket {
  const venueTick = precisionStep(m.precision.price, "price", m.symbol);
  const venueLot = precisionStep(m.precision.amount, "amount", m.symbol);
  const maxLeverage = Math.min(spec.maxLeverage, m.limits.leverage?.max ?? spec.maxLeverage);
  return {
    symbol: spec.symbol,
    venueSymbol: m.id ?? m.symbol,
    tickMultiple: Number(stepsIn(stepLcm(spec.baseTick, venueTick), spec.baseTick, "down")),
    lotMultiple: Number(stepsIn(stepLcm(spec.lot, venueLot), spec.lot, "down")),
    maxLeverage,
    maintenanceMarginBps: maxLeverage === spec.maxLeverage ? spec.maintenanceMarginBps : Math.ceil(10_000 / maxLeverage / 2),
    makerFeeBps: feeBps(m.maker),
    takerFeeBps: feeBps(m.taker),
    spec,
    ccxtSymbol: m.symbol,
    settle: m.settle as MarginAsset,
    venueTick,
    venueLot,
    significantFigures,
  };
}

/** ccxt's precision as a step (the venue is checked to use TICK_SIZE precision at start). */
function precisionStep(value: number | undefined, what: string, symbol: string): string {
  if (value === undefined || !(value > 0)) throw new RangeError(`${symbol}: ccxt gives no ${what} precision`);
  return decimalText(value);
}

/** A fee rate (0.00045) in basis points as a decimal string ("4.5"); zero when ccxt does not know it. */
function feeBps(rate: number | undefined): string {
  return rate === undefined ? "0" : multiplyDecimals(decimalText(rate), "10000");
}

// ---- prices and sizes between the venue and the market's integers ---------------------------------------

/** A venue price in base ticks on the venue's tick grid (multiples of tickMultiple), rounded as asked. */
export function ticksFromVenue(market: LiveMarket, price: number | string, rounding: Rounding): number {
  return Number(stepsIn(price, stepsText(market.tickMultiple, market.spec.baseTick), rounding)) * market.tickMultiple;
}

/** A venue size in whole lots, rounded down (never more than the venue holds). */
export function lotsFromVenue(market: LiveMarket, size: number | string): number {
  return Number(stepsIn(size, market.spec.lot, "down"));
}

/** A price bound (a market order's protection) on the venue's tick grid, on its conservative side: a buy's down, a sell's up. */
export function boundOnGrid(market: LiveMarket, ticks: number, side: Side): number {
  const steps = side === "BUY" ? Math.floor(ticks / market.tickMultiple) : Math.ceil(ticks / market.tickMultiple);
  return steps * market.tickMultiple;
}

/**
 * The price to send for an order at `ticks` (base ticks): exact, except that a venue limiting
 * significant figures gets the nearest price it takes on the order's conservative side (a buy lower, a
 * sell higher), so the order never trades worse than asked.
 */
export function venuePrice(market: LiveMarket, ticks: number, side: Side): string {
  const exact = stepsText(ticks, market.spec.baseTick);
  if (market.significantFigures === undefined) return exact;
  return significantPrice(exact, market.significantFigures, side === "BUY" ? "down" : "up");
}

/** The size to send for `lots`. */
export function venueSize(market: LiveMarket, lots: number): string {
  return stepsText(lots, market.spec.lot);
}

/**
 * A venue's book side as levels of the market (best first): bids rounded down and asks up onto the
 * venue's tick grid in base ticks (a finer venue price shows at the price an order of ours would use),
 * sizes rounded down to lots, levels that meet summed, empty ones dropped.
 */
export function bookLevels(
  market: LiveMarket,
  levels: readonly (readonly [number | undefined, number | undefined])[],
  side: "bids" | "asks",
  depth: number,
): BookLevel[] {
  const out: [number, number][] = [];
  for (const [price, size] of levels) {
    if (price === undefined || size === undefined) continue;
    const ticks = ticksFromVenue(market, price, side === "bids" ? "down" : "up");
    const lots = lotsFromVenue(market, size);
    if (lots <= 0 || ticks <= 0) continue;
    const last = out.at(-1);
    if (last !== undefined && last[0] === ticks) last[1] += lots;
    else if (out.length < depth) out.push([ticks, lots]);
    else break;
  }
  return out;
}
