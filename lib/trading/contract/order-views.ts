// Execution records → the order shapes of ./orders.ts (decimal strings, ISO times).
import type { OrderTimeInForce, OrderView, ParentOrderView } from "./orders";
import type { OrderType, TimeInForce, VenueOrder } from "../../venues/venue";
import { isLimitType } from "../../engine/types";
import { averagePrice, formatAtoms, formatLots, formatTicks, marketOf } from "../units";
import type { tradeChildOrders, tradeOrders } from "../schema";
import { slippageFraction } from "../execution/slippage";

export type ParentRow = typeof tradeOrders.$inferSelect;
export type ChildRow = typeof tradeChildOrders.$inferSelect;

const iso = (ms: number) => new Date(ms).toISOString();
const LIVE = new Set(["NEW", "PARTIALLY_FILLED"]);

/** Agent key names by id, for the `keyName` of views. */
export type KeyNames = ReadonlyMap<string, string>;

const keyOf = (keyId: string | null, names: KeyNames) => ({ keyId, keyName: keyId === null ? null : (names.get(keyId) ?? null) });
const ticksOrNull = (m: ReturnType<typeof marketOf>, ticks: number | null | undefined) => (ticks == null ? null : formatTicks(m, ticks));
const defaultTimeInForce = (type: OrderType): OrderTimeInForce => (isLimitType(type) ? "GTC" : "IOC");

/** A venue's time in force as the contract states it: post-only is a flag beside GTC. */
function timeInForceOf(type: OrderType, tif: TimeInForce | null): { timeInForce: OrderTimeInForce; postOnly: boolean } {
  if (tif === "POST_ONLY") return { timeInForce: "GTC", postOnly: true };
  return { timeInForce: tif ?? defaultTimeInForce(type), postOnly: false };
}

/** A venue's order, as GET /agent/orders shows it; `parent` is the order placed through this API it belongs to. */
export function venueOrderView(o: VenueOrder, parent: Pick<ParentRow, "id" | "keyId"> | null, names: KeyNames): OrderView {
  const m = marketOf(o.symbol);
  return {
    venue: o.venue,
    orderId: o.orderId,
    clientOrderId: o.clientOrderId,
    parentId: parent?.id ?? null,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    quantity: formatLots(m, o.size),
    price: o.price === null ? null : formatTicks(m, o.price),
    triggerPrice: o.triggerPrice === null ? null : formatTicks(m, o.triggerPrice),
    reduceOnly: o.reduceOnly,
    ...timeInForceOf(o.type, o.timeInForce),
    takeProfit: ticksOrNull(m, o.takeProfit),
    stopLoss: ticksOrNull(m, o.stopLoss),
    ...keyOf(parent?.keyId ?? null, names),
    status: o.status,
    filledQuantity: formatLots(m, o.filledSize),
    averagePrice: averagePrice(m, o.filledNotional, o.filledSize),
    fees: formatAtoms(o.fees),
    reason: o.reason,
    createdAt: iso(o.createdAt),
    updatedAt: iso(o.updatedAt),
  };
}

/** What a parent states of its options, for its own view and its children's. */
function parentOptions(p: ParentRow, names: KeyNames) {
  const m = marketOf(p.symbol);
  return {
    reduceOnly: p.reduceOnly,
    timeInForce: p.timeInForce ?? defaultTimeInForce(p.type),
    postOnly: p.postOnly,
    takeProfit: ticksOrNull(m, p.takeProfit),
    stopLoss: ticksOrNull(m, p.stopLoss),
    ...keyOf(p.keyId, names),
  };
}

/** A child order as stored, with what it shares with its parent. */
export function childView(c: ChildRow, p: ParentRow, names: KeyNames): OrderView {
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
    ...parentOptions(p, names),
    status: c.status,
    filledQuantity: formatLots(m, c.filledLots),
    averagePrice: averagePrice(m, c.filledNotional, c.filledLots),
    fees: formatAtoms(c.fees),
    reason: c.reason,
    ...(c.rejectReason === null ? {} : { rejectReason: c.rejectReason }),
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

export function parentView(p: ParentRow, children: readonly ChildRow[], names: KeyNames): ParentOrderView {
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
    ...parentOptions(p, names),
    routing: p.venue === null ? "SMART" : "VENUE",
    slippage: p.slippagePpm === null ? null : slippageFraction(p.slippagePpm),
    status,
    filledQuantity: formatLots(m, t.filled),
    unfilledQuantity: formatLots(m, t.unfilled),
    averagePrice: averagePrice(m, t.notional, t.filled),
    fees: formatAtoms(t.fees),
    outcome: outcomeOf(p, children, status, t),
    children: children.map((c) => childView(c, p, names)),
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
  FOK_WOULD_NOT_FILL: "it was fill-or-kill and the book could not fill all of it at once",
  POST_ONLY_WOULD_CROSS: "post-only: it would have taken liquidity",
  POSITION_CLOSED: "its position was closed",
  STOP_WOULD_TRIGGER: "the mark had already passed its trigger",
};

/** A child's reason in words: the venue's own when it refused the order, else the reason's plain words. */
function whyOf(c: ChildRow): string[] {
  if (c.rejectReason !== null) {
    const own = c.rejectReason.startsWith(`${c.venue}: `) ? c.rejectReason.slice(c.venue.length + 2) : c.rejectReason;
    return [own.replace(/\.$/, "")];
  }
  return c.reason === null ? [] : [REASONS[c.reason] ?? c.reason.toLowerCase().replaceAll("_", " ")];
}

function outcomeOf(p: ParentRow, children: readonly ChildRow[], status: ParentOrderView["status"], t: ReturnType<typeof parentTotals>): string {
  const m = marketOf(p.symbol);
  const filled =
    t.filled > 0
      ? `Filled ${formatLots(m, t.filled)} of ${formatLots(m, p.lots)} ${p.symbol} at ${averagePrice(m, t.notional, t.filled)} on average`
      : `Not filled`;
  const why = [...new Set(children.flatMap(whyOf))];
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
