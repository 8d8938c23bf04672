// From the API's market list (GET /token-pairs) and recent candles to the rows of the markets table.
import type { Candle, TokenPair } from "@/lib/client/market-data";
import { decimalsOf } from "./format";
import type { MarketRow } from "./markets-list";

/** The sparkline: a day of hourly closes. */
export const SPARKLINE = { interval: "1h", limit: 24 } as const;

/** The price a market is quoted at: its last trade, else its mark, else its index. */
export function marketPrice(pair: TokenPair): string | null {
  return pair.lastPrice ?? pair.markPrice ?? pair.indexPrice;
}

export function toMarketRow(pair: TokenPair, candles: readonly Candle[] | undefined): MarketRow {
  const price = marketPrice(pair) ?? "0";
  return {
    symbol: pair.symbol,
    base: pair.base,
    quote: pair.quote,
    price,
    priceDecimals: decimalsOf(pair.tickSize),
    change24h: pair.change24h ?? "0",
    // For reading and sorting only: the API gives base units, people compare markets in dollars.
    volume24h: String(Number(pair.volume24h) * Number(price)),
    fundingRate: pair.fundingRate ?? "0",
    closes: (candles ?? []).map((c) => Number(c.close)),
  };
}

export function toMarketRows(pairs: readonly TokenPair[], closes: Readonly<Record<string, readonly Candle[]>>): MarketRow[] {
  return pairs.map((pair) => toMarketRow(pair, closes[pair.symbol]));
}
