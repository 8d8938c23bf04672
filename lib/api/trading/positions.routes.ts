import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppEnv } from "../context";
import type { AuthGuards } from "../middleware/auth";
import { envelopeOf, errorResponses, ok } from "./envelope";
import { agentSecurity, callerOf, executed, executionErrors, json, replayHeader, tradingCall } from "./execution";
import { idempotencyHeaders } from "../../trading/contract/orders";
import {
  balanceSchema,
  closePositionBody,
  openPositionBody,
  positionExitsBody,
  positionExitsResultSchema,
  positionResultSchema,
  positionSchema,
  positionSymbolParam,
} from "../../trading/contract/positions";

const tags = ["Account"];

export function registerPositionRoutes(app: OpenAPIHono<AppEnv>, guards: AuthGuards): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/agent/positions",
      tags,
      summary: "Open positions",
      description:
        "The key owner's open positions on every venue, with entry, mark and liquidation prices, PnL, margin and leverage. Needs the account:read scope.",
      security: agentSecurity,
      middleware: [guards.agentKey("account:read")],
      responses: { 200: { description: "Open positions", ...json(envelopeOf(z.array(positionSchema))) }, ...errorResponses(401, 403) },
    }),
    async (c) => ok(c, await tradingCall(() => c.var.deps.trading.listPositions(c.var.agent.ownerId))),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/agent/balances",
      tags,
      summary: "Balances per venue",
      description: "Collateral, equity, margin in use and what is available for new orders, on every venue (USDC). Needs the account:read scope.",
      security: agentSecurity,
      middleware: [guards.agentKey("account:read")],
      responses: { 200: { description: "Balances", ...json(envelopeOf(z.array(balanceSchema))) }, ...errorResponses(401, 403) },
    }),
    async (c) => ok(c, await tradingCall(() => c.var.deps.trading.listBalances(c.var.agent.ownerId))),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/agent/positions/open",
      tags,
      summary: "Open a position",
      description:
        "Buys (LONG) or sells (SHORT) at market, sized by `quantity` or by `notionalUsd` at the mark (exactly one of them). With `leverage`, sets the symbol's leverage on the venues used first. " +
        "Smart-routed unless `venue` is given; never fills beyond `slippage`. Answers the order. Needs the trade scope.",
      security: agentSecurity,
      middleware: [guards.agentKey("trade")],
      request: { headers: idempotencyHeaders, body: { ...json(openPositionBody), required: true } },
      responses: { 200: { description: "The opening order", headers: replayHeader, ...json(envelopeOf(positionResultSchema)) }, ...executionErrors },
    }),
    async (c) =>
      executed(
        c,
        await tradingCall(() =>
          c.var.deps.trading.openPosition(callerOf(c), c.req.valid("json"), { idempotencyKey: c.req.valid("header")["idempotency-key"] }),
        ),
      ),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/agent/positions/close",
      tags,
      summary: "Close a position",
      description:
        "Reduce-only market orders against the position in `symbol` on every venue holding it (or only `venue`): all of it, or `quantity` for a partial close (largest position first). " +
        "409 when there is no position. Closing is allowed while a kill switch is engaged. Needs the trade scope.",
      security: agentSecurity,
      middleware: [guards.agentKey("trade")],
      request: { headers: idempotencyHeaders, body: { ...json(closePositionBody), required: true } },
      responses: { 200: { description: "The closing order", headers: replayHeader, ...json(envelopeOf(positionResultSchema)) }, ...executionErrors },
    }),
    async (c) =>
      executed(
        c,
        await tradingCall(() =>
          c.var.deps.trading.closePosition(callerOf(c), c.req.valid("json"), { idempotencyKey: c.req.valid("header")["idempotency-key"] }),
        ),
      ),
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/agent/positions/{symbol}/tpsl",
      tags,
      summary: "Set a position's take-profit and stop-loss",
      description:
        "Sets or replaces the take-profit and stop-loss of the position in `symbol` on every venue holding it (or only `venue`): the live reduce-only exits of the kind given are cancelled, " +
        "then a reduce-only TAKE_PROFIT_MARKET or STOP_MARKET for the whole position is placed at the new trigger price; null removes one, absent leaves it. " +
        "A long's take-profit must be above the mark and its stop-loss below (a short's the other way): 400 otherwise. 409 when there is no position. " +
        "Exits are cancelled by the venue once the position is closed. Needs the trade scope.",
      security: agentSecurity,
      middleware: [guards.agentKey("trade")],
      request: { params: positionSymbolParam, headers: idempotencyHeaders, body: { ...json(positionExitsBody), required: true } },
      responses: { 200: { description: "The exits placed", headers: replayHeader, ...json(envelopeOf(positionExitsResultSchema)) }, ...executionErrors },
    }),
    async (c) =>
      executed(
        c,
        await tradingCall(() =>
          c.var.deps.trading.setPositionExits(callerOf(c), c.req.valid("param").symbol, c.req.valid("json"), {
            idempotencyKey: c.req.valid("header")["idempotency-key"],
          }),
        ),
      ),
  );
}
