import { multiplyStep } from "../decimal";
import type { SymbolModel } from "../engine/sim/price-process";

/**
 * The simulated venues and markets of the embedded setup. Venue names are our own and neutral;
 * each venue differs in fees, tick size, depth, quote refresh and latency, so books differ and
 * routing matters. Pair trades are allowed on the first and the third (the contract's OpenPair
 * `venue` takes <venue_3> or <venue_1>).
 */
export interface VenueProfile {
  name: string;
  makerFeeBps: number;
  takerFeeBps: number;
  /** The venue's tick is the market's base tick times this. */
  tickMultiple: number;
  /** Relative depth of its market makers' books (1 = the reference). */
  depthScale: number;
  /** Price levels each side its market makers quote. */
  depthLevels: number;
  /** How often its market makers requote, in ms. */
  quoteRefreshMs: number;
  /** Added to every order's handling, in ms. */
  latencyMs: number;
  /** The venue's premium over the index: mean and standard deviation, in basis points. */
  basisBps: { mean: number; sd: number };
  pairTrading: boolean;
}

export const VENUES: readonly VenueProfile[] = [
  {
    name: "alder",
    makerFeeBps: 1,
    takerFeeBps: 4,
    tickMultiple: 1,
    depthScale: 1.2,
    depthLevels: 60,
    quoteRefreshMs: 250,
    latencyMs: 5,
    basisBps: { mean: 1, sd: 3 },
    pairTrading: true,
  },
  {
    name: "birch",
    makerFeeBps: -0.5,
    takerFeeBps: 5,
    tickMultiple: 2,
    depthScale: 0.8,
    depthLevels: 40,
    quoteRefreshMs: 500,
    latencyMs: 15,
    basisBps: { mean: -2, sd: 5 },
    pairTrading: false,
  },
  {
    name: "cedar",
    makerFeeBps: 2,
    takerFeeBps: 3,
    tickMultiple: 5,
    depthScale: 1.6,
    depthLevels: 80,
    quoteRefreshMs: 1000,
    latencyMs: 30,
    basisBps: { mean: 3, sd: 4 },
    pairTrading: true,
  },
];

export type VenueName = (typeof VENUES)[number]["name"];

export interface MarketSpec {
  symbol: string;
  base: string;
  quote: "USD";
  /** Smallest tick on any venue; venues quote in multiples of it. */
  baseTick: string;
  lot: string;
  maxLeverage: number;
  maintenanceMarginBps: number;
  model: Omit<SymbolModel, "symbol">;
}

const market = (base: string, baseTick: string, lot: string, maxLeverage: number, model: MarketSpec["model"]): MarketSpec => ({
  symbol: `${base}-USD`,
  base,
  quote: "USD",
  baseTick,
  lot,
  maxLeverage,
  maintenanceMarginBps: Math.ceil(10_000 / maxLeverage / 2),
  model,
});

export const MARKETS: readonly MarketSpec[] = [
  market("BTC", "0.1", "0.0001", 50, { startPrice: 64_250, beta: 0.9, volatility: 0.5 }),
  market("ETH", "0.01", "0.001", 50, { startPrice: 3_180, beta: 0.88, volatility: 0.65 }),
  market("SOL", "0.001", "0.01", 20, { startPrice: 148, beta: 0.8, volatility: 0.85 }),
  market("BNB", "0.01", "0.001", 20, { startPrice: 575, beta: 0.75, volatility: 0.6 }),
  market("XRP", "0.0001", "1", 20, { startPrice: 0.52, beta: 0.65, volatility: 0.8 }),
  market("DOGE", "0.00001", "10", 20, { startPrice: 0.125, beta: 0.7, volatility: 1.0 }),
  market("AVAX", "0.001", "0.1", 20, { startPrice: 28.4, beta: 0.78, volatility: 0.9 }),
  market("LINK", "0.001", "0.1", 20, { startPrice: 14.2, beta: 0.76, volatility: 0.85 }),
  market("ARB", "0.0001", "1", 10, { startPrice: 0.78, beta: 0.72, volatility: 1.0 }),
  market("OP", "0.0001", "1", 10, { startPrice: 1.62, beta: 0.72, volatility: 1.0 }),
  market("SUI", "0.0001", "1", 10, { startPrice: 1.05, beta: 0.7, volatility: 1.1 }),
  market("TIA", "0.001", "0.1", 10, { startPrice: 5.6, beta: 0.6, volatility: 1.1 }),
];

export function findMarket(symbol: string): MarketSpec | undefined {
  return MARKETS.find((m) => m.symbol === symbol);
}

export function findVenue(name: string): VenueProfile | undefined {
  return VENUES.find((v) => v.name === name);
}

/** A venue's tick size for a market, exact: the base tick times the venue's multiple, as a decimal string. */
export function venueTickSize(market: MarketSpec, venue: VenueProfile): string {
  return multiplyStep(market.baseTick, venue.tickMultiple);
}
