// The trade tools: orders, positions and pairs through the trading service, under the owner's risk
// policy and kill switch, each execution under an Idempotency-Key.
import { z } from "zod";
import type { Caller, ExecOptions } from "../../../trading/execution/context";
import type { TradingService } from "../../../trading/execution/service";
import type { Executed } from "../../../trading/execution/orders";
import { orderPreviewSchema } from "../../../trading/contract/order-preview";
import { cancelOrderParams, orderListQuery, orderSchema, parentOrderSchema, placeOrderBody, type ParentOrderView } from "../../../trading/contract/orders";
import { openPairBody, pairIdParam, pairSchema, type PairView } from "../../../trading/contract/pairs";
import { closePositionBody, openPositionBody } from "../../../trading/contract/positions";
import { tradingCall } from "../../trading/execution";
import { executionFields, executionResult, tradingIdempotencyKey, underKey } from "../idempotency";
import { callerOf, type McpSession } from "../session";
import { defineTool } from "../tool";

/** Runs a trading execution under the caller's key, or a new one, and answers the key with the result. */
const executed = <T>(key: string | undefined, run: (options: ExecOptions) => Promise<Executed<T>>) =>
  underKey(key, (idempotencyKey) => tradingCall(() => run({ idempotencyKey })));

const trading = (session: McpSession) => session.deps.trading;

/**
 * A trade tool running one execution of the trading service under the caller's idempotency key (or a new
 * one): its arguments are `body` and the key; its answer, the result under `field`, the key and whether
 * it replayed an earlier call.
 */
function executionTool<B extends z.ZodObject, F extends string, R extends z.ZodType>(spec: {
  name: string;
  title: string;
  description: string;
  body: B;
  field: F;
  result: R;
  execute: (session: McpSession, body: z.output<B>, options: ExecOptions) => Promise<Executed<z.output<R>>>;
  summarize: (result: z.output<R>, idempotencyKey: string) => string;
}) {
  const output = executionResult(spec.field, spec.result);
  return defineTool({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    access: "trade",
    effect: "write",
    input: spec.body.extend({ idempotencyKey: tradingIdempotencyKey }),
    output,
    run: async (args, session) => {
      const { idempotencyKey, ...body } = args as z.output<B> & { idempotencyKey?: string };
      const run = await executed(idempotencyKey, (options) => spec.execute(session, body as z.output<B>, options));
      return { [spec.field]: run.result, idempotencyKey: run.idempotencyKey, replayed: run.replayed } as z.output<typeof output>;
    },
    summarize: (r) => {
      const answer = r as Record<F, z.output<R>> & { idempotencyKey: string };
      return spec.summarize(answer[spec.field], answer.idempotencyKey);
    },
  });
}

const describeOrder = (o: ParentOrderView, key: string) => `${o.outcome} Order ${o.id}, ${o.status}; idempotency key ${key}.`;
const describePair = (p: PairView, key: string) =>
  `Pair ${p.id} on ${p.venue}: long ${p.longSymbol}, short ${p.shortSymbol}, ${p.status}, basket PnL ${p.basketPnl} USD; idempotency key ${key}.`;

export const placeOrder = defineTool({
  name: "place_order",
  title: "Place an order",
  description:
    "A perp order, smart-routed across venues for the best price after fees unless `preferredExchange`. LIMIT needs `price`, STOP_MARKET and TAKE_PROFIT_MARKET `triggerPrice`, STOP_LIMIT and TAKE_PROFIT_LIMIT both; " +
    "`timeInForce`, `postOnly`, `reduceOnly`, and `takeProfit`/`stopLoss` exits attached on entry as in POST /agent/orders. " +
    "Checked against the owner's risk policy and kill switch. With `dryRun` nothing is sent: the answer is the routing plan, what the books would fill now, fees and the risk verdict.",
  access: "trade",
  effect: "write",
  input: placeOrderBody.extend({
    dryRun: z.boolean().default(false).meta({ description: "Answer the plan, fees and risk verdict without sending anything" }),
    idempotencyKey: tradingIdempotencyKey,
  }),
  output: z.object({
    dryRun: z.boolean(),
    idempotencyKey: executionFields.idempotencyKey.nullable().meta({ description: "The key the order ran under; null for a dry run" }),
    replayed: executionFields.replayed,
    order: parentOrderSchema.nullable().meta({ description: "The order placed, with its child orders; null for a dry run" }),
    preview: orderPreviewSchema.nullable().meta({ description: "The dry run; null when the order was placed" }),
  }),
  run: async ({ dryRun, idempotencyKey, ...order }, session) => {
    if (dryRun)
      return {
        dryRun,
        idempotencyKey: null,
        replayed: false,
        order: null,
        preview: await tradingCall(() => trading(session).previewOrder(callerOf(session), order)),
      };
    const run = await executed(idempotencyKey, (options) => trading(session).placeOrder(callerOf(session), order, options));
    return { dryRun, idempotencyKey: run.idempotencyKey, replayed: run.replayed, order: run.result, preview: null };
  },
  summarize: (r) => (r.preview !== null ? `Dry run, nothing sent. ${r.preview.outcome}` : describeOrder(r.order!, r.idempotencyKey!)),
});

export const cancelOrder = executionTool({
  name: "cancel_order",
  title: "Cancel an order",
  description:
    "Cancels a live order by its venue and the venue's order id (a child order's orderId). What filled before stays filled. " +
    "A retry with the idempotencyKey the answer carries answers the first cancel again; without it, a repeat answers CONFLICT (no longer open).",
  body: cancelOrderParams,
  field: "order",
  result: orderSchema,
  execute: (session, { venue, orderId }, options) => trading(session).cancelOrder(callerOf(session), venue, orderId, options),
  summarize: (order, key) => `Order ${order.orderId} on ${order.venue}: ${order.status}, ${order.filledQuantity} filled; idempotency key ${key}.`,
});

export const cancelAllOrders = executionTool({
  name: "cancel_all_orders",
  title: "Cancel all orders",
  description:
    "Cancels every live order on every venue, or only those of `symbol`. Answers the orders cancelled; a retry with the same idempotencyKey answers them again.",
  body: orderListQuery.pick({ symbol: true }),
  field: "cancelled",
  result: z.array(orderSchema),
  execute: (session, { symbol }, options) => trading(session).cancelAllOrders(callerOf(session), symbol, options),
  summarize: (cancelled, key) => `${cancelled.length} orders cancelled; idempotency key ${key}.`,
});

/** A position tool: one position call of the trading service, answered as its order. */
function positionTool<B extends z.ZodObject>(
  spec: { name: string; title: string; description: string; body: B },
  execute: (trading: TradingService, caller: Caller, body: z.output<B>, options: ExecOptions) => Promise<Executed<{ order: ParentOrderView }>>,
) {
  return executionTool({
    ...spec,
    field: "order",
    result: parentOrderSchema,
    execute: async (session, body, options) => {
      const run = await execute(trading(session), callerOf(session), body, options);
      return { result: run.result.order, replayed: run.replayed };
    },
    summarize: describeOrder,
  });
}

export const openPosition = positionTool(
  {
    name: "open_position",
    title: "Open a position",
    description:
      "Buys (LONG) or sells (SHORT) at market, sized by `quantity` or by `notionalUsd` at the mark (exactly one), optionally setting `leverage` first. Never fills beyond `slippage`.",
    body: openPositionBody,
  },
  (trading, caller, body, options) => trading.openPosition(caller, body, options),
);

export const closePosition = positionTool(
  {
    name: "close_position",
    title: "Close a position",
    description:
      "Reduce-only market orders against the position in `symbol` (on every venue, or only `venue`): all of it, or `quantity`. Allowed while a kill switch is engaged.",
    body: closePositionBody,
  },
  (trading, caller, body, options) => trading.closePosition(caller, body, options),
);

export const openPair = executionTool({
  name: "open_pair",
  title: "Open a long/short pair",
  description:
    "Long `longSymbol` and short `shortSymbol` at market on one venue (alder or cedar), half of `notionalUsd` each, at `leverage`. If the second leg fails the first is unwound.",
  body: openPairBody,
  field: "pair",
  result: pairSchema,
  execute: (session, body, options) => trading(session).openPair(callerOf(session), body, options),
  summarize: describePair,
});

export const closePair = executionTool({
  name: "close_pair",
  title: "Close a pair",
  description: "Closes both legs of a pair at market with reduce-only orders.",
  body: pairIdParam,
  field: "pair",
  result: pairSchema,
  execute: (session, { id }, options) => trading(session).closePair(callerOf(session), id, options),
  summarize: describePair,
});
