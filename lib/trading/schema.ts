import type { OrderType } from "../engine/types";
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { atomsColumn as atoms, msColumn as ms, ownerRef } from "../db/columns";

// Execution records of lib/trading. Prices are base ticks and sizes lots of the market (lib/venues/catalog),
// money bigint quote atoms (micro-USD), times ms since the epoch, fractions parts per million.

export type ParentSource = "order" | "position_open" | "position_close" | "position_tpsl" | "exit" | "pair_open" | "pair_close" | "pair_unwind";

/** An order as the agent asked for it; its child orders are what was sent to each venue. */
export const tradeOrders = pgTable(
  "trade_orders",
  {
    id: text("id").primaryKey(),
    ownerId: ownerRef(),
    /** The agent key that placed it (null when the owner did, e.g. the kill switch's cancels). */
    keyId: text("key_id"),
    source: text("source").$type<ParentSource>().notNull(),
    symbol: text("symbol").notNull(),
    side: text("side").$type<"BUY" | "SELL">().notNull(),
    type: text("type").$type<OrderType>().notNull(),
    lots: bigint("lots", { mode: "number" }).notNull(),
    price: bigint("price", { mode: "number" }),
    triggerPrice: bigint("trigger_price", { mode: "number" }),
    reduceOnly: boolean("reduce_only").notNull(),
    /** As asked; null for orders placed before it was recorded (their type's default). */
    timeInForce: text("time_in_force").$type<"GTC" | "IOC" | "FOK">(),
    postOnly: boolean("post_only").notNull().default(false),
    /** Exits attached on entry, base ticks. */
    takeProfit: bigint("take_profit", { mode: "number" }),
    stopLoss: bigint("stop_loss", { mode: "number" }),
    /** The venue asked for, or null when smart-routed. */
    venue: text("venue"),
    slippagePpm: integer("slippage_ppm"),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("trade_orders_owner_idx").on(t.ownerId, t.createdAt)],
);

export type ChildStatus = "PENDING" | "NEW" | "PARTIALLY_FILLED" | "FILLED" | "CANCELED" | "REJECTED";

/**
 * One venue's part of a parent order. Written before it is sent (PENDING, with the client order id the
 * venue deduplicates on), then updated with the venue's answer; open ones are refreshed when read.
 */
export const tradeChildOrders = pgTable(
  "trade_child_orders",
  {
    clientOrderId: text("client_order_id").primaryKey(),
    parentId: text("parent_id")
      .notNull()
      .references(() => tradeOrders.id, { onDelete: "cascade" }),
    ownerId: ownerRef(),
    venue: text("venue").notNull(),
    venueOrderId: text("venue_order_id"),
    symbol: text("symbol").notNull(),
    side: text("side").$type<"BUY" | "SELL">().notNull(),
    lots: bigint("lots", { mode: "number" }).notNull(),
    status: text("status").$type<ChildStatus>().notNull(),
    filledLots: bigint("filled_lots", { mode: "number" }).notNull(),
    filledNotional: atoms("filled_notional").notNull(),
    fees: atoms("fees").notNull(),
    reason: text("reason"),
    /** The venue's own words when it refused the order (reason is the code). */
    rejectReason: text("reject_reason"),
    createdAt: ms("created_at").notNull(),
    updatedAt: ms("updated_at").notNull(),
  },
  (t) => [
    index("trade_child_orders_parent_idx").on(t.parentId),
    index("trade_child_orders_owner_idx").on(t.ownerId, t.createdAt),
    uniqueIndex("trade_child_orders_venue_idx").on(t.ownerId, t.venue, t.venueOrderId),
  ],
);

export type PairStatus = "OPENING" | "OPEN" | "CLOSING" | "CLOSED" | "FAILED";

/** A long/short pair on one venue. Its legs are parent orders; the row is written before either leg is sent. */
export const pairTrades = pgTable(
  "pair_trades",
  {
    id: text("id").primaryKey(),
    ownerId: ownerRef(),
    keyId: text("key_id"),
    venue: text("venue").notNull(),
    longSymbol: text("long_symbol").notNull(),
    shortSymbol: text("short_symbol").notNull(),
    notional: atoms("notional").notNull(),
    leverage: integer("leverage").notNull(),
    slippagePpm: integer("slippage_ppm").notNull(),
    status: text("status").$type<PairStatus>().notNull(),
    longOpenId: text("long_open_id").notNull(),
    shortOpenId: text("short_open_id").notNull(),
    longCloseId: text("long_close_id"),
    shortCloseId: text("short_close_id"),
    /** Why the pair failed to open, in words. */
    failure: text("failure"),
    /** Until when the process working on it holds it; a stale OPENING or CLOSING row is recovered after this. */
    leaseUntil: ms("lease_until").notNull(),
    createdAt: ms("created_at").notNull(),
    updatedAt: ms("updated_at").notNull(),
  },
  (t) => [index("pair_trades_owner_idx").on(t.ownerId, t.createdAt), index("pair_trades_status_idx").on(t.status, t.leaseUntil)],
);

/** An owner's own tightening of the operator's limits: for all their keys (key_id '') or for one key. */
export const riskOverrides = pgTable(
  "risk_overrides",
  {
    ownerId: ownerRef(),
    keyId: text("key_id").notNull(),
    /** A partial RiskLimits (lib/trading/execution/risk/limits), stored as strings and numbers. */
    limits: jsonb("limits").$type<Record<string, string | number>>().notNull(),
    updatedAt: ms("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.keyId] })],
);

/** Kill switches pulled by an owner: for one key, or for all of them (key_id '*'). Released by deleting the row. */
export const killSwitches = pgTable(
  "kill_switches",
  {
    ownerId: ownerRef(),
    keyId: text("key_id").notNull(),
    engagedAt: ms("engaged_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.keyId] })],
);

/** An owner's equity across venues when the UTC day's first order arrived: the daily loss is measured from it. */
export const riskDayStarts = pgTable(
  "risk_day_starts",
  {
    ownerId: ownerRef(),
    day: text("day").notNull(),
    equity: atoms("equity").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.day] })],
);

/**
 * Idempotency-Key records of the execution routes, per agent key. The row is inserted before the work
 * (a second request with the key conflicts on the primary key); the answer is stored once it is known.
 */
export const tradeIdempotency = pgTable(
  "trade_idempotency",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    /** Names what the work creates (parent order and pair ids derive from it), so a resumed run recreates nothing. */
    operationId: text("operation_id").notNull(),
    /** Absent while the work runs. */
    response: jsonb("response").$type<{ status: number; body: unknown }>(),
    leaseUntil: ms("lease_until").notNull(),
    expiresAt: ms("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("trade_idempotency_expiry_idx").on(t.expiresAt)],
);
