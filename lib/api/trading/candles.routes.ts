import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { aggregatedCandles } from "../../trading/market-data/aggregated-candles";
import type { AppEnv } from "../context";
import { json, marketCall, marketDataErrors, marketSource, marketTags } from "./market-data.common";
import { candleSchema, candlesQuery } from "./market-data.schema";

export function registerCandleRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/aggregated/candles",
      tags: marketTags,
      summary: "Aggregated candles",
      description:
        "OHLCV candles of all venues together, oldest first, the current (unfinished) one last, as a raw array (not in the envelope; errors are). " +
        "High, low and volume are those of the combined trade tape; open and close are the median of the venues' (continuous from one candle to the next). " +
        "Intervals are UTC-aligned. Live: GET /aggregated/candles/stream. Public.",
      request: { query: candlesQuery },
      responses: { 200: { description: "Candles, oldest first", ...json(z.array(candleSchema)) }, ...marketDataErrors },
    }),
    (c) => {
      const { symbol, interval, limit } = c.req.valid("query");
      return c.json(marketCall(() => aggregatedCandles(marketSource(c), symbol, interval, limit)), 200);
    },
  );
}
