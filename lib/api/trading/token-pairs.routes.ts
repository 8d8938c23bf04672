import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { TOKEN_PAIRS_TTL_MS, tokenPairs } from "../../trading/market-data/token-pairs";
import type { AppEnv } from "../context";
import { envelopeOf, errorEnvelope, errorResponses, ok } from "./envelope";
import { json, marketCall, marketSource, marketTags } from "./market-data.common";
import { tokenPairSchema } from "../../trading/contract/market-data";

export function registerTokenPairRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/token-pairs",
      tags: marketTags,
      summary: "Tradable markets",
      description:
        "Every market with its base and quote, tick and lot size, and per venue: the venue's symbol, tick and lot size, maximum leverage and fees; " +
        "plus the mark and index price, the funding rate, the last price, and the 24-hour volume and change across venues. " +
        `Computed from the venues' memory at most every ${TOKEN_PAIRS_TTL_MS / 1000} s. Public.`,
      responses: {
        200: { description: "Markets", ...json(envelopeOf(z.array(tokenPairSchema))) },
        ...errorResponses(),
        503: { description: "No venue is connected (VENUES=off): SERVICE_UNAVAILABLE", ...json(errorEnvelope) },
      },
    }),
    (c) =>
      ok(
        c,
        marketCall(() => tokenPairs(marketSource(c))),
      ),
  );
}
