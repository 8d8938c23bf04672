import { z } from "zod";
import { aggregatedBookSchema, candleSchema, routingSchema, tokenPairSchema, tradeSchema, type candleIntervals } from "../trading/contract/market-data";
import { requestJson, unwrapEnvelope, type HttpOptions } from "./http";
import { followStream, type FollowOptions } from "./stream";

export type TokenPair = z.infer<typeof tokenPairSchema>;
export type AggregatedBook = z.infer<typeof aggregatedBookSchema>;
export type Candle = z.infer<typeof candleSchema>;
export type Routing = z.infer<typeof routingSchema>;
export type Trade = z.infer<typeof tradeSchema>;
export type CandleInterval = (typeof candleIntervals)[number];
export type RouteSide = Routing["side"];

export interface BookRequest {
  symbol: string;
  depth?: number;
  /** Group width in multiples of the market's tick. */
  group?: number;
}

export interface CandlesRequest {
  symbol: string;
  interval?: CandleInterval;
  limit?: number;
}

export interface RoutingRequest {
  symbol: string;
  side: RouteSide;
  /** Base units, a multiple of the lot size; one lot when absent. */
  quantity?: string;
}

function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) q.set(name, String(value));
  return q.size ? `?${q}` : "";
}

/**
 * The public market-data reads of the trading API (no key): markets, the aggregated book, candles,
 * routing and recent trades, each parsed with the API's own response schema; and their live streams
 * (server-sent events), as URLs and as async iterators.
 */
export function createMarketDataClient(opts: HttpOptions) {
  const get = async <T extends z.ZodType>(path: string, schema: T) => unwrapEnvelope((await requestJson(opts, path)).body, schema);
  const enc = encodeURIComponent;
  const streamUrls = {
    book: ({ symbol, depth, group }: BookRequest) => `${opts.baseUrl}/aggregated/book/stream${query({ symbol, depth, group })}`,
    candles: ({ symbol, interval }: Omit<CandlesRequest, "limit">) => `${opts.baseUrl}/aggregated/candles/stream${query({ symbol, interval })}`,
    trades: (symbol: string) => `${opts.baseUrl}/trades/${enc(symbol)}/stream`,
  };
  return {
    tokenPairs: () => get("/token-pairs", z.array(tokenPairSchema)),
    book: ({ symbol, depth, group }: BookRequest) => get(`/aggregated/book${query({ symbol, depth, group })}`, aggregatedBookSchema),
    /** Oldest first; a raw array, not an envelope. */
    candles: async ({ symbol, interval, limit }: CandlesRequest) =>
      z.array(candleSchema).parse((await requestJson(opts, `/aggregated/candles${query({ symbol, interval, limit })}`)).body),
    routing: ({ symbol, side, quantity }: RoutingRequest) => get(`/aggregated/routing${query({ symbol, side, quantity })}`, routingSchema),
    /** Newest first. */
    trades: (symbol: string, limit?: number) => get(`/trades/${enc(symbol)}${query({ limit })}`, z.array(tradeSchema)),
    streamUrls,
    /** The live streams as async iterators, resyncing from a fresh snapshot after a drop or a gap (see followStream). */
    follow: {
      book: (request: BookRequest, options?: FollowOptions) => followStream(streamUrls.book(request), aggregatedBookSchema, options),
      candles: (request: Omit<CandlesRequest, "limit">, options?: FollowOptions) => followStream(streamUrls.candles(request), z.array(candleSchema), options),
      trades: (symbol: string, options?: FollowOptions) => followStream(streamUrls.trades(symbol), z.array(tradeSchema), options),
    },
  };
}

export type MarketDataClient = ReturnType<typeof createMarketDataClient>;
