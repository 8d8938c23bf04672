import type { OrderType, TimeInForce } from "../engine/types";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { atomsColumn as atoms, msColumn as ms, ownerRef } from "../db/columns";

// Owners' state on the simulated venues. Money is bigint quote atoms (micro-USDC); prices are base ticks
// and sizes lots of the market (lib/venues/catalog); times are ms since the epoch. Each fill and the
// position and account rows it changes are written in one transaction (lib/venues/sim/store.ts).

/** An owner's collateral on one venue, with the running totals it is made of. */
export const venueAccounts = pgTable(
  "venue_accounts",
  {
    ownerId: ownerRef(),
    venue: text("venue").notNull(),
    collateral: atoms("collateral").notNull(),
    deposits: atoms("deposits").notNull(),
    realizedPnl: atoms("realized_pnl").notNull(),
    fees: atoms("fees").notNull(),
    funding: atoms("funding").notNull(),
    updatedAt: ms("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.venue] })],
);

/** Money moved into an account from outside trading (the paper balance of a new owner). */
export const venueTransfers = pgTable("venue_transfers", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  ownerId: ownerRef(),
  venue: text("venue").notNull(),
  kind: text("kind").$type<"paper_grant">().notNull(),
  amount: atoms("amount").notNull(),
  time: ms("time").notNull(),
});

export const venuePositions = pgTable(
  "venue_positions",
  {
    ownerId: ownerRef(),
    venue: text("venue").notNull(),
    symbol: text("symbol").notNull(),
    sizeLots: bigint("size_lots", { mode: "number" }).notNull(),
    costBasis: atoms("cost_basis").notNull(),
    realizedPnl: atoms("realized_pnl").notNull(),
    funding: atoms("funding").notNull(),
    leverage: integer("leverage").notNull(),
    updatedAt: ms("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.venue, t.symbol] })],
);

export const venueOrders = pgTable(
  "venue_orders",
  {
    id: text("id").primaryKey(),
    ownerId: ownerRef(),
    venue: text("venue").notNull(),
    symbol: text("symbol").notNull(),
    clientOrderId: text("client_order_id"),
    side: text("side").$type<"BUY" | "SELL">().notNull(),
    type: text("type").$type<OrderType>().notNull(),
    timeInForce: text("time_in_force").$type<TimeInForce>(),
    price: bigint("price", { mode: "number" }),
    triggerPrice: bigint("trigger_price", { mode: "number" }),
    size: bigint("size", { mode: "number" }).notNull(),
    filledSize: bigint("filled_size", { mode: "number" }).notNull(),
    filledNotional: atoms("filled_notional").notNull(),
    fees: atoms("fees").notNull(),
    status: text("status").$type<"NEW" | "PARTIALLY_FILLED" | "FILLED" | "CANCELED" | "REJECTED">().notNull(),
    reason: text("reason"),
    reduceOnly: boolean("reduce_only").notNull(),
    /** Attached exits, base ticks: placed as reduce-only trigger orders as the order fills. */
    takeProfit: bigint("take_profit", { mode: "number" }),
    stopLoss: bigint("stop_loss", { mode: "number" }),
    createdAt: ms("created_at").notNull(),
    updatedAt: ms("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("venue_orders_client_id_idx").on(t.ownerId, t.venue, t.clientOrderId),
    index("venue_orders_open_idx").on(t.status),
    index("venue_orders_owner_idx").on(t.ownerId, t.createdAt),
  ],
);

export const venueFills = pgTable(
  "venue_fills",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id").notNull(),
    ownerId: ownerRef(),
    venue: text("venue").notNull(),
    symbol: text("symbol").notNull(),
    side: text("side").$type<"BUY" | "SELL">().notNull(),
    liquidity: text("liquidity").$type<"MAKER" | "TAKER" | "LIQUIDATION">().notNull(),
    price: bigint("price", { mode: "number" }).notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    fee: atoms("fee").notNull(),
    realizedPnl: atoms("realized_pnl").notNull(),
    time: ms("time").notNull(),
  },
  (t) => [index("venue_fills_owner_idx").on(t.ownerId, t.time), index("venue_fills_order_idx").on(t.orderId)],
);

export const venueFunding = pgTable(
  "venue_funding",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ownerId: ownerRef(),
    venue: text("venue").notNull(),
    symbol: text("symbol").notNull(),
    rateE8: bigint("rate_e8", { mode: "bigint" }).notNull(),
    positionLots: bigint("position_lots", { mode: "number" }).notNull(),
    markPrice: bigint("mark_price", { mode: "number" }).notNull(),
    amount: atoms("amount").notNull(),
    time: ms("time").notNull(),
  },
  (t) => [index("venue_funding_owner_idx").on(t.ownerId, t.time)],
);

/** Where the simulated market stands, so a restart continues the same prices (one row). */
export const simCheckpoints = pgTable("sim_checkpoints", {
  id: text("id").primaryKey(),
  state: jsonb("state").notNull(),
  savedAt: ms("saved_at").notNull(),
});

/**
 * The accounts owners linked on real venues (lib/venues/accounts): the credentials sealed with the
 * server secret for this owner and venue, and what may be shown of them (masked, and the account's
 * identifier: a wallet address, or an API key's first and last characters).
 */
export const linkedVenueAccounts = pgTable(
  "linked_venue_accounts",
  {
    ownerId: ownerRef(),
    venue: text("venue").notNull(),
    sealed: text("sealed").notNull(),
    masked: jsonb("masked").$type<Record<string, string>>().notNull(),
    identifier: text("identifier").notNull(),
    /** When the venue last accepted the credentials (a balance read). */
    checkedAt: ms("checked_at").notNull(),
    createdAt: ms("created_at").notNull(),
    updatedAt: ms("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.venue] })],
);
