import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { RateLimitDecision } from "../../http/rate-limit";
import type { AppEnv } from "../context";
import { requireSearchKey } from "./key-guard";
import { errorResponses, json } from "./openapi-parts";
import { clientIpOf, type SearchRateLimiter } from "./rate-limit";
import { validateResponse, type ValidateResponse } from "../../auth/contract/search-keys";
import { keyValidationView } from "../../auth/search-key-views";
import type { SearchPrincipal } from "../../auth/search-keys";

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

/** The key's status, plan and credits, and the windows of `subject` as they stand (peeked: validating uses neither). */
export async function keyValidation(key: SearchPrincipal, limiter: SearchRateLimiter, subject: string): Promise<ValidateResponse> {
  const [search, scrape] = await Promise.all([limiter.peek("search", subject), limiter.peek("scrape", subject)]);
  return keyValidationView(key, { search: window(search), scrape: window(scrape) });
}

export function registerValidate(app: OpenAPIHono<AppEnv>): void {
  app.openapi(route, async (c) => c.json(await keyValidation(c.var.searchKey, c.var.deps.searchRateLimiter, clientIpOf(c)), 200));
}
