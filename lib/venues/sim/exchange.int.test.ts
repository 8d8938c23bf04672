// The whole embedded exchange on a real database, driven by a manual clock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { parseAtoms } from "../../engine/accounts/market-units";
import { owners } from "../../auth/schema";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { storedLedger } from "../../testing/venues";
import { MARKETS, VENUES } from "../catalog";
import { SimExchange } from "./exchange";
import { createVenueStore } from "./store";

const START = Date.UTC(2026, 5, 1, 12, 0, 0);
const MINUTE = 60_000;

interface Running {
  exchange: SimExchange;
  database: DatabaseHandle;
  clock: { now: number };
  close(): Promise<void>;
}

async function openExchange(seed: number): Promise<Running> {
  const testDb: TestDatabase = await createTestDatabase();
  const database = await openDatabase(testDb.target);
  await migrateDatabase(database);
  const clock = { now: START };
  const exchange = await SimExchange.open({
    seed,
    now: () => clock.now,
    store: createVenueStore(database.db),
    paperBalance: parseAtoms("100000"),
    delay: async () => {},
    newId: (() => {
      let n = 0;
      return (prefix: string) => `${prefix}_${++n}`;
    })(),
  });
  return {
    exchange,
    database,
    clock,
    close: async () => {
      await exchange.stop();
      await database.close();
      await testDb.drop();
    },
  };
}

/** Every advance of `a`, so that `b` can follow the same path. */
const pathOfA: number[] = [];

/** Moves the clock a minute at a time: longer gaps are crossed in one step (a suspended machine). */
function advance(r: Running, ms: number) {
  if (r === a) pathOfA.push(ms);
  const end = r.clock.now + ms;
  while (r.clock.now < end) {
    r.clock.now = Math.min(end, r.clock.now + MINUTE);
    r.exchange.advanceTo(r.clock.now);
  }
}

let a: Running;
let b: Running;

beforeAll(async () => {
  [a, b] = [await openExchange(42), await openExchange(42)];
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe("the embedded exchange", () => {
  it("runs three venues with their own names, at least ten markets each, pair trades on two", () => {
    expect(a.exchange.venues.map((v) => v.name)).toEqual(VENUES.map((v) => v.name));
    for (const venue of a.exchange.venues) expect(venue.markets().length).toBeGreaterThanOrEqual(10);
    expect(a.exchange.venues.filter((v) => v.pairTrading)).toHaveLength(2);
  });

  it("keeps every book two-sided and uncrossed on every venue", () => {
    advance(a, 5_000);
    for (const venue of a.exchange.venues) {
      for (const { symbol } of MARKETS) {
        const book = venue.book(symbol, 5)!;
        expect(book.bids.length, `${venue.name} ${symbol} bids`).toBeGreaterThan(0);
        expect(book.asks.length, `${venue.name} ${symbol} asks`).toBeGreaterThan(0);
        expect(book.bids[0]![0]).toBeLessThan(book.asks[0]![0]);
      }
    }
  });

  it("leaves no venue's bid above another venue's ask: arbitrageurs trade the gap away", () => {
    for (let i = 0; i < 20; i++) {
      advance(a, 250);
      for (const { symbol } of MARKETS) {
        const bestBid = Math.max(...a.exchange.venues.map((v) => v.book(symbol, 1)!.bids[0]![0]));
        const bestAsk = Math.min(...a.exchange.venues.map((v) => v.book(symbol, 1)!.asks[0]![0]));
        expect(bestBid, symbol).toBeLessThan(bestAsk);
      }
    }
  });

  it("gives each venue its own book: ticks, depth and prices differ", () => {
    const books = a.exchange.venues.map((v) => v.book("BTC-USD", 20)!);
    const touches = new Set(books.map((bk) => `${bk.bids[0]![0]}/${bk.asks[0]![0]}`));
    expect(touches.size).toBeGreaterThan(1);
    for (const [i, venue] of a.exchange.venues.entries()) {
      const step = venue.markets()[0]!.tickMultiple;
      for (const [price] of [...books[i]!.bids, ...books[i]!.asks]) expect(price % step).toBe(0);
    }
  });

  it("back-fills seven days of one-minute candles that end where the market stands", () => {
    for (const venue of a.exchange.venues) {
      const candles = venue.candles("ETH-USD", START - 7 * 24 * 60 * MINUTE, START);
      expect(candles.length).toBe(7 * 24 * 60);
      for (let i = 1; i < candles.length; i++) expect(candles[i]!.time - candles[i - 1]!.time).toBe(MINUTE);
      const last = candles.at(-1)!;
      const mark = venue.ticker("ETH-USD")!.markPrice;
      expect(Math.abs(last.close - mark) / mark).toBeLessThan(0.01);
    }
  });

  it("trades: simulated takers print on the tape", () => {
    advance(a, 2 * MINUTE);
    const printed = a.exchange.venues.reduce((n, v) => n + MARKETS.reduce((m, { symbol }) => m + v.trades(symbol, 1_000).length, 0), 0);
    expect(printed).toBeGreaterThan(0);
  });

  it("replays exactly from the same seed and clock", () => {
    for (const ms of pathOfA) advance(b, ms);
    for (const [i, venue] of a.exchange.venues.entries()) {
      const twin = b.exchange.venues[i]!;
      for (const { symbol } of MARKETS) {
        const { updatedAt: _a, ...bookA } = venue.book(symbol, 50)!;
        const { updatedAt: _b, ...bookB } = twin.book(symbol, 50)!;
        expect(bookA).toEqual(bookB);
        const tape = (v: typeof venue) => v.trades(symbol, 100).map(({ price, size, side, time }) => ({ price, size, side, time }));
        expect(tape(venue)).toEqual(tape(twin));
        expect(venue.ticker(symbol)).toEqual(twin.ticker(symbol));
      }
    }
  });

  it("fills an owner's market order against the simulated makers and stores it consistently", async () => {
    const owner = "own_exchange";
    await a.database.db.insert(owners).values({ id: owner, email: "exchange@example.test" });
    const venue = a.exchange.venue("cedar")!;
    const placed = await venue.place(owner, { symbol: "SOL-USD", side: "BUY", type: "MARKET", size: 1_000 });
    expect(placed.ok && placed.order.status).toBe("FILLED");
    advance(a, 30_000);
    await a.exchange.flushed();
    const ledger = await storedLedger(a.database, owner, "cedar");
    const [position] = await venue.positions(owner);
    expect(ledger.lotsBySymbol["SOL-USD"]).toBe(position!.size);
    expect((await venue.balance(owner)).collateral).toBe(ledger.expectedCollateral);
  });
});
