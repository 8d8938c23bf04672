import type { SymbolModel } from "../../../engine/sim/price-process";
import type { VenueTrade } from "../../venue";
import { findMarket, type MarketSpec, type VenueProfile } from "../../catalog";
import { SimMarket } from "../../sim/sim-market";
import type { LevelDelta } from "../../../engine/types";

/** One perpetual market of a fake venue, in the venue's own spelling and units. */
export interface FakeMarketSpec {
  /** The venue's id of the market ("BTC" on Hyperliquid, "BTCUSDT" on Binance). */
  id: string;
  base: string;
  tickSize: string;
  lotSize: string;
  maxLeverage: number;
  /** The smallest value of an order that is not reduce-only, in quote currency. */
  minNotional: string;
  /** How its price moves: start price, volatility, correlation with the others. */
  model: Omit<SymbolModel, "symbol">;
}

export interface FakeFees {
  makerBps: number;
  takerBps: number;
}

/** The price model of a catalog market, so that a fake's prices start where the simulated venues' do. */
export function catalogModel(symbol: string): FakeMarketSpec["model"] {
  const market = findMarket(symbol);
  if (market === undefined) throw new Error(`no catalog market ${symbol}`);
  return market.model;
}

/** What changed in a market since it was last announced. */
export interface PendingChanges {
  deltas: LevelDelta[];
  trades: VenueTrade[];
}

/** A fake venue's market: the simulated market (book, market maker's quotes, tape, candles, mark, funding) under the venue's id. */
export interface FakeMarket {
  spec: FakeMarketSpec;
  sim: SimMarket;
  /** The book's update id last announced to listeners. */
  announcedUpdateId: number;
  pending: PendingChanges;
}

export function fakeMarket(spec: FakeMarketSpec, fees: FakeFees, positionOf: (owner: string) => number): FakeMarket {
  const marketSpec: MarketSpec = {
    symbol: spec.id,
    base: spec.base,
    quote: "USD",
    baseTick: spec.tickSize,
    lot: spec.lotSize,
    maxLeverage: spec.maxLeverage,
    maintenanceMarginBps: Math.ceil(10_000 / spec.maxLeverage / 2),
    model: spec.model,
  };
  const profile: VenueProfile = {
    name: "fake",
    makerFeeBps: fees.makerBps,
    takerFeeBps: fees.takerBps,
    tickMultiple: 1,
    depthScale: 1,
    depthLevels: 20,
    quoteRefreshMs: 0,
    latencyMs: 0,
    basisBps: { mean: 1, sd: 2 },
    pairTrading: false,
  };
  return { spec, sim: new SimMarket(marketSpec, profile, positionOf), announcedUpdateId: 0, pending: { deltas: [], trades: [] } };
}
