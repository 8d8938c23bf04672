import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { createOpenApiApp } from "../openapi-app";
import { SEARCH_API_BASE } from "../paths";
import { registerHealth } from "./health.route";

export const SEARCH_API_VERSION = "1.0.0";

/** The search and scrape API, mounted at /api/web. */
export function createSearchApi(): OpenAPIHono<AppEnv> {
  const app = createOpenApiApp();
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: "A search API key: `Authorization: Bearer <API_KEY>`.",
  });
  registerHealth(app);
  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Bourse Search API",
      version: SEARCH_API_VERSION,
      description: "Credit-metered web search and single-URL scrape. Errors use the SearchError body.",
    },
    servers: [{ url: SEARCH_API_BASE, description: "This deployment" }],
  });
  return app;
}
