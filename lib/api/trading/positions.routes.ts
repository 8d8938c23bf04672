import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppEnv } from "../context";
import type { AuthGuards } from "../middleware/auth";
import { envelopeOf, errorResponses, ok } from "./envelope";
import { positionSchema } from "./positions.schema";

export function registerPositionRoutes(app: OpenAPIHono<AppEnv>, guards: AuthGuards): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/agent/positions",
      tags: ["Account"],
      summary: "Open positions",
      description: "The key owner's open positions on every venue. Needs the account:read scope.",
      security: [{ agentKey: [] }],
      middleware: [guards.agentKey("account:read")],
      responses: { 200: { description: "Open positions", content: { "application/json": { schema: envelopeOf(z.array(positionSchema)) } } }, ...errorResponses(401, 403) },
    }),
    // No venue is connected in this build, so no owner can hold a position yet.
    (c) => ok(c, [] as z.infer<typeof positionSchema>[]),
  );
}
