import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itInOneProcess, type TestApi } from "../../testing/api";
import { advance, createTrader, createTradingTestApi, expectError, type Trader } from "../../testing/trading";
import { createTradingService } from "../../trading/execution/service";
import { until } from "../../venues/live/live-test-support";
import type { PlaceOrder, PlaceOutcome, Venue } from "../../venues/venue";

let t: TestApi;
let alice: Trader;
let bob: Trader;

beforeAll(async () => {
  t = await createTradingTestApi();
  alice = await createTrader(t);
  bob = await createTrader(t);
});
afterAll(() => t.close());

type Pair = {
  id: string;
  status: string;
  venue: string;
  basketPnl: string;
  failure: string | null;
  legs: { side: string; symbol: string; quantity: string; entryPrice: string | null; exitPrice: string | null; pnl: string }[];
};
const open = { longSymbol: "ETH-USD", shortSymbol: "BTC-USD", notionalUsd: 10_000, leverage: 3 };

const held = async (who: Trader, venue: string) => (await t.deps.venues.find((v) => v.name === venue)!.positions(who.id)).filter((p) => p.size !== 0);

/** Makes a venue's place() do something else for one symbol until restored. */
function intercept(
  venueName: string,
  symbol: string,
  replacement: (original: Venue["place"], owner: string, order: PlaceOrder) => Promise<PlaceOutcome>,
): () => void {
  const venue = t.deps.venues.find((v) => v.name === venueName)! as Venue & { place: Venue["place"] };
  const original = venue.place.bind(venue);
  venue.place = (owner, order) => (order.symbol === symbol && !order.reduceOnly ? replacement(original, owner, order) : original(owner, order));
  return () => {
    venue.place = original;
  };
}

describe("pair trades", () => {
  it("opens both legs on one venue, lists them with entry prices and basket PnL, and closes", async () => {
    const r = await alice.call("POST", "/agent/pair/open", { ...open, venue: "cedar" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const pair = r.body.data as Pair;
    expect(pair).toMatchObject({ status: "OPEN", venue: "cedar", failure: null });
    expect(pair.legs.map((l) => [l.side, l.symbol])).toEqual([
      ["LONG", "ETH-USD"],
      ["SHORT", "BTC-USD"],
    ]);
    for (const leg of pair.legs) expect(Number(leg.entryPrice)).toBeGreaterThan(0);
    const notional = pair.legs.map((l) => Number(l.quantity) * Number(l.entryPrice));
    for (const n of notional) expect(n).toBeGreaterThan(4_900);
    expect(Math.abs(notional[0]! - notional[1]!)).toBeLessThan(70);
    expect((await held(alice, "cedar")).map((p) => [p.symbol, Math.sign(p.size), p.leverage]).sort()).toEqual([
      ["BTC-USD", -1, 3],
      ["ETH-USD", 1, 3],
    ]);

    advance(t, 5_000);
    const listed = (await alice.call("GET", "/agent/pairs")).body.data as Pair[];
    expect(listed[0]!.id).toBe(pair.id);
    expect(Number(listed[0]!.basketPnl)).toBeCloseTo(
      listed[0]!.legs.reduce((s, l) => s + Number(l.pnl), 0),
      5,
    );
    expect(((await bob.call("GET", "/agent/pairs")).body.data as Pair[]).length).toBe(0);

    expectError(await bob.call("POST", `/agent/pair/${pair.id}/close`), 404, "NOT_FOUND");
    const closed = await alice.call("POST", `/agent/pair/${pair.id}/close`);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const done = closed.body.data as Pair;
    expect(done.status).toBe("CLOSED");
    for (const leg of done.legs) expect(leg).toMatchObject({ quantity: "0", exitPrice: expect.any(String) });
    expect(await held(alice, "cedar")).toEqual([]);
    expectError(await alice.call("POST", `/agent/pair/${pair.id}/close`), 409, "CONFLICT");
  });

  it.each([
    ["the same symbol twice", { shortSymbol: "ETH-USD" }, /differ/],
    ["a venue without pairs", { venue: "birch" }, /pair/],
    ["an unknown venue", { venue: "oak" }, /venue/],
    ["an unknown symbol", { longSymbol: "NOPE-USD" }, /symbol/],
    ["a notional below one lot", { notionalUsd: 0.01 }, /lot/],
    ["a fractional leverage", { leverage: 2.5 }, /leverage/],
    ["a string notional", { notionalUsd: "1000" }, /notionalUsd/],
    ["slippage above the maximum", { slippage: 0.2 }, /slippage/],
  ])("refuses %s with 400", async (_name, change, message) => {
    expect(expectError(await alice.call("POST", "/agent/pair/open", { ...open, ...change }), 400, "BAD_REQUEST").error).toMatch(message);
  });

  itInOneProcess("unwinds the first leg when the second fails, leaving nothing open", async () => {
    const restore = intercept("alder", "BTC-USD", async () => ({ ok: false, code: "VENUE_UNAVAILABLE", message: "injected failure" }));
    try {
      const r = await bob.call("POST", "/agent/pair/open", open);
      expect(expectError(r, 422, "ORDER_REJECTED").error).toMatch(/unwound/);
    } finally {
      restore();
    }
    expect(await held(bob, "alder")).toEqual([]);
    const [pair] = (await bob.call("GET", "/agent/pairs")).body.data as Pair[];
    expect(pair).toMatchObject({ status: "FAILED", failure: expect.stringMatching(/short leg failed/) });
    expect(pair!.legs.every((l) => l.quantity === "0")).toBe(true);
  });

  itInOneProcess("a crash between the legs leaves the intent recorded, and recovery unwinds it", async () => {
    const who = await createTrader(t);
    // The second leg's venue call does not answer, as if the process died there.
    let late: ((outcome: PlaceOutcome) => void) | undefined;
    const restore = intercept("alder", "BTC-USD", () => new Promise<PlaceOutcome>((resolve) => (late = resolve)));
    const pending = who.call("POST", "/agent/pair/open", open);
    // Until the second leg's call is under way (on a loaded machine the first leg can take longer than
    // any fixed wait, and the second would then find the venue answering again).
    const answer = await until("the second leg's venue call", () => late);
    restore();
    const [stuck] = (await who.call("GET", "/agent/pairs")).body.data as Pair[];
    expect(stuck).toMatchObject({ status: "OPENING" });
    expect((await held(who, "alder")).map((p) => p.symbol)).toEqual(["ETH-USD"]);

    // The dead process's database session goes with it, and its owner lock.
    if (t.deps.database.kind === "postgres") {
      await t.deps.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database()) and pid <> pg_backend_pid()`,
      );
    }
    // Another instance (or this one restarted) finds the stale intent.
    advance(t, 60_000);
    const { pairsRecovered } = await createTradingService({ ...t.deps, risk: t.deps.config.risk }).maintain();
    expect(pairsRecovered).toBeGreaterThanOrEqual(1);
    expect(await held(who, "alder")).toEqual([]);
    const [after] = (await who.call("GET", "/agent/pairs")).body.data as Pair[];
    expect(after).toMatchObject({ status: "FAILED" });

    // The zombie call finishing late changes nothing.
    answer({ ok: false, code: "VENUE_UNAVAILABLE", message: "too late" });
    await pending;
    expect(await held(who, "alder")).toEqual([]);
  });
});
