import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { aggregatedCandles } from "../../trading/market-data/aggregated-candles";
import { STREAM_SNAPSHOT } from "../../trading/market-data/limits";
import { subscribeMarket } from "../../trading/market-data/streams";
import type { AppEnv } from "../context";
import { json, marketCall, marketDataErrors, marketSource, marketTags } from "./market-data.common";
import { candleSchema, candleStreamQuery, candlesQuery } from "../../trading/contract/market-data";
import { sendStream, streamDescription, streamResponse } from "./market-stream";

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
      return c.json(
        marketCall(() => aggregatedCandles(marketSource(c), symbol, interval, limit)),
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/aggregated/candles/stream",
      tags: marketTags,
      summary: "Aggregated candles, live",
      description: `The snapshot holds the newest ${STREAM_SNAPSHOT.candles} candles of the interval; each update the last two (the one that just closed and the current one), to replace by time. ${streamDescription}`,
      request: { query: candleStreamQuery },
      responses: { 200: streamResponse("candles"), ...marketDataErrors },
    }),
    (c) => {
      const { symbol, interval } = c.req.valid("query");
      return sendStream(
        c,
        marketCall(() => subscribeMarket(marketSource(c), { kind: "candles", symbol, interval })),
      );
    },
  );
}
