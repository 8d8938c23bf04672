import { and, eq, inArray, type SQL } from "drizzle-orm";
import { insertJsonRows } from "../../db/json-rows";
import type { Database } from "../../db/client";
import { GroupCommit, type BatchPart, type PartKind } from "../../db/group-commit";
import { simCheckpoints, venueAccounts, venueFills, venueFunding, venueOrders, venuePositions, venueTransfers } from "../schema";
import { type AccountRow, type OwnedOrder, OwnerChange, type PositionRow } from "./change";

/** Owners' venue state as stored: what the simulator is rebuilt from after a restart. */
export interface StoredState {
  accounts: AccountRow[];
  positions: PositionRow[];
  openOrders: OwnedOrder[];
}

export interface VenueStore {
  /** Stores one operation's changes with the batch it joins; resolves once that batch is committed (in call order). */
  commit(change: OwnerChange): Promise<void>;
  /** Resolves once every change and checkpoint handed over so far is stored. */
  flushed(): Promise<void>;
  load(): Promise<StoredState>;
  orderByClientId(ownerId: string, venue: string, clientOrderId: string): Promise<OwnedOrder | undefined>;
  order(ownerId: string, orderId: string): Promise<OwnedOrder | undefined>;
  saveCheckpoint(state: unknown, now: number): Promise<void>;
  loadCheckpoint(): Promise<unknown>;
}

const OPEN_STATUSES = ["NEW", "PARTIALLY_FILLED"] as const;
const CHECKPOINT_ID = "simulator";

type OrderRow = typeof venueOrders.$inferSelect;

function orderFromRow(r: OrderRow): OwnedOrder {
  return {
    ownerId: r.ownerId,
    orderId: r.id,
    clientOrderId: r.clientOrderId,
    venue: r.venue,
    symbol: r.symbol,
    side: r.side,
    type: r.type,
    timeInForce: r.timeInForce,
    price: r.price,
    triggerPrice: r.triggerPrice,
    size: r.size,
    filledSize: r.filledSize,
    filledNotional: r.filledNotional,
    fees: r.fees,
    status: r.status,
    reason: r.reason,
    reduceOnly: r.reduceOnly,
    takeProfit: r.takeProfit,
    stopLoss: r.stopLoss,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

function orderToRow(o: OwnedOrder): OrderRow {
  return {
    id: o.orderId,
    ownerId: o.ownerId,
    venue: o.venue,
    symbol: o.symbol,
    clientOrderId: o.clientOrderId,
    side: o.side,
    type: o.type,
    timeInForce: o.timeInForce,
    price: o.price,
    triggerPrice: o.triggerPrice,
    size: o.size,
    filledSize: o.filledSize,
    filledNotional: o.filledNotional,
    fees: o.fees,
    status: o.status,
    reason: o.reason,
    reduceOnly: o.reduceOnly,
    takeProfit: o.takeProfit ?? null,
    stopLoss: o.stopLoss ?? null,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}

/** The statements storing one change. */
function changeStatements(change: OwnerChange): (SQL | undefined)[] {
  if (change.empty) return [];
  return [
    insertJsonRows(venueTransfers, change.transfers),
    insertJsonRows(venueOrders, [...change.orders.values()].map(orderToRow), {
      target: [venueOrders.id],
      update: [venueOrders.filledSize, venueOrders.filledNotional, venueOrders.fees, venueOrders.status, venueOrders.reason, venueOrders.updatedAt],
    }),
    insertJsonRows(
      venueFills,
      change.fills.map((f) => ({
        id: f.fillId,
        orderId: f.orderId,
        ownerId: f.ownerId,
        venue: f.venue,
        symbol: f.symbol,
        side: f.side,
        liquidity: f.liquidity,
        price: f.price,
        size: f.size,
        fee: f.fee,
        realizedPnl: f.realizedPnl,
        time: f.time,
      })),
    ),
    insertJsonRows(venueFunding, change.funding),
    insertJsonRows(venuePositions, [...change.positions.values()], {
      target: [venuePositions.ownerId, venuePositions.venue, venuePositions.symbol],
      update: [
        venuePositions.sizeLots,
        venuePositions.costBasis,
        venuePositions.realizedPnl,
        venuePositions.funding,
        venuePositions.leverage,
        venuePositions.updatedAt,
      ],
    }),
    insertJsonRows(venueAccounts, [...change.accounts.values()], {
      target: [venueAccounts.ownerId, venueAccounts.venue],
      update: [venueAccounts.collateral, venueAccounts.deposits, venueAccounts.realizedPnl, venueAccounts.fees, venueAccounts.funding, venueAccounts.updatedAt],
    }),
  ];
}

/** The owners' changes of a batch, merged into one change: a few statements whatever the batch's size. */
class VenueChanges implements BatchPart {
  readonly change = new OwnerChange();
  statements() {
    return changeStatements(this.change);
  }
}

class CheckpointWrite implements BatchPart {
  saved: { state: unknown; now: number } | undefined;
  statements() {
    if (this.saved === undefined) return [];
    const { state, now } = this.saved;
    return [
      insertJsonRows(simCheckpoints, [{ id: CHECKPOINT_ID, state, savedAt: now }], {
        target: [simCheckpoints.id],
        update: [simCheckpoints.state, simCheckpoints.savedAt],
      }),
    ];
  }
}

/** Venue changes go first in a batch: the trading records of the same batch describe them. */
export const VENUE_CHANGES: PartKind<VenueChanges> = { rank: 0, create: () => new VenueChanges() };
const CHECKPOINT: PartKind<CheckpointWrite> = { rank: 1, create: () => new CheckpointWrite() };

/** A store writing through `writes` (the host's group commit, shared with the trading records), or a group commit of its own. */
export function createVenueStore(db: Database, writes: GroupCommit = new GroupCommit(db)): VenueStore {
  return {
    commit(change) {
      if (change.empty) return Promise.resolve();
      return writes.add(VENUE_CHANGES, (part) => part.change.absorb(change));
    },

    flushed: () => writes.flushed(),

    async load() {
      const [accounts, positions, open] = await Promise.all([
        db.select().from(venueAccounts),
        db.select().from(venuePositions),
        db
          .select()
          .from(venueOrders)
          .where(inArray(venueOrders.status, [...OPEN_STATUSES])),
      ]);
      return { accounts, positions, openOrders: open.map(orderFromRow) };
    },

    async orderByClientId(ownerId, venue, clientOrderId) {
      const rows = await db
        .select()
        .from(venueOrders)
        .where(and(eq(venueOrders.ownerId, ownerId), eq(venueOrders.venue, venue), eq(venueOrders.clientOrderId, clientOrderId)))
        .limit(1);
      return rows[0] === undefined ? undefined : orderFromRow(rows[0]);
    },

    async order(ownerId, orderId) {
      const rows = await db
        .select()
        .from(venueOrders)
        .where(and(eq(venueOrders.ownerId, ownerId), eq(venueOrders.id, orderId)))
        .limit(1);
      return rows[0] === undefined ? undefined : orderFromRow(rows[0]);
    },

    saveCheckpoint(state, now) {
      return writes.add(CHECKPOINT, (part) => {
        part.saved = { state, now };
      });
    },

    async loadCheckpoint() {
      const rows = await db.select().from(simCheckpoints).where(eq(simCheckpoints.id, CHECKPOINT_ID)).limit(1);
      return rows[0]?.state;
    },
  };
}
