// The account:read tools: the key owner's positions, balances, orders and pairs, from the trading service.
import { z } from "zod";
import { ORDER_LIST_STATUSES, orderListQuery, orderSchema, type OrderView } from "../../../trading/contract/orders";
import { pairSchema } from "../../../trading/contract/pairs";
import { balanceSchema, positionSchema } from "../../../trading/contract/positions";
import { tradingCall } from "../../trading/execution";
import { agentOf, type McpSession } from "../session";
import { defineTool } from "../tool";

const ownerOf = (session: McpSession) => agentOf(session).ownerId;
const trading = (session: McpSession) => session.deps.trading;

export const ordersOutput = z.object({ orders: z.array(orderSchema) });
export const positionsOutput = z.object({ positions: z.array(positionSchema) });
export const balancesOutput = z.object({ balances: z.array(balanceSchema) });

const describeOrders = (orders: readonly OrderView[]) =>
  orders.length === 0
    ? "No orders."
    : `${orders.length} orders: ${orders.map((o) => `${o.side} ${o.quantity} ${o.symbol} ${o.type}${o.price ? ` at ${o.price}` : ""} on ${o.venue}, ${o.status}`).join("; ")}.`;

export const getPositions = defineTool({
  name: "get_positions",
  title: "Positions",
  description: "Open positions on every venue: side, size, entry, mark and liquidation price, PnL, margin and leverage.",
  access: "account:read",
  effect: "read",
  input: z.object({}),
  output: positionsOutput,
  run: async (_args, session) => ({ positions: await tradingCall(() => trading(session).listPositions(ownerOf(session))) }),
  summarize: ({ positions }) =>
    positions.length === 0
      ? "No open positions."
      : positions.map((p) => `${p.side} ${p.size} ${p.symbol} on ${p.venue} at ${p.entryPrice} (mark ${p.markPrice}, PnL ${p.unrealizedPnl} USD)`).join("; "),
});

export const getBalances = defineTool({
  name: "get_balances",
  title: "Balances",
  description: "Collateral, equity, margin in use and what is available for new orders, per venue (USDC).",
  access: "account:read",
  effect: "read",
  input: z.object({}),
  output: balancesOutput,
  run: async (_args, session) => ({ balances: await tradingCall(() => trading(session).listBalances(ownerOf(session))) }),
  summarize: ({ balances }) => balances.map((b) => `${b.venue}: equity ${b.equity}, available ${b.available} USDC`).join("; ") || "No balances.",
});

export const listOpenOrders = defineTool({
  name: "list_open_orders",
  title: "Open orders",
  description: "Live orders on every venue (resting limits, stops waiting for their trigger), newest first; optionally of one symbol.",
  access: "account:read",
  effect: "read",
  input: orderListQuery.pick({ symbol: true }),
  output: ordersOutput,
  run: async ({ symbol }, session) => ({ orders: await tradingCall(() => trading(session).listOrders(ownerOf(session), { status: "open", symbol })) }),
  summarize: ({ orders }) => describeOrders(orders),
});

const HISTORY_STATUSES = ORDER_LIST_STATUSES.filter((s) => s !== "open") as [Exclude<(typeof ORDER_LIST_STATUSES)[number], "open">, ...never[]];

export const getOrderHistory = defineTool({
  name: "get_order_history",
  title: "Order history",
  description: "Orders placed through Bourse (each venue's child order), newest first: all, or only filled, canceled or rejected ones.",
  access: "account:read",
  effect: "read",
  input: orderListQuery.extend({ status: z.enum(HISTORY_STATUSES).default("all") }),
  output: ordersOutput,
  run: async (query, session) => ({ orders: await tradingCall(() => trading(session).listOrders(ownerOf(session), query)) }),
  summarize: ({ orders }) => describeOrders(orders),
});

export const listPairs = defineTool({
  name: "list_pairs",
  title: "Pair trades",
  description: "Long/short pairs, newest first, with their legs, entry and exit prices and the basket PnL at the current marks.",
  access: "account:read",
  effect: "read",
  input: z.object({}),
  output: z.object({ pairs: z.array(pairSchema) }),
  run: async (_args, session) => ({ pairs: await tradingCall(() => trading(session).listPairs(ownerOf(session))) }),
  summarize: ({ pairs }) => (pairs.length === 0 ? "No pairs." : `${pairs.length} pairs: ${pairs.map((p) => `${p.id} ${p.status}`).join(", ")}.`),
});
