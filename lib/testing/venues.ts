// Test support: one simulated venue on a real, migrated database, with prices and liquidity set by hand.
import { and, eq, type SQL, sql } from "drizzle-orm";
import { owners } from "../auth/schema";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { createTestDatabase } from "./database";
import { parseAtoms } from "../engine/accounts/market-units";
import type { Side } from "../engine/types";
import { findMarket, findVenue } from "../venues/catalog";
import { venueFills, venueFunding, venueTransfers } from "../venues/schema";
import { OwnerChange, SIM_OWNER_PREFIX } from "../venues/sim/change";
import type { SimMarket } from "../venues/sim/sim-market";
import { SimVenue } from "../venues/sim/sim-venue";
import { createVenueStore, type VenueStore } from "../venues/sim/store";

export interface VenueHarness {
  venue: SimVenue;
  market: SimMarket;
  store: VenueStore;
  database: DatabaseHandle;
  time: { now: number };
  /** A market maker's resting order, as the simulator would place it. */
  liquidity(side: Side, price: number, lots: number): Promise<void>;
  /** Moves the mark (and runs the stops it triggers). */
  mark(price: number): Promise<void>;
  /** The venue's liquidation check, as the exchange runs it every second. */
  liquidations(): Promise<void>;
  /** An hourly funding payment at this rate (1e-8). */
  funding(rateE8: bigint): Promise<void>;
  addOwner(id: string): Promise<void>;
  close(): Promise<void>;
}

let sequence = 0;

export async function createVenueHarness(options: { venue?: string; symbol?: string; paperBalance?: string } = {}): Promise<VenueHarness> {
  const testDb = await createTestDatabase();
  const database = await openDatabase(testDb.target);
  await migrateDatabase(database);
  const store = createVenueStore(database.db);
  const time = { now: Date.UTC(2026, 5, 1, 12) };
  const profile = findVenue(options.venue ?? "alder")!;
  const spec = findMarket(options.symbol ?? "BTC-USD")!;
  const venue = new SimVenue({
    profile,
    markets: [spec],
    now: () => time.now,
    paperBalance: parseAtoms(options.paperBalance ?? "10000"),
    defaultLeverage: 10,
    commit: (change) => store.commit(change),
    findOrder: (ownerId, q) => ("orderId" in q ? store.order(ownerId, q.orderId) : store.orderByClientId(ownerId, profile.name, q.clientOrderId)),
    delay: async () => {},
    newId: (prefix) => `${prefix}_${++sequence}`,
    bootId: "test",
  });
  const market = venue.simMarkets.get(spec.symbol)!;
  const applyAndStore = async (results: Parameters<SimVenue["apply"]>[1][]) => {
    const change = new OwnerChange();
    for (const r of results) venue.apply(market, r, time.now, change);
    await store.commit(change);
  };
  return {
    venue,
    market,
    store,
    database,
    time,
    liquidity: (side, price, lots) =>
      applyAndStore([market.book.submit({ id: `mm_${++sequence}`, owner: `${SIM_OWNER_PREFIX}mm`, side, type: "LIMIT", price, size: lots }, time.now)]),
    mark: async (price) => {
      market.markPrice = price;
      market.indexPrice = price;
      await applyAndStore(market.book.onMarkPrice(price, time.now));
    },
    liquidations: async () => {
      const change = new OwnerChange();
      venue.liquidateUnderwater(time.now, change);
      await store.commit(change);
    },
    funding: async (rateE8) => {
      const change = new OwnerChange();
      venue.payFunding(market, rateE8, time.now, change);
      await store.commit(change);
    },
    addOwner: async (id) => {
      await database.db.insert(owners).values({ id, email: `${id}@example.test` });
    },
    close: async () => {
      await database.close();
      await testDb.drop();
    },
  };
}

/** Σ of an owner's stored signed fills per symbol, and what the stored rows say collateral must be. */
export async function storedLedger(database: DatabaseHandle, ownerId: string, venue: string) {
  const db = database.db;
  const mine = <T extends typeof venueFills | typeof venueTransfers | typeof venueFunding>(t: T) => and(eq(t.ownerId, ownerId), eq(t.venue, venue));
  const lots = await db
    .select({
      symbol: venueFills.symbol,
      lots: sql<string>`sum(case when ${venueFills.side} = 'BUY' then ${venueFills.size} else -${venueFills.size} end)::text`,
    })
    .from(venueFills)
    .where(mine(venueFills))
    .groupBy(venueFills.symbol);
  const [fills] = await db
    .select({ realized: sql<string>`coalesce(sum(${venueFills.realizedPnl}), 0)::text`, fees: sql<string>`coalesce(sum(${venueFills.fee}), 0)::text` })
    .from(venueFills)
    .where(mine(venueFills));
  const [deposits] = await db
    .select({ sum: sql<string>`coalesce(sum(${venueTransfers.amount}), 0)::text` })
    .from(venueTransfers)
    .where(mine(venueTransfers));
  const [funding] = await db
    .select({ sum: sql<string>`coalesce(sum(${venueFunding.amount}), 0)::text` })
    .from(venueFunding)
    .where(mine(venueFunding));
  return {
    lotsBySymbol: Object.fromEntries(lots.map((r) => [r.symbol, Number(r.lots)])),
    /** deposits + realized PnL − fees + funding */
    expectedCollateral: BigInt(deposits!.sum) + BigInt(fills!.realized) - BigInt(fills!.fees) + BigInt(funding!.sum),
  };
}

/**
 * Σ stored fills = stored position per owner, venue and symbol, and collateral = deposits + PnL − fees +
 * funding, for the owners whose id is LIKE `ownerPattern`. Returns what does not hold, and how much was checked.
 */
export async function auditVenueAccounts(database: DatabaseHandle, ownerPattern: string): Promise<{ checked: number; findings: string[] }> {
  const result = (query: SQL) => database.db.execute(query) as unknown as Promise<{ rows: Record<string, unknown>[] }>;
  const accounts = (await result(sql`select owner_id, venue, collateral::text as collateral from venue_accounts where owner_id like ${ownerPattern}`)).rows;
  const positions = (await result(sql`select owner_id, venue, symbol, size_lots from venue_positions where owner_id like ${ownerPattern}`)).rows;
  const findings: string[] = [];
  let checked = 0;
  for (const account of accounts) {
    const owner = String(account.owner_id);
    const venue = String(account.venue);
    const ledger = await storedLedger(database, owner, venue);
    const held = positions.filter((p) => p.owner_id === owner && p.venue === venue);
    const symbols = new Set([...held.map((p) => String(p.symbol)), ...Object.keys(ledger.lotsBySymbol)]);
    for (const symbol of symbols) {
      checked++;
      const position = Number(held.find((p) => p.symbol === symbol)?.size_lots ?? 0);
      const fills = ledger.lotsBySymbol[symbol] ?? 0;
      if (position !== fills) findings.push(`${owner} ${venue} ${symbol}: position ${position} lots, Σ fills ${fills} lots`);
    }
    if (BigInt(String(account.collateral)) !== ledger.expectedCollateral)
      findings.push(`${owner} ${venue}: collateral ${String(account.collateral)}, deposits + PnL − fees + funding ${ledger.expectedCollateral}`);
  }
  return { checked, findings };
}
