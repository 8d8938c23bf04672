// Execution records → the order shapes of ./orders.ts (decimal strings, ISO times).
import type { OrderView, ParentOrderView } from "./orders";
import type { VenueOrder } from "../../venues/venue";
import { averagePrice, formatAtoms, formatLots, formatTicks, marketOf } from "../units";
import type { tradeChildOrders, tradeOrders } from "../schema";
import { slippageFraction } from "../execution/slippage";

export type ParentRow = typeof tradeOrders.$inferSelect;
export type ChildRow = typeof tradeChildOrders.$inferSelect;

const iso = (ms: number) => new Date(ms).toISOString();
const LIVE = new Set(["NEW", "PARTIALLY_FILLED"]);

/** A venue's order, as GET /agent/orders shows it. */
export function venueOrderView(o: VenueOrder, parentId: string | null): OrderView {
  const m = marketOf(o.symbol);
  return {
    venue: o.venue,
    orderId: o.orderId,
    clientOrderId: o.clientOrderId,
    parentId,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    quantity: formatLots(m, o.size),
    price: o.price === null ? null : formatTicks(m, o.price),
    triggerPrice: o.triggerPrice === null ? null : formatTicks(m, o.triggerPrice),
    reduceOnly: o.reduceOnly,
    status: o.status,
    filledQuantity: formatLots(m, o.filledSize),
    averagePrice: averagePrice(m, o.filledNotional, o.filledSize),
    fees: formatAtoms(o.fees),
    reason: o.reason,
    createdAt: iso(o.createdAt),
    updatedAt: iso(o.updatedAt),
  };
}

/** A child order as stored, with what it shares with its parent. */
export function childView(c: ChildRow, p: ParentRow): OrderView {
  const m = marketOf(c.symbol);
  return {
    venue: c.venue,
    orderId: c.venueOrderId,
    clientOrderId: c.clientOrderId,
    parentId: c.parentId,
    symbol: c.symbol,
    side: c.side,
    type: p.type,
    quantity: formatLots(m, c.lots),
    price: p.price === null ? null : formatTicks(m, p.price),
    triggerPrice: p.triggerPrice === null ? null : formatTicks(m, p.triggerPrice),
    reduceOnly: p.reduceOnly,
    status: c.status,
    filledQuantity: formatLots(m, c.filledLots),
    averagePrice: averagePrice(m, c.filledNotional, c.filledLots),
    fees: formatAtoms(c.fees),
    reason: c.reason,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  };
}

/** What the children add up to. */
export function parentTotals(p: ParentRow, children: readonly ChildRow[]) {
  const filled = children.reduce((s, c) => s + c.filledLots, 0);
  const resting = children.filter((c) => LIVE.has(c.status)).reduce((s, c) => s + c.lots - c.filledLots, 0);
  const notional = children.reduce((s, c) => s + c.filledNotional, 0n);
  const fees = children.reduce((s, c) => s + c.fees, 0n);
  return { filled, resting, unfilled: p.lots - filled - resting, notional, fees };
}

export function parentView(p: ParentRow, children: readonly ChildRow[]): ParentOrderView {
  const m = marketOf(p.symbol);
  const t = parentTotals(p, children);
  const status = parentStatus(p, children, t.filled);
  return {
    id: p.id,
    symbol: p.symbol,
    side: p.side,
    type: p.type,
    quantity: formatLots(m, p.lots),
    price: p.price === null ? null : formatTicks(m, p.price),
    triggerPrice: p.triggerPrice === null ? null : formatTicks(m, p.triggerPrice),
    reduceOnly: p.reduceOnly,
    routing: p.venue === null ? "SMART" : "VENUE",
    slippage: p.slippagePpm === null ? null : slippageFraction(p.slippagePpm),
    status,
    filledQuantity: formatLots(m, t.filled),
    unfilledQuantity: formatLots(m, t.unfilled),
    averagePrice: averagePrice(m, t.notional, t.filled),
    fees: formatAtoms(t.fees),
    outcome: outcomeOf(p, children, status, t),
    children: children.map((c) => childView(c, p)),
    createdAt: iso(p.createdAt),
  };
}

function parentStatus(p: ParentRow, children: readonly ChildRow[], filled: number): ParentOrderView["status"] {
  if (children.some((c) => c.status === "PENDING")) return "PENDING";
  if (children.some((c) => LIVE.has(c.status))) return filled > 0 ? "PARTIALLY_FILLED" : "NEW";
  if (filled === p.lots) return "FILLED";
  if (children.length > 0 && children.every((c) => c.status === "REJECTED")) return "REJECTED";
  return "CANCELED";
}

const REASONS: Record<string, string> = {
  PRICE_PROTECTION: "the book had no more within the slippage limit",
  NO_LIQUIDITY: "the book was empty",
  IOC_REMAINDER: "it was immediate-or-cancel",
  REDUCE_ONLY_CAPPED: "reduce-only: it may not exceed the position",
  REDUCE_ONLY_WOULD_INCREASE: "reduce-only: there was no position to reduce",
  CANCELED_BY_OWNER: "it was cancelled",
  KILL_SWITCH: "the kill switch cancelled it",
};

function outcomeOf(p: ParentRow, children: readonly ChildRow[], status: ParentOrderView["status"], t: ReturnType<typeof parentTotals>): string {
  const m = marketOf(p.symbol);
  const filled =
    t.filled > 0
      ? `Filled ${formatLots(m, t.filled)} of ${formatLots(m, p.lots)} ${p.symbol} at ${averagePrice(m, t.notional, t.filled)} on average`
      : `Not filled`;
  const why = [...new Set(children.map((c) => c.reason).filter((r): r is string => r !== null))].map((r) => REASONS[r] ?? r.toLowerCase().replaceAll("_", " "));
  switch (status) {
    case "FILLED":
      return `${filled}.`;
    case "NEW":
    case "PARTIALLY_FILLED":
      return `${filled}; ${formatLots(m, t.resting)} resting${t.unfilled > 0 ? `, ${formatLots(m, t.unfilled)} not placed` : ""}.`;
    case "PENDING":
      return `${filled}; a venue's answer is not known yet.`;
    case "REJECTED":
      return `Rejected by ${children.map((c) => c.venue).join(", ")}: ${why.join("; ") || "refused"}.`;
    case "CANCELED":
      return `${filled}; the other ${formatLots(m, t.unfilled)} was cancelled${why.length > 0 ? ` (${why.join("; ")})` : ""}.`;
  }
}
