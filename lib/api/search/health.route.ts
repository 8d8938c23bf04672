import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { checkHealth, healthSchema } from "../../ops/health";
import { searchErrorBody } from "./error-body";

const route = createRoute({
  method: "get",
  path: "/health",
  tags: ["Health"],
  summary: "Application health",
  description: "Public. 200 when the database answers, 503 when it does not. Not rate limited.",
  responses: {
    200: { description: "Healthy", content: { "application/json": { schema: healthSchema } } },
    503: { description: "A dependency is failing", content: { "application/json": { schema: healthSchema } } },
    500: { description: "Unexpected failure (INTERNAL_ERROR)", content: { "application/json": { schema: searchErrorBody } } },
  },
});

export function registerHealth(app: OpenAPIHono<AppEnv>): void {
  app.openapi(route, async (c) => {
    const health = await checkHealth(c.var.deps);
    return health.status === "ok" ? c.json(health, 200) : c.json(health, 503);
  });
}
