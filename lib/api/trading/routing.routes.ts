import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { routingRecommendation } from "../../trading/market-data/routing-recommendation";
import type { AppEnv } from "../context";
import { envelopeOf, ok } from "./envelope";
import { json, marketCall, marketDataErrors, marketSource, marketTags } from "./market-data.common";
import { routingQuery, routingSchema } from "../../trading/contract/market-data";

export function registerRoutingRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/aggregated/routing",
      tags: marketTags,
      summary: "Routing recommendation",
      description:
        "Where a taker order does best: the split across venues with the best average price after taker fees (legs per venue with size, average and worst price, fee), " +
        "the best single venue, expected average price, slippage against mid, fees, and the saving against the best single venue. " +
        "`quantity` (beyond the spec) is in base units; one lot when absent. The same planner splits smart-routed orders. Read from the venues' memory. Public.",
      request: { query: routingQuery },
      responses: { 200: { description: "The recommendation", ...json(envelopeOf(routingSchema)) }, ...marketDataErrors },
    }),
    (c) => {
      const { symbol, side, quantity } = c.req.valid("query");
      return ok(
        c,
        marketCall(() => routingRecommendation(marketSource(c), symbol, side, quantity)),
      );
    },
  );
}
