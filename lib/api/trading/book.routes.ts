import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { aggregatedBookJson } from "../../trading/market-data/aggregated-book";
import { subscribeMarket } from "../../trading/market-data/streams";
import { STALE_AFTER_MS } from "../../trading/market-data/limits";
import type { AppEnv } from "../context";
import { envelopeOf } from "./envelope";
import { json, marketCall, marketDataErrors, marketSource, marketTags, okSerialized, parseQuery } from "./market-data.common";
import { aggregatedBookSchema, bookQuery } from "../../trading/contract/market-data";
import { sendStream, streamDescription, streamResponse } from "./market-stream";

export function registerBookRoutes(app: OpenAPIHono<AppEnv>): void {
  const bookRoute = createRoute({
    method: "get",
    path: "/aggregated/book",
    tags: marketTags,
    summary: "Aggregated order book",
    description:
      "The venues' books merged: each level's total size and size per venue, cumulative totals, best bid and ask, spread and mid, and each venue's last update " +
      `(stale when the venue has announced nothing for ${STALE_AFTER_MS} ms). Venues' books can cross each other; the crossing sizes are netted as one book would match them, ` +
      "and reported per venue, so the answer is never crossed. `group` widens levels to a multiple of the tick: bids round down and asks up, so groups never overlap. " +
      "Read from the venues' memory, never the database. Live: GET /aggregated/book/stream. Public.",
    request: { query: bookQuery },
    responses: { 200: { description: "The aggregated book", ...json(envelopeOf(aggregatedBookSchema)) }, ...marketDataErrors },
  });
  // Documented like every route, but validated in the handler: see parseQuery.
  app.openAPIRegistry.registerPath(bookRoute);
  app.get(bookRoute.path, (c) => {
    const { symbol, depth, group } = parseQuery(c, bookQuery);
    return okSerialized(
      c,
      marketCall(() => aggregatedBookJson(marketSource(c), symbol, { depth, group })),
    );
  });

  app.openapi(
    createRoute({
      method: "get",
      path: "/aggregated/book/stream",
      tags: marketTags,
      summary: "Aggregated order book, live",
      description: `The aggregated book (as GET /aggregated/book, same parameters) whenever a venue's book changes; every update is a whole book, sent at least once a second so ages and staleness stay current. ${streamDescription}`,
      request: { query: bookQuery },
      responses: { 200: streamResponse("aggregated books"), ...marketDataErrors },
    }),
    (c) => {
      const { symbol, depth, group } = c.req.valid("query");
      return sendStream(
        c,
        marketCall(() => subscribeMarket(marketSource(c), { kind: "book", symbol, depth, group })),
      );
    },
  );
}
