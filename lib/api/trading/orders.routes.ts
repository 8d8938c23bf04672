import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppEnv } from "../context";
import type { AuthGuards } from "../middleware/auth";
import { envelopeOf, errorResponses, ok } from "./envelope";
import { agentSecurity, callerOf, executed, executionErrors, json, replayHeader, tradingCall } from "./execution";
import { cancelOrderParams, idempotencyHeaders, orderListQuery, orderSchema, parentOrderSchema, placeOrderBody } from "../../trading/contract/orders";
import { orderPreviewSchema } from "../../trading/contract/order-preview";

const tags = ["Orders"];

export function registerOrderRoutes(app: OpenAPIHono<AppEnv>, guards: AuthGuards): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/agent/orders",
      tags,
      summary: "Open orders, or order history",
      description:
        "Without `status` (or `status=open`): the key owner's live orders on every venue (resting limits, stops waiting for their trigger). " +
        "`status=filled|canceled|rejected|all`: orders placed through this API, newest first. Needs the account:read scope.",
      security: agentSecurity,
      middleware: [guards.agentKey("account:read")],
      request: { query: orderListQuery },
      responses: { 200: { description: "Orders", ...json(envelopeOf(z.array(orderSchema))) }, ...errorResponses(400, 401, 403) },
    }),
    async (c) => ok(c, await tradingCall(() => c.var.deps.trading.listOrders(c.var.agent.ownerId, c.req.valid("query")))),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/agent/orders",
      tags,
      summary: "Place a smart-routed perp order",
      description:
        "Conditional fields: LIMIT needs `price`; STOP_MARKET needs `triggerPrice`; STOP_LIMIT needs both; MARKET takes neither. `quantity` must be a multiple of the market's lot size. " +
        "Without `preferredExchange` the order is split across venues for the best average price after taker fees (as GET /aggregated/routing shows); a limit order's marketable part is split the same way and the rest rests at the limit; a stop goes to the venue that would fill it best now. " +
        "MARKET and STOP_MARKET never fill beyond `slippage` from the mark (or the trigger): the rest is cancelled and the answer says so. " +
        "Answers the parent order with its child orders (venue, id, status, filled size, average price, fees) and `outcome` in words. " +
        "Checked against the risk policy first (403 RISK_REJECTED with a `category`). Needs the trade scope.",
      security: agentSecurity,
      middleware: [guards.agentKey("trade")],
      request: { headers: idempotencyHeaders, body: { ...json(placeOrderBody), required: true } },
      responses: {
        200: { description: "The parent order and its children", headers: replayHeader, ...json(envelopeOf(parentOrderSchema)) },
        ...executionErrors,
      },
    }),
    async (c) =>
      executed(
        c,
        await tradingCall(() => c.var.deps.trading.placeOrder(callerOf(c), c.req.valid("json"), { idempotencyKey: c.req.valid("header")["idempotency-key"] })),
      ),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/agent/orders/preview",
      tags,
      summary: "Dry-run an order",
      description:
        "Takes a PlaceOrder and answers what placing it now would do, without sending or storing anything: the child orders per venue, what each venue's book would fill at once " +
        "(within the limit or slippage bound), the average price and taker fees, what would rest, and the risk verdict (kill switch included) with its `category` when refused. " +
        "The same validation as POST /agent/orders (400). Needs the trade scope.",
      security: agentSecurity,
      middleware: [guards.agentKey("trade")],
      request: { body: { ...json(placeOrderBody), required: true } },
      responses: { 200: { description: "The dry run", ...json(envelopeOf(orderPreviewSchema)) }, ...errorResponses(400, 401, 403, 409) },
    }),
    async (c) => ok(c, await tradingCall(() => c.var.deps.trading.previewOrder(callerOf(c), c.req.valid("json")))),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/agent/orders/{venue}/{orderId}",
      tags,
      summary: "Cancel an order",
      description:
        "Cancels a live order by its venue and the venue's order id (a child order's `orderId`). What filled before stays filled. 404 for an unknown order or another owner's; 409 when it is no longer live. " +
        "With an Idempotency-Key, a retry (after a lost answer) answers the first cancel again (`Idempotent-Replayed: true`) instead of 409. Needs the trade scope.",
      security: agentSecurity,
      middleware: [guards.agentKey("trade")],
      request: { headers: idempotencyHeaders, params: cancelOrderParams },
      responses: {
        200: { description: "The cancelled order", headers: replayHeader, ...json(envelopeOf(orderSchema)) },
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const { venue, orderId } = c.req.valid("param");
      const options = { idempotencyKey: c.req.valid("header")["idempotency-key"] };
      return executed(c, await tradingCall(() => c.var.deps.trading.cancelOrder(callerOf(c), venue, orderId, options)));
    },
  );
}
