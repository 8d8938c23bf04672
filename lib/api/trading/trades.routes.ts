import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { recentTrades } from "../../trading/market-data/recent-trades";
import { STREAM_SNAPSHOT } from "../../trading/market-data/limits";
import { subscribeMarket } from "../../trading/market-data/streams";
import type { AppEnv } from "../context";
import { envelopeOf, ok } from "./envelope";
import { json, marketCall, marketDataErrors, marketSource, marketTags } from "./market-data.common";
import { symbolParam, tradeSchema, tradesQuery } from "../../trading/contract/market-data";
import { sendStream, streamDescription, streamResponse } from "./market-stream";

export function registerTradeRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/trades/{symbol}",
      tags: marketTags,
      summary: "Recent trades",
      description:
        "The newest trades across venues, newest first, each with its venue, taker side, price, size and time. Live: GET /trades/{symbol}/stream. Public.",
      request: { params: symbolParam, query: tradesQuery },
      responses: { 200: { description: "Trades, newest first", ...json(envelopeOf(z.array(tradeSchema))) }, ...marketDataErrors },
    }),
    (c) =>
      ok(
        c,
        marketCall(() => recentTrades(marketSource(c), c.req.valid("param").symbol, c.req.valid("query").limit)),
      ),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/trades/{symbol}/stream",
      tags: marketTags,
      summary: "Recent trades, live",
      description:
        `The snapshot holds the newest ${STREAM_SNAPSHOT.trades} trades; each update the trades since the last one, newest first. A trade may come in both a snapshot and the update after it: keep trades by id. ` +
        streamDescription,
      request: { params: symbolParam },
      responses: { 200: streamResponse("trades"), ...marketDataErrors },
    }),
    (c) =>
      sendStream(
        c,
        marketCall(() => subscribeMarket(marketSource(c), { kind: "trades", symbol: c.req.valid("param").symbol })),
      ),
  );
}
