// ccxt market objects as ccxt's parseMarket builds them, for tests of the adapter's mapping.
import type { MarketInterface } from "ccxt";

/** A market as ccxt's parseMarket builds it (fields the adapter reads, the rest as ccxt leaves them). */
export function ccxtMarket(fields: Partial<MarketInterface> & Pick<MarketInterface, "symbol" | "base">): MarketInterface {
  const [, quote = "USDC", settle = quote] = /^[^/]+\/([^:]+)(?::(.+))?$/.exec(fields.symbol) ?? [];
  return {
    id: fields.symbol,
    baseId: fields.base,
    quote,
    quoteId: quote,
    settle,
    settleId: settle,
    active: true,
    type: "swap",
    spot: false,
    margin: undefined,
    swap: true,
    future: false,
    option: false,
    contract: true,
    linear: true,
    inverse: false,
    contractSize: 1,
    expiry: undefined,
    expiryDatetime: undefined,
    strike: undefined,
    optionType: undefined,
    taker: 0.00045,
    maker: 0.00015,
    precision: { amount: 0.00001, price: 1 },
    limits: {
      leverage: { min: undefined, max: 40 },
      amount: { min: undefined, max: undefined },
      price: { min: undefined, max: undefined },
      cost: { min: 10, max: undefined },
    },
    created: undefined,
    info: {},
    ...fields,
  };
}

/** Hyperliquid's BTC perpetual marked near 64,250 (hyperliquid.js parseMarket: id is the asset index, five significant figures give a tick of 1). */
export const HYPERLIQUID_BTC = ccxtMarket({ id: "0", symbol: "BTC/USDC:USDC", base: "BTC", precision: { amount: 0.00001, price: 1 } });
