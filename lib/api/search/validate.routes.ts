import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { RateLimitDecision } from "../../http/rate-limit";
import type { AppEnv } from "../context";
import { requireSearchKey } from "./key-guard";
import { errorResponses, json } from "./openapi-parts";
import { clientIpOf } from "./rate-limit";
import { keyValidationView, validateResponse } from "../../auth/contract/search-keys";

const route = createRoute({
  method: "get",
  path: "/v1/validate",
  tags: ["Keys"],
  summary: "Validate an API key",
  description: "The key's status, plan and credits, and the caller's rate-limit windows. Costs no credits and uses no search or scrape slot.",
  security: [{ apiKey: [] }],
  middleware: [requireSearchKey],
  responses: {
    200: { description: "The key is active", ...json(validateResponse) },
    ...errorResponses([401]),
  },
});

const window = (d: RateLimitDecision) => ({ limit: d.limit, remaining: d.remaining, reset: Math.ceil(d.resetAtMs / 1000) });

export function registerValidate(app: OpenAPIHono<AppEnv>): void {
  app.openapi(route, async (c) => {
    const key = c.var.searchKey;
    const limiter = c.var.deps.searchRateLimiter;
    const ip = clientIpOf(c);
    const [search, scrape] = await Promise.all([limiter.peek("search", ip), limiter.peek("scrape", ip)]);
    return c.json(keyValidationView(key, { search: window(search), scrape: window(scrape) }), 200);
  });
}
