import { catalogModel, type FakeFees, type FakeMarketSpec } from "../core/fake-market";

/** Binance USDⓈ-M perpetuals the fake lists, with their real tick, step and minimum notional. */
export const BINANCE_USDM_MARKETS: readonly FakeMarketSpec[] = [
  { id: "BTCUSDT", base: "BTC", tickSize: "0.1", lotSize: "0.001", maxLeverage: 125, minNotional: "100", model: catalogModel("BTC-USD") },
  { id: "ETHUSDT", base: "ETH", tickSize: "0.01", lotSize: "0.001", maxLeverage: 100, minNotional: "20", model: catalogModel("ETH-USD") },
  { id: "SOLUSDT", base: "SOL", tickSize: "0.01", lotSize: "1", maxLeverage: 100, minNotional: "5", model: catalogModel("SOL-USD") },
];

/** Binance USDⓈ-M's regular tier: 0.02% maker, 0.05% taker. */
export const BINANCE_USDM_FEES: FakeFees = { makerBps: 2, takerBps: 5 };
