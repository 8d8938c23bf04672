import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import type { WebServices } from "../../web/search/paid-work";
import { requireSearchKey } from "./key-guard";
import { errorResponses, idempotencyHeader, json, rateLimitHeaderDocs } from "./openapi-parts";
import { paidScrape, paidSearch, requirePlanFor, type PaidCall } from "./paid.service";
import { rateLimit } from "./rate-limit";
import { scrapeRequest, scrapeResponse } from "../../web/contract/scrape";
import { searchRequest, searchResponse } from "../../web/contract/search";

const security = [{ apiKey: [] }];

function paidCall(c: Context<AppEnv>, idempotencyKey: string | undefined): PaidCall {
  return { key: c.var.searchKey, requestId: c.var.requestId, idempotencyKey: idempotencyKey ?? null };
}

const search = createRoute({
  method: "post",
  path: "/v1/search",
  tags: ["Search"],
  summary: "Search the web",
  description:
    "Ranked web results, optionally scraping the first auto_scrape_top result pages concurrently. Reserves 2 + 3 × auto_scrape_top credits, " +
    "then charges 2 plus 3 for each page scraped without an error; failed and unattempted pages are refunded. 60 requests per minute per client IP.",
  security,
  middleware: [rateLimit, requireSearchKey],
  request: { headers: idempotencyHeader, body: { ...json(searchRequest), required: true } },
  responses: {
    200: { description: "Results, scraped pages and the final charge", headers: rateLimitHeaderDocs, ...json(searchResponse) },
    ...errorResponses([400, 401, 402, 403, 409, 429], { rateLimited: true }),
  },
});

const scrape = createRoute({
  method: "post",
  path: "/v1/scrape",
  tags: ["Scrape"],
  summary: "Scrape one URL",
  description:
    "Structured content of one page, optionally following its internal links. Reserves 5 credits, plus 2 × max_pages with follow_internal_links, " +
    "then charges 5 plus 2 for each discovered page scraped without an error; a failed primary page costs nothing. 10 requests per minute per client IP. " +
    "A page that cannot be scraped (blocked address, robots.txt, HTTP error, timeout) is a 200 answer with success false and the page's error.",
  security,
  middleware: [rateLimit, requireSearchKey],
  request: { headers: idempotencyHeader, body: { ...json(scrapeRequest), required: true } },
  responses: {
    200: { description: "The page (and discovered pages) and the final charge", headers: rateLimitHeaderDocs, ...json(scrapeResponse) },
    ...errorResponses([400, 401, 402, 403, 409, 429], { rateLimited: true }),
  },
});

export function registerSearchRoutes(app: OpenAPIHono<AppEnv>, services: WebServices): void {
  app.openapi(search, async (c) => {
    const body = c.req.valid("json");
    requirePlanFor(c.var.searchKey, { include_contacts: body.include_contacts, include_social: body.include_social });
    const answer = await paidSearch(services, paidCall(c, c.req.valid("header")["idempotency-key"]), body);
    if (answer.replayed) c.header("Idempotent-Replayed", "true");
    return c.json(answer.body, 200);
  });

  app.openapi(scrape, async (c) => {
    const body = c.req.valid("json");
    requirePlanFor(c.var.searchKey, { include_contacts: body.include_contacts, follow_internal_links: body.follow_internal_links });
    const answer = await paidScrape(services, paidCall(c, c.req.valid("header")["idempotency-key"]), body);
    if (answer.replayed) c.header("Idempotent-Replayed", "true");
    return c.json(answer.body, 200);
  });
}
