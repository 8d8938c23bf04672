import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { killSwitchBody, killSwitchEngaged, killSwitchReleaseQuery, killSwitchStateSchema } from "../../trading/contract/kill-switch";
import type { AppEnv } from "../context";
import type { AuthGuards } from "../middleware/auth";
import { envelopeOf, errorResponses, ok } from "./envelope";
import { json, tradingCall } from "./execution";

const tags = ["Risk"];
const security = [{ ownerJwt: [] }];

export function registerKillSwitchRoutes(app: OpenAPIHono<AppEnv>, guards: AuthGuards): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/agent/kill-switch",
      tags,
      summary: "Kill switch state",
      description: "Which kill switches the owner has engaged. Owner token.",
      security,
      middleware: [guards.owner],
      responses: { 200: { description: "State", ...json(envelopeOf(killSwitchStateSchema)) }, ...errorResponses(401) },
    }),
    async (c) => ok(c, await tradingCall(() => c.var.deps.trading.killSwitchState(c.var.ownerId))),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/agent/kill-switch",
      tags,
      summary: "Pull the kill switch",
      description:
        "For one key (`keyId`) or every key: cancels the live orders it covers and refuses new orders, swap quotes, prepares and executes, and the faucet from them " +
        "(403 RISK_REJECTED, category KILL_SWITCH) until released. Reduce-only closes stay possible. Owner token.",
      security,
      middleware: [guards.owner],
      request: { body: { ...json(killSwitchBody), required: true } },
      responses: {
        200: { description: "State and orders cancelled", ...json(envelopeOf(killSwitchEngaged)) },
        ...errorResponses(400, 401),
      },
    }),
    async (c) => ok(c, await tradingCall(() => c.var.deps.trading.engageKillSwitch(c.var.ownerId, c.req.valid("json").keyId ?? null))),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/agent/kill-switch",
      tags,
      summary: "Release the kill switch",
      description: "Releases the switch for `keyId`, or the one for every key when absent. Owner token.",
      security,
      middleware: [guards.owner],
      request: { query: killSwitchReleaseQuery },
      responses: { 200: { description: "State", ...json(envelopeOf(killSwitchStateSchema)) }, ...errorResponses(400, 401) },
    }),
    async (c) => ok(c, await tradingCall(() => c.var.deps.trading.releaseKillSwitch(c.var.ownerId, c.req.valid("query").keyId ?? null))),
  );
}
