// Kill -9 in the middle of trading: every acknowledged order, fill and position of every owner must be
// back and consistent, and resting orders back in the books.
import { spawn } from "node:child_process";
import readline from "node:readline";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseTarget } from "../../db/client";
import { parseAtoms } from "../../engine/accounts/market-units";
import { createTestDatabase } from "../../testing/database";
import { storedLedger } from "../../testing/venues";
import { VENUES } from "../catalog";
import type { VenueOrder } from "../venue";
import { venueAccounts, venueOrders, venuePositions } from "../schema";
import { SimExchange } from "./exchange";
import { createVenueStore } from "./store";

const TRADERS = ["own_trader_a", "own_trader_b", "own_trader_c"];
const ACKS_BEFORE_KILL = 150;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function databaseForChild(): Promise<DatabaseTarget> {
  const testDb = await createTestDatabase({ persistent: true });
  cleanups.push(testDb.drop);
  return testDb.target;
}

type Ack = VenueOrder & { owner: string };

/** Starts the trader, collects its acknowledgements and kills it -9 once it has enough. */
async function tradeThenKill(target: DatabaseTarget): Promise<Ack[]> {
  const child = spawn(process.execPath, ["--import", "tsx", "lib/testing/fixtures/venue-trader.ts", JSON.stringify(target)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const acks: Ack[] = [];
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the trader exited (${code}) after ${acks.length} acknowledgements`)));
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      if (!line.startsWith("ACK ")) return;
      acks.push(JSON.parse(line.slice(4)) as Ack);
      if (acks.length === ACKS_BEFORE_KILL) {
        child.kill("SIGKILL");
        resolve();
      }
    });
  });
  await exited;
  return acks;
}

describe("recovery after kill -9", () => {
  it("brings back every acknowledged order, fill, position and balance", async () => {
    const target = await databaseForChild();
    const acks = await tradeThenKill(target);

    const database = await openDatabase(target);
    cleanups.push(() => database.close());
    const db = database.db;

    // Every acknowledged order is stored, with at least what it had filled when acknowledged.
    const stored = new Map((await db.select().from(venueOrders).where(inArray(venueOrders.ownerId, TRADERS))).map((o) => [o.id, o]));
    for (const ack of acks) {
      const row = stored.get(ack.orderId);
      expect(row, `order ${ack.orderId}`).toBeDefined();
      expect(row!.ownerId).toBe(ack.owner);
      expect(row!.filledSize).toBeGreaterThanOrEqual(ack.filledSize);
      if (ack.status === "FILLED" || ack.status === "CANCELED" || ack.status === "REJECTED") expect(row!.status).toBe(ack.status);
    }
    const tradedVenues = new Set(acks.map((a) => `${a.owner}/${a.venue}`));
    expect(tradedVenues.size).toBeGreaterThan(3);

    // The stored rows agree with each other: Σ fills = position, collateral = deposits + PnL − fees + funding.
    for (const owner of TRADERS) {
      for (const { name: venue } of VENUES) {
        const ledger = await storedLedger(database, owner, venue);
        const positions = await db
          .select()
          .from(venuePositions)
          .where(and(eq(venuePositions.ownerId, owner), eq(venuePositions.venue, venue)));
        for (const p of positions) expect(p.sizeLots, `${owner} ${venue} ${p.symbol}`).toBe(ledger.lotsBySymbol[p.symbol] ?? 0);
        for (const [symbol, lots] of Object.entries(ledger.lotsBySymbol)) expect(positions.find((p) => p.symbol === symbol)?.sizeLots ?? 0).toBe(lots);
        const [account] = await db
          .select()
          .from(venueAccounts)
          .where(and(eq(venueAccounts.ownerId, owner), eq(venueAccounts.venue, venue)));
        if (account !== undefined) expect(account.collateral).toBe(ledger.expectedCollateral);
      }
    }

    // Reopened, the exchange holds the same positions, balances and resting orders, and the orders are back in the books.
    const restingBefore = [...stored.values()].filter((o) => o.status === "NEW" || o.status === "PARTIALLY_FILLED");
    const exchange = await SimExchange.open({
      seed: 9,
      now: () => Date.now(),
      store: createVenueStore(db),
      paperBalance: parseAtoms("100000"),
      delay: async () => {},
    });
    cleanups.push(() => exchange.stop());
    await exchange.flushed();
    for (const owner of TRADERS) {
      for (const venue of exchange.venues) {
        const ledger = await storedLedger(database, owner, venue.name);
        const held = Object.fromEntries((await venue.positions(owner)).map((p) => [p.symbol, p.size]));
        for (const [symbol, lots] of Object.entries(ledger.lotsBySymbol)) expect(held[symbol] ?? 0, `${owner} ${venue.name} ${symbol}`).toBe(lots);
        expect((await venue.balance(owner)).collateral).toBe(ledger.expectedCollateral);

        const open = (await venue.openOrders(owner)).map((o) => o.orderId).sort();
        const expected = restingBefore.filter((o) => o.ownerId === owner && o.venue === venue.name);
        expect(open).toEqual(expected.map((o) => o.id).sort());
        for (const order of expected) {
          const book = venue.book(order.symbol, 10_000)!;
          const level = (order.side === "BUY" ? book.bids : book.asks).find(([price]) => price === order.price);
          expect(level?.[1] ?? 0, `order ${order.id} in the ${venue.name} book`).toBeGreaterThanOrEqual(order.size - order.filledSize);
        }
      }
    }
    expect(restingBefore.length).toBeGreaterThan(0);
  }, 120_000);
});
