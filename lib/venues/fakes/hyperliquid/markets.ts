import { catalogModel, type FakeFees, type FakeMarketSpec } from "../core/fake-market";

/** Hyperliquid's perpetuals the fake lists, in its units: the asset index is the position in this list. */
export const HYPERLIQUID_MARKETS: readonly FakeMarketSpec[] = [
  { id: "BTC", base: "BTC", tickSize: "1", lotSize: "0.00001", maxLeverage: 40, minNotional: "10", model: catalogModel("BTC-USD") },
  { id: "ETH", base: "ETH", tickSize: "0.1", lotSize: "0.0001", maxLeverage: 25, minNotional: "10", model: catalogModel("ETH-USD") },
  { id: "SOL", base: "SOL", tickSize: "0.01", lotSize: "0.01", maxLeverage: 20, minNotional: "10", model: catalogModel("SOL-USD") },
];

/** Hyperliquid's base tier: 0.015% maker, 0.045% taker. */
export const HYPERLIQUID_FEES: FakeFees = { makerBps: 1.5, takerBps: 4.5 };
