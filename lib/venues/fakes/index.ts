// The offline fakes of the real venues, for tests and for trying the desk without an exchange account.
export { startBinanceUsdmFake, type BinanceUsdmFakeOptions } from "./binanceusdm/fake";
export type { BinanceUsdmFakeAccount, BinanceUsdmReceived } from "./binanceusdm/venue";
export type { VenueFake, VenueFakeOptions } from "./core/venue-fake";
export { BINANCE_USDM_DEMO, HYPERLIQUID_DEMO } from "./demo-accounts";
export { startHyperliquidFake, type HyperliquidFakeOptions } from "./hyperliquid/fake";
export type { HyperliquidFakeAccount, HyperliquidReceived } from "./hyperliquid/venue";
