// Market data: public tools over the functions the market-data routes call, on the venues' memory.
import { z } from "zod";
import { aggregatedBook } from "../../../trading/market-data/aggregated-book";
import { aggregatedCandles } from "../../../trading/market-data/aggregated-candles";
import { recentTrades } from "../../../trading/market-data/recent-trades";
import { routingRecommendation } from "../../../trading/market-data/routing-recommendation";
import type { MarketSource } from "../../../trading/market-data/source";
import { tokenPairs } from "../../../trading/market-data/token-pairs";
import {
  aggregatedBookSchema,
  bookQuery,
  candleSchema,
  candlesQuery,
  routingQuery,
  routingSchema,
  symbolParam,
  tokenPairSchema,
  tradeSchema,
  tradesQuery,
} from "../../../trading/contract/market-data";
import { marketCall, marketSourceOf } from "../../trading/market-data.common";
import type { McpSession } from "../session";
import { defineTool } from "../tool";

const source = (session: McpSession): MarketSource => marketSourceOf(session.deps);

export const marketsOutput = z.object({ markets: z.array(tokenPairSchema) });

export const listMarkets = defineTool({
  name: "list_markets",
  title: "Markets",
  description:
    "Every tradable market (symbols like BTC-USD) with its tick and lot size, mark, index and last price, funding, 24-hour volume and change, and per venue its symbol, fees and leverage.",
  access: "public",
  effect: "read",
  input: z.object({}),
  output: marketsOutput,
  run: async (_args, session) => ({ markets: marketCall(() => tokenPairs(source(session))) }),
  summarize: ({ markets }) => `${markets.length} markets: ${markets.map((m) => `${m.symbol} ${m.markPrice ?? "no price"}`).join(", ")}.`,
});

export const getBook = defineTool({
  name: "get_book",
  title: "Order book",
  description:
    "The venues' books merged for one market: levels with their size per venue, best bid and ask, spread and mid. `depth` levels per side; `group` widens levels to a multiple of the tick.",
  access: "public",
  effect: "read",
  input: bookQuery,
  output: aggregatedBookSchema,
  run: async ({ symbol, depth, group }, session) => marketCall(() => aggregatedBook(source(session), symbol, { depth, group })),
  summarize: (b) =>
    `${b.symbol}: bid ${b.bestBid ?? "none"}, ask ${b.bestAsk ?? "none"}, spread ${b.spread ?? "n/a"}; ${b.bids.length} bid and ${b.asks.length} ask levels.`,
});

export const getCandles = defineTool({
  name: "get_candles",
  title: "Candles",
  description: "OHLCV candles of all venues together, oldest first, the current one last.",
  access: "public",
  effect: "read",
  input: candlesQuery,
  output: z.object({ candles: z.array(candleSchema) }),
  run: async ({ symbol, interval, limit }, session) => ({ candles: marketCall(() => aggregatedCandles(source(session), symbol, interval, limit)) }),
  summarize: ({ candles }) => {
    const last = candles.at(-1);
    return last === undefined
      ? "No candles."
      : `${candles.length} candles; the last: open ${last.open}, high ${last.high}, low ${last.low}, close ${last.close}.`;
  },
});

export const previewRouting = defineTool({
  name: "preview_routing",
  title: "Routing preview",
  description:
    "Where a taker order of `quantity` would fill best: the split across venues by average price after taker fees, the best single venue, expected price, slippage against mid and fees.",
  access: "public",
  effect: "read",
  input: routingQuery,
  output: routingSchema,
  run: async ({ symbol, side, quantity }, session) => marketCall(() => routingRecommendation(source(session), symbol, side, quantity)),
  summarize: (r) =>
    `${r.side} ${r.quantity} ${r.symbol}: ${r.legs.map((l) => `${l.size} on ${l.venue}`).join(", ") || "no liquidity"}; average ${r.avgPrice ?? "n/a"}, fees ${r.fees} USD.`,
});

export const getTrades = defineTool({
  name: "get_trades",
  title: "Recent trades",
  description: "The newest trades across venues, newest first: venue, taker side, price, size and time.",
  access: "public",
  effect: "read",
  input: symbolParam.extend(tradesQuery.shape),
  output: z.object({ trades: z.array(tradeSchema) }),
  run: async ({ symbol, limit }, session) => ({ trades: marketCall(() => recentTrades(source(session), symbol, limit)) }),
  summarize: ({ trades }) => {
    const last = trades[0];
    return last === undefined ? "No trades." : `${trades.length} trades; the newest: ${last.side} ${last.size} at ${last.price} on ${last.venue}.`;
  },
});
