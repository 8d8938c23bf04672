// TanStack Query factories for the markets pages. Each read goes to the public trading API directly
// (no credentials); a query polls only while its live stream is down (`poll` is the fallback interval).

import { queryOptions } from "@tanstack/react-query";
import type { Candle, CandleInterval, MarketDataClient, RouteSide } from "@/lib/client/market-data";
import { SPARKLINE } from "./market-rows";

interface Api {
  client: MarketDataClient;
}

/** How often a read is repeated when its stream is not delivering, ms. */
export const POLL_MS = { book: 1_000, trades: 2_000, candles: 5_000, markets: 5_000, sparklines: 60_000 } as const;

export const BOOK_DEPTH = 14;
export const CANDLE_LIMIT = 300;
export const TRADES_LIMIT = 40;

const pollUnlessLive = (live: boolean, ms: number) => (live ? false : ms);

export const tokenPairsQuery = ({ client }: Api) =>
  queryOptions({ queryKey: ["market", "token-pairs"], queryFn: () => client.tokenPairs(), refetchInterval: POLL_MS.markets, staleTime: 2_000 });

/** Hourly closes of every listed market, by symbol. A market whose candles fail is drawn without a line. */
export async function loadSparklines(client: MarketDataClient, symbols: readonly string[]): Promise<Record<string, Candle[]>> {
  const settled = await Promise.allSettled(symbols.map((symbol) => client.candles({ symbol, ...SPARKLINE })));
  return Object.fromEntries(
    symbols.flatMap((symbol, i) => {
      const result = settled[i]!;
      return result.status === "fulfilled" ? [[symbol, result.value]] : [];
    }),
  );
}

export const sparklinesQuery = ({ client }: Api, symbols: readonly string[]) =>
  queryOptions({
    queryKey: ["market", "sparklines", symbols],
    queryFn: () => loadSparklines(client, symbols),
    refetchInterval: POLL_MS.sparklines,
    staleTime: 30_000,
  });

export const bookKey = (symbol: string, group: number) => ["market", "book", symbol, group] as const;
export const bookQuery = ({ client }: Api, symbol: string, group: number, live: boolean) =>
  queryOptions({
    queryKey: bookKey(symbol, group),
    queryFn: () => client.book({ symbol, group, depth: BOOK_DEPTH }),
    refetchInterval: pollUnlessLive(live, POLL_MS.book),
    staleTime: 0,
  });

export const candlesKey = (symbol: string, interval: CandleInterval) => ["market", "candles", symbol, interval] as const;
export const candlesQuery = ({ client }: Api, symbol: string, interval: CandleInterval, live: boolean) =>
  queryOptions({
    queryKey: candlesKey(symbol, interval),
    queryFn: () => client.candles({ symbol, interval, limit: CANDLE_LIMIT }),
    refetchInterval: pollUnlessLive(live, POLL_MS.candles),
    staleTime: 0,
  });

export const tradesKey = (symbol: string) => ["market", "trades", symbol] as const;
export const tradesQuery = ({ client }: Api, symbol: string, live: boolean) =>
  queryOptions({
    queryKey: tradesKey(symbol),
    queryFn: () => client.trades(symbol, TRADES_LIMIT),
    refetchInterval: pollUnlessLive(live, POLL_MS.trades),
    staleTime: 0,
  });

export const routingQuery = ({ client }: Api, symbol: string, side: RouteSide, quantity: string | null) =>
  queryOptions({
    queryKey: ["market", "routing", symbol, side, quantity],
    queryFn: () => client.routing({ symbol, side, ...(quantity ? { quantity } : {}) }),
    enabled: quantity !== null,
    // The books move: keep the recommendation current while it is on screen.
    refetchInterval: 2_000,
    staleTime: 0,
    retry: false,
  });
