// Order options end to end through the API on the embedded venues: time in force, post-only, exits
// attached on entry and set on a position, and the key every order and position shows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { TestApi } from "../../testing/api";
import { tradeOrders } from "../../trading/schema";
import { call, createTrader, createTradingTestApi, expectError, type Trader } from "../../testing/trading";

let t: TestApi;
let alice: Trader;

beforeAll(async () => {
  t = await createTradingTestApi();
  alice = await createTrader(t);
});
afterAll(() => t.close());

type Order = {
  id?: string;
  venue: string;
  type: string;
  side: string;
  status: string;
  reason: string | null;
  parentId: string | null;
  triggerPrice: string | null;
  keyId: string | null;
  keyName: string | null;
  timeInForce: string;
  postOnly: boolean;
  takeProfit: string | null;
  stopLoss: string | null;
};
type Parent = Order & { id: string; outcome: string; children: Order[] };

const markOf = (symbol: string, venue = "alder") => t.deps.venues.find((v) => v.name === venue)!.ticker(symbol)!.markPrice;
/** An ETH-USD price (base tick 0.01) this fraction from alder's mark, on a whole dollar (every venue's tick). */
const ethPrice = (fraction: number, venue = "alder") => String(Math.round((markOf("ETH-USD", venue) / 100) * (1 + fraction)));
const market = { symbol: "ETH-USD", side: "BUY", type: "MARKET", quantity: "0.5", preferredExchange: "alder" } as const;

describe("order options", () => {
  it.each([
    [{ ...market, timeInForce: "GTC" }, /timeInForce: MARKET orders never rest/],
    [{ ...market, postOnly: true }, /postOnly: only LIMIT orders/],
    [{ ...market, type: "LIMIT", price: "1000", postOnly: true, timeInForce: "IOC" }, /cannot be IOC/],
    [{ ...market, takeProfit: "10" }, /take-profit must be above the current mark/],
    [{ ...market, stopLoss: "1000000" }, /stop-loss must be below the current mark/],
    [{ ...market, side: "SELL", reduceOnly: true, stopLoss: "1000000" }, /not to a reduce-only order/],
    [{ ...market, type: "LIMIT", price: "1000", takeProfit: "900" }, /above its limit price \(1,?000/],
  ])("refuses %j with a plain reason", async (body, reason) => {
    const r = await alice.call("POST", "/agent/orders", body);
    expect(expectError(r, 400, "BAD_REQUEST").error as string).toMatch(reason);
  });

  it("refuses a post-only order that would take liquidity now, and rests one that would not", async () => {
    const taking = await alice.call("POST", "/agent/orders", { ...market, type: "LIMIT", price: ethPrice(0.02), postOnly: true });
    expect(expectError(taking, 400, "BAD_REQUEST").error).toMatch(/would take liquidity now \(best ask/);
    const resting = await alice.call("POST", "/agent/orders", { ...market, type: "LIMIT", price: ethPrice(-0.05), postOnly: true });
    expect(resting.status, JSON.stringify(resting.body)).toBe(200);
    expect(resting.body.data).toMatchObject({ status: "NEW", postOnly: true, timeInForce: "GTC", children: [{ status: "NEW", postOnly: true }] });
    const id = (resting.body.data as Parent).children[0]!;
    await alice.call("DELETE", `/agent/orders/alder/${(id as unknown as { orderId: string }).orderId}`);
  });

  it("fills a fill-or-kill order whole or not at all, and cancels what an IOC limit cannot fill", async () => {
    const fok = await alice.call("POST", "/agent/orders", { ...market, type: "LIMIT", price: ethPrice(-0.05), timeInForce: "FOK" });
    expect(fok.body.data).toMatchObject({ status: "REJECTED", timeInForce: "FOK", children: [{ reason: "FOK_WOULD_NOT_FILL" }] });
    expect((fok.body.data as Parent).outcome).toMatch(/fill-or-kill/);
    const ioc = await alice.call("POST", "/agent/orders", { ...market, type: "LIMIT", price: ethPrice(-0.05), timeInForce: "IOC" });
    expect(ioc.body.data).toMatchObject({ status: "CANCELED", timeInForce: "IOC", children: [{ reason: "IOC_REMAINDER" }] });
  });

  it("attaches exits on entry, sets them on the position, names the key everywhere and cancels the exits with the position", async () => {
    const tp = ethPrice(0.05);
    const sl = ethPrice(-0.05);
    const entry = await alice.call("POST", "/agent/orders", { ...market, takeProfit: tp, stopLoss: sl, leverage: 5 });
    expect(entry.status, JSON.stringify(entry.body)).toBe(200);
    const parent = entry.body.data as Parent;
    expect(parent).toMatchObject({ status: "FILLED", takeProfit: tp, stopLoss: sl, keyId: alice.keyId, keyName: "test agent" });
    // Recorded with the entry's answer, before any read.
    const recorded = await t.deps.database.db.select().from(tradeOrders).where(eq(tradeOrders.source, "exit"));
    expect(
      recorded
        .filter((r) => r.id.startsWith(parent.id))
        .map((r) => [r.type, r.keyId])
        .sort(),
    ).toEqual([
      ["STOP_MARKET", alice.keyId],
      ["TAKE_PROFIT_MARKET", alice.keyId],
    ]);

    const open = (await alice.call("GET", "/agent/orders")).body.data as Order[];
    expect(open.map((o) => [o.type, o.side, o.triggerPrice, o.parentId, o.keyName]).sort()).toEqual([
      ["STOP_MARKET", "SELL", sl, `${parent.id}.alder.sl500`, "test agent"],
      ["TAKE_PROFIT_MARKET", "SELL", tp, `${parent.id}.alder.tp500`, "test agent"],
    ]);
    const byKey = (await alice.call("GET", `/agent/orders?keyId=${alice.keyId}`)).body.data as Order[];
    expect(byKey).toHaveLength(2);
    expect((await alice.call("GET", "/agent/orders?keyId=key_nobody")).body.data).toEqual([]);

    let [position] = (await alice.call("GET", "/agent/positions")).body.data as {
      takeProfit: string;
      stopLoss: string;
      leverage: string;
      openedBy: unknown[];
    }[];
    expect(position).toMatchObject({ takeProfit: tp, stopLoss: sl, leverage: "5", openedBy: [{ keyId: alice.keyId, keyName: "test agent" }] });

    const wrongSide = await alice.call("PUT", "/agent/positions/ETH-USD/tpsl", { takeProfit: sl });
    expect(expectError(wrongSide, 400, "BAD_REQUEST").error).toMatch(/a long's take-profit must be above the mark on alder/);
    const tp2 = ethPrice(0.08);
    const set = await alice.call("PUT", "/agent/positions/ETH-USD/tpsl", { takeProfit: tp2, stopLoss: null });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ cancelled: 2, orders: [{ type: "TAKE_PROFIT_MARKET", status: "NEW", reduceOnly: true, keyName: "test agent" }] });
    [position] = (await alice.call("GET", "/agent/positions")).body.data as (typeof position)[];
    expect(position).toMatchObject({ takeProfit: tp2, stopLoss: null });

    const close = await alice.call("POST", "/agent/positions/close", { symbol: "ETH-USD" });
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    expect((await alice.call("GET", "/agent/orders")).body.data).toEqual([]);
    const history = (await alice.call("GET", "/agent/orders?status=canceled")).body.data as Order[];
    expect(history.filter((o) => o.reason === "POSITION_CLOSED").map((o) => o.type)).toEqual(["TAKE_PROFIT_MARKET"]);
    expect(history.filter((o) => o.type !== "LIMIT").every((o) => o.keyName === "test agent")).toBe(true);
    expectError(await alice.call("PUT", "/agent/positions/ETH-USD/tpsl", { stopLoss: sl }), 409, "CONFLICT");

    const activity = await call(t, "GET", "/agent/keys/activity", await alice.auth());
    const mine = (activity.body.data as { keyId: string; orders: number }[]).find((a) => a.keyId === alice.keyId);
    expect(mine).toEqual({ keyId: alice.keyId, requests: expect.any(Number), orders: expect.any(Number), lastOrderAt: expect.any(String) });
    expect(mine!.orders).toBeGreaterThanOrEqual(6);
  });

  it("opens a position with a take-profit and a stop-loss in one call, and refuses exits on the wrong side of a short", async () => {
    const bob = await createTrader(t);
    const wrong = await bob.call("POST", "/agent/positions/open", {
      symbol: "ETH-USD",
      side: "SHORT",
      quantity: "0.2",
      venue: "birch",
      takeProfit: ethPrice(0.05),
    });
    expect(expectError(wrong, 400, "BAD_REQUEST").error).toMatch(/a sell's take-profit must be below the current mark/);
    const tp = ethPrice(-0.05, "birch");
    const sl = ethPrice(0.05, "birch");
    const opened = await bob.call("POST", "/agent/positions/open", {
      symbol: "ETH-USD",
      side: "SHORT",
      quantity: "0.2",
      venue: "birch",
      takeProfit: tp,
      stopLoss: sl,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.data).toMatchObject({ order: { status: "FILLED", side: "SELL", takeProfit: tp, stopLoss: sl } });
    const [position] = (await bob.call("GET", "/agent/positions")).body.data as { side: string; takeProfit: string; stopLoss: string }[];
    expect(position).toMatchObject({ side: "SHORT", takeProfit: tp, stopLoss: sl });
    const exits = ((await bob.call("GET", "/agent/orders")).body.data as Order[]).map((o) => [o.type, o.side, o.triggerPrice, o.venue]).sort();
    expect(exits).toEqual([
      ["STOP_MARKET", "BUY", sl, "birch"],
      ["TAKE_PROFIT_MARKET", "BUY", tp, "birch"],
    ]);
  });

  it("counts each key's requests, its own apart, and lists a key that placed nothing with none", async () => {
    const owner = await createTrader(t);
    const minted = await call(t, "POST", "/agent/keys", await owner.auth(), { name: "quiet", scopes: ["account:read"] });
    const quiet = minted.body.data as { id: string; key: string };
    const activityOf = async () => {
      await t.deps.keyUsage.flush();
      return (await call(t, "GET", "/agent/keys/activity", await owner.auth())).body.data as {
        keyId: string;
        requests: number;
        orders: number;
        lastOrderAt: string | null;
      }[];
    };
    const start = await activityOf();
    const before = start.find((a) => a.keyId === owner.keyId)!.requests;
    expect(start.find((a) => a.keyId === quiet.id)).toEqual({ keyId: quiet.id, requests: 0, orders: 0, lastOrderAt: null });
    for (let i = 0; i < 7; i++) expect((await owner.call("GET", "/agent/positions")).status).toBe(200);
    expect((await call(t, "GET", "/agent/positions", { authorization: `Bearer ${quiet.key}` })).status).toBe(200);
    const after = await activityOf();
    expect(after.find((a) => a.keyId === owner.keyId)!.requests).toBe(before + 7);
    expect(after.find((a) => a.keyId === quiet.id)).toMatchObject({ requests: 1, orders: 0, lastOrderAt: null });
  });

  it("names a key minted after the owner's first order (the order path reads key names again for a key it has not seen)", async () => {
    const owner = await createTrader(t);
    const first = await owner.call("POST", "/agent/orders", { ...market, quantity: "0.01" });
    expect(first.body.data).toMatchObject({ keyId: owner.keyId, keyName: "test agent" });
    const minted = await call(t, "POST", "/agent/keys", await owner.auth(), { name: "second desk", scopes: ["account:read", "trade"] });
    const second = minted.body.data as { id: string; key: string };
    const placed = await call(t, "POST", "/agent/orders", { authorization: `Bearer ${second.key}` }, { ...market, quantity: "0.01" });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data).toMatchObject({ keyId: second.id, keyName: "second desk" });
    const again = await owner.call("POST", "/agent/orders", { ...market, side: "SELL", quantity: "0.02" });
    expect(again.body.data).toMatchObject({ keyId: owner.keyId, keyName: "test agent" });
  });
});
