import type { OpenAPIHono } from "@hono/zod-openapi";
import type { WebServices } from "../../web/search/paid-work";
import { searchProviderFromConfig } from "../../web/search/providers";
import type { ApiDeps, AppEnv } from "../context";
import { authGuards } from "../middleware/auth";
import { createOpenApiApp } from "../openapi-app";
import { SEARCH_API_BASE } from "../paths";
import { registerHealth } from "./health.route";
import { registerKeyRoutes } from "./keys.routes";
import { registerSearchRoutes } from "./search.routes";
import { registerValidate } from "./validate.routes";

export const SEARCH_API_VERSION = "1.0.0";

/** What paid searches and scrapes run on, over this deployment's provider and scraper. */
export function webServices(deps: ApiDeps): WebServices {
  return { db: deps.database.db, clock: deps.clock, log: deps.log, scraper: deps.scraper, provider: searchProviderFromConfig(deps.config, deps.database.db) };
}

/** The search and scrape API, mounted at /api/web. */
export function createSearchApi(deps: ApiDeps): OpenAPIHono<AppEnv> {
  const app = createOpenApiApp();
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: "A search API key: `Authorization: Bearer <API_KEY>` (bourse_sr_live_…), minted by its owner in the dashboard.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "ownerJwt", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "A short-lived owner token (EdDSA JWT), as for the trading API's key endpoints; for managing search keys.",
  });
  registerSearchRoutes(app, webServices(deps));
  registerValidate(app);
  registerHealth(app);
  registerKeyRoutes(app, authGuards(deps));
  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Bourse Search API",
      version: SEARCH_API_VERSION,
      description:
        "Credit-metered web search and single-URL scrape. Errors use the SearchError body. " +
        "POST /v1/search and /v1/scrape are limited per client IP (60 and 10 a minute) and carry X-RateLimit-Limit, -Remaining and -Reset on every answer. " +
        "Send an Idempotency-Key to make retries of paid requests safe.",
    },
    servers: [{ url: SEARCH_API_BASE, description: "This deployment" }],
  });
  return app;
}
