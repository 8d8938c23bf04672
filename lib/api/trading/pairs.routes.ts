import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppEnv } from "../context";
import type { AuthGuards } from "../middleware/auth";
import { envelopeOf, errorResponses, ok } from "./envelope";
import { agentSecurity, callerOf, executed, executionErrors, json, replayHeader, tradingCall } from "./execution";
import { idempotencyHeaders } from "../../trading/contract/orders";
import { openPairBody, pairIdParam, pairSchema } from "../../trading/contract/pairs";

const tags = ["Pairs"];

export function registerPairRoutes(app: OpenAPIHono<AppEnv>, guards: AuthGuards): void {
  app.openapi(
    createRoute({
      method: "post",
      path: "/agent/pair/open",
      tags,
      summary: "Open a long/short pair",
      description:
        "Both legs at market on one venue that takes pairs (alder or cedar; alder when `venue` is absent), half of `notionalUsd` each: the long first, then the short sized to what the long bought. " +
        "`leverage` is set on both symbols first. The pair is recorded before either leg is sent; if the second leg fails the first is unwound and the answer is 422 ORDER_REJECTED: no half-open pair is left, also across a crash. Needs the trade scope.",
      security: agentSecurity,
      middleware: [guards.agentKey("trade")],
      request: { headers: idempotencyHeaders, body: { ...json(openPairBody), required: true } },
      responses: { 200: { description: "The open pair", headers: replayHeader, ...json(envelopeOf(pairSchema)) }, ...executionErrors },
    }),
    async (c) =>
      executed(
        c,
        await tradingCall(() => c.var.deps.trading.openPair(callerOf(c), c.req.valid("json"), { idempotencyKey: c.req.valid("header")["idempotency-key"] })),
      ),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/agent/pair/{id}/close",
      tags,
      summary: "Close a pair",
      description:
        "Closes both legs at market with reduce-only orders. 404 for an unknown pair or another owner's; 409 unless the pair is OPEN (or CLOSING, to finish an earlier close). Needs the trade scope.",
      security: agentSecurity,
      middleware: [guards.agentKey("trade")],
      request: { headers: idempotencyHeaders, params: pairIdParam },
      responses: { 200: { description: "The pair, closed", headers: replayHeader, ...json(envelopeOf(pairSchema)) }, ...executionErrors },
    }),
    async (c) =>
      executed(
        c,
        await tradingCall(() =>
          c.var.deps.trading.closePair(callerOf(c), c.req.valid("param").id, { idempotencyKey: c.req.valid("header")["idempotency-key"] }),
        ),
      ),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/agent/pairs",
      tags,
      summary: "Pair trades",
      description:
        "The owner's pairs, newest first: legs with their orders, entry and exit prices, and the basket PnL at the current marks. Needs the account:read scope.",
      security: agentSecurity,
      middleware: [guards.agentKey("account:read")],
      responses: { 200: { description: "Pairs", ...json(envelopeOf(z.array(pairSchema))) }, ...errorResponses(401, 403) },
    }),
    async (c) => ok(c, await tradingCall(() => c.var.deps.trading.listPairs(c.var.agent.ownerId))),
  );
}
