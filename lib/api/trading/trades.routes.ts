import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { recentTrades } from "../../trading/market-data/recent-trades";
import type { AppEnv } from "../context";
import { envelopeOf, ok } from "./envelope";
import { json, marketCall, marketDataErrors, marketSource, marketTags } from "./market-data.common";
import { symbolParam, tradeSchema, tradesQuery } from "./market-data.schema";

export function registerTradeRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/trades/{symbol}",
      tags: marketTags,
      summary: "Recent trades",
      description: "The newest trades across venues, newest first, each with its venue, taker side, price, size and time. Live: GET /trades/{symbol}/stream. Public.",
      request: { params: symbolParam, query: tradesQuery },
      responses: { 200: { description: "Trades, newest first", ...json(envelopeOf(z.array(tradeSchema))) }, ...marketDataErrors },
    }),
    (c) => ok(c, marketCall(() => recentTrades(marketSource(c), c.req.valid("param").symbol, c.req.valid("query").limit))),
  );
}
