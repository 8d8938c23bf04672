import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itInOneProcess, type TestApi } from "../../testing/api";
import { advance, call, createTrader, createTradingTestApi, expectError, type Trader } from "../../testing/trading";
import { storedLedger } from "../../testing/venues";
import type { Venue } from "../../venues/venue";

let t: TestApi;

beforeAll(async () => {
  t = await createTradingTestApi();
});
afterAll(() => t.close());

const btc = (fraction: number) => {
  const mark = t.deps.venues.find((v) => v.name === "alder")!.ticker("BTC-USD")!.markPrice;
  return (Math.round((mark * (1 + fraction)) / 5) * 0.5).toFixed(1);
};
const market = (quantity: string, extra: Record<string, unknown> = {}) => ({ symbol: "BTC-USD", side: "BUY", type: "MARKET", quantity, ...extra });

/** Each rule's refusal: 403, its category, and no number from the policy in the message. */
function expectRisk(reply: Awaited<ReturnType<Trader["call"]>>, category: string) {
  const body = expectError(reply, 403, "RISK_REJECTED");
  expect(body.category).toBe(category);
  expect(body.error).not.toMatch(/\d/);
}

describe("risk policy", () => {
  it("refuses each rule's breach with its category, never its threshold", async () => {
    const a = await createTrader(t);
    const limit = (o: Record<string, string | number>) => t.deps.trading.setRiskOverride(a.id, a.keyId, o);
    await limit({ maxOrderNotionalUsd: "1000" });
    expectRisk(await a.call("POST", "/agent/orders", market("0.1")), "ORDER_NOTIONAL");
    await limit({ maxPositionNotionalUsd: "1000" });
    expectRisk(await a.call("POST", "/agent/orders", market("0.1")), "POSITION_NOTIONAL");
    await limit({ maxTotalNotionalUsd: "1000" });
    expectRisk(await a.call("POST", "/agent/orders", market("0.1")), "TOTAL_NOTIONAL");
    await limit({ priceCollar: 0.01 });
    expectRisk(await a.call("POST", "/agent/orders", { ...market("0.01"), type: "LIMIT", price: btc(-0.05) }), "PRICE_COLLAR");
    expectRisk(await a.call("POST", "/agent/orders", { ...market("0.01"), type: "STOP_MARKET", triggerPrice: btc(0.05) }), "PRICE_COLLAR");
    await limit({ maxOpenOrders: 1 });
    expect((await a.call("POST", "/agent/orders", { ...market("0.01"), type: "LIMIT", price: btc(-0.02) })).status).toBe(200);
    expectRisk(await a.call("POST", "/agent/orders", { ...market("0.01"), type: "LIMIT", price: btc(-0.02) }), "OPEN_ORDERS");
    await limit({ maxLeverage: 3 });
    expectRisk(await a.call("POST", "/agent/positions/open", { symbol: "BTC-USD", side: "LONG", quantity: "0.01", leverage: 5 }), "LEVERAGE");
    expectRisk(await a.call("POST", "/agent/pair/open", { longSymbol: "ETH-USD", shortSymbol: "BTC-USD", notionalUsd: 2000, leverage: 5 }), "LEVERAGE");
    await limit({});
    // The operator's own ceiling: a market's maximum is 20× by default config.
    expectRisk(await a.call("POST", "/agent/positions/open", { symbol: "SOL-USD", side: "LONG", quantity: "1", leverage: 21 }), "LEVERAGE");
  });

  it("stops risk-adding orders once the day's loss reaches the limit, and lets reducing ones through", async () => {
    const a = await createTrader(t);
    await t.deps.trading.setRiskOverride(a.id, null, { dailyLossUsd: "0.01" });
    expect((await a.call("POST", "/agent/orders", market("0.2"))).status).toBe(200);
    // The spread and fees paid are today's loss now.
    expectRisk(await a.call("POST", "/agent/orders", market("0.01")), "DAILY_LOSS");
    expect((await a.call("POST", "/agent/orders", { ...market("0.1"), side: "SELL", reduceOnly: true })).status).toBe(200);
    expect((await a.call("POST", "/agent/positions/close", { symbol: "BTC-USD" })).status).toBe(200);
  });

  it("per-key overrides apply to that key only", async () => {
    const a = await createTrader(t);
    const other = await call(t, "POST", "/agent/keys", await a.auth(), { name: "second", scopes: ["trade", "account:read"] });
    const secondKey = (other.body.data as { key: string }).key;
    await t.deps.trading.setRiskOverride(a.id, a.keyId, { maxOrderNotionalUsd: "100" });
    expectRisk(await a.call("POST", "/agent/orders", market("0.01")), "ORDER_NOTIONAL");
    expect((await call(t, "POST", "/agent/orders", { authorization: `Bearer ${secondKey}` }, market("0.01"))).status).toBe(200);
  });
});

describe("kill switch", () => {
  it("for one key: cancels its open orders, refuses its new ones, allows closing, and is released", async () => {
    const a = await createTrader(t);
    const owner = await a.auth();
    await a.call("POST", "/agent/orders", market("0.01"));
    const resting = await a.call("POST", "/agent/orders", { ...market("0.01"), type: "LIMIT", price: btc(-0.02) });
    expect(resting.status).toBe(200);
    const pulled = await call(t, "POST", "/agent/kill-switch", owner, { keyId: a.keyId });
    expect(pulled.body.data).toMatchObject({ cancelled: 1, state: { all: false, keys: [expect.objectContaining({ keyId: a.keyId })] } });
    expect((await a.call("GET", "/agent/orders")).body.data).toEqual([]);
    expectRisk(await a.call("POST", "/agent/orders", market("0.01")), "KILL_SWITCH");
    expectRisk(await a.call("POST", "/agent/pair/open", { longSymbol: "ETH-USD", shortSymbol: "BTC-USD", notionalUsd: 2000, leverage: 2 }), "KILL_SWITCH");
    expect((await a.call("POST", "/agent/positions/close", { symbol: "BTC-USD" })).status).toBe(200);
    expectError(await a.call("POST", "/agent/kill-switch", {}), 401, "UNAUTHORIZED");
    const released = await call(t, "DELETE", `/agent/kill-switch?keyId=${a.keyId}`, owner);
    expect(released.body.data).toEqual({ all: false, keys: [] });
    expect((await a.call("POST", "/agent/orders", market("0.01"))).status).toBe(200);
  });

  it("for every key of the owner", async () => {
    const a = await createTrader(t);
    const owner = await a.auth();
    await call(t, "POST", "/agent/kill-switch", owner, {});
    expect((await call(t, "GET", "/agent/kill-switch", owner)).body.data).toMatchObject({ all: true });
    expectRisk(await a.call("POST", "/agent/positions/open", { symbol: "BTC-USD", side: "LONG", quantity: "0.01" }), "KILL_SWITCH");
    await call(t, "DELETE", "/agent/kill-switch", owner);
    expect((await a.call("POST", "/agent/orders", market("0.01"))).status).toBe(200);
  });

  itInOneProcess("a retry of an order that failed in transit passes the gate again: a switch pulled in between refuses it", async () => {
    const a = await createTrader(t);
    const venue = t.deps.venues.find((v) => v.name === "alder")! as Venue & { place: Venue["place"]; placeStaged: Venue["placeStaged"] };
    const { place, placeStaged } = venue;
    const order = market("0.01", { preferredExchange: "alder" });
    const retryKey = { "idempotency-key": "retry-after-transport-failure" };
    venue.place = () => Promise.reject(new Error("connection reset"));
    venue.placeStaged = () => Promise.reject(new Error("connection reset"));
    const failed = await a.call("POST", "/agent/orders", order, retryKey).finally(() => {
      venue.place = place;
      venue.placeStaged = placeStaged;
    });
    expect(failed.status).toBe(500);
    await call(t, "POST", "/agent/kill-switch", await a.auth(), { keyId: a.keyId });
    expectRisk(await a.call("POST", "/agent/orders", order, retryKey), "KILL_SWITCH");
    expect(await venue.positions(a.id)).toEqual([]);
    const history = (await a.call("GET", "/agent/orders?status=all")).body.data as { status: string; reason: string | null }[];
    expect(history.map((o) => [o.status, o.reason])).toEqual([["REJECTED", "KILL_SWITCH"]]);
  });
});

describe("under concurrency", () => {
  it("50 parallel POSTs with one Idempotency-Key execute once; another body with the key is refused", async () => {
    const a = await createTrader(t);
    const replies = await Promise.all(Array.from({ length: 50 }, () => a.call("POST", "/agent/orders", market("0.01"), { "idempotency-key": "once-1" })));
    for (const r of replies) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
    const ids = new Set(replies.filter((r) => r.status === 200).map((r) => (r.body.data as { id: string }).id));
    expect(ids.size).toBe(1);
    const again = await a.call("POST", "/agent/orders", market("0.01"), { "idempotency-key": "once-1" });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((again.body.data as { id: string }).id).toEqual([...ids][0]);
    const counted = await t.deps.database.db.execute(sql`select count(*)::int as n from trade_orders where owner_id = ${a.id}`);
    expect((counted as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    expectError(await a.call("POST", "/agent/orders", market("0.02"), { "idempotency-key": "once-1" }), 400, "IDEMPOTENCY_KEY_REUSED");
  });

  it("200 parallel orders from one key never exceed the position limit, and the fills sum to the positions", async () => {
    const a = await createTrader(t);
    await t.deps.trading.setRiskOverride(a.id, a.keyId, { maxPositionNotionalUsd: "20000" });
    const replies = await Promise.all(Array.from({ length: 200 }, () => a.call("POST", "/agent/orders", market("0.01"))));
    for (const r of replies) expect([200, 403], JSON.stringify(r.body)).toContain(r.status);
    expect(replies.filter((r) => r.status === 403).every((r) => r.body.category === "POSITION_NOTIONAL")).toBe(true);
    const venues = t.deps.venues;
    const lots = (await Promise.all(venues.map((v) => v.positions(a.id))))
      .flat()
      .filter((p) => p.symbol === "BTC-USD")
      .reduce((s, p) => s + p.size, 0);
    const mark = Math.max(...venues.map((v) => v.ticker("BTC-USD")!.markPrice));
    // lots × 0.0001 BTC × mark × 0.1 USD
    expect(lots * mark * 0.00001).toBeLessThanOrEqual(20000);
    expect(lots).toBeGreaterThan(0);
    await t.deps.exchange!.flushed();
    for (const v of venues) {
      const ledger = await storedLedger(t.deps.database, a.id, v.name);
      const held = (await v.positions(a.id)).find((p) => p.symbol === "BTC-USD")?.size ?? 0;
      expect(ledger.lotsBySymbol["BTC-USD"] ?? 0).toBe(held);
    }
    advance(t, 1_000);
  });
});
