import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "../../testing/api";
import { createTrader, createTradingTestApi, expectError, type Trader } from "../../testing/trading";
import { planRoute } from "../../trading/execution/smart-routing";
import { routeVenueInputs } from "../../trading/execution/routing-inputs";
import { findMarket } from "../../venues/catalog";

let t: TestApi;
let alice: Trader;
let bob: Trader;

beforeAll(async () => {
  // Room for orders large enough to walk several venues' books.
  t = await createTradingTestApi({
    VENUE_PAPER_BALANCE_USDC: "10000000",
    RISK_MAX_ORDER_NOTIONAL_USD: "5000000",
    RISK_MAX_POSITION_NOTIONAL_USD: "10000000",
    RISK_MAX_TOTAL_NOTIONAL_USD: "20000000",
  });
  alice = await createTrader(t);
  bob = await createTrader(t);
});
afterAll(() => t.close());

type Parent = { id: string; status: string; routing: string; filledQuantity: string; unfilledQuantity: string; outcome: string; children: Child[] };
type Child = { venue: string; orderId: string; status: string; filledQuantity: string; averagePrice: string | null; fees: string; reason: string | null };
type Position = { venue: string; symbol: string; side: string; size: string };

const mark = (symbol: string, venue = "alder") => {
  const v = t.deps.venues.find((x) => x.name === venue)!;
  return v.ticker(symbol)!.markPrice;
};
/** A price in BTC-USD (base tick 0.1) this many fractions away from alder's mark, on every venue's tick (0.5). */
const btcPrice = (fraction: number) => (Math.round((mark("BTC-USD") * (1 + fraction)) / 5) * 0.5).toFixed(1);

describe("POST /agent/orders", () => {
  it("smart-routes a market order as planRoute splits it and answers the parent with its children", async () => {
    const plan = planRoute({ market: findMarket("ETH-USD")!, side: "SELL", quantityLots: 300_000, venues: routeVenueInputs(t.deps.venues, "ETH-USD") });
    const r = await alice.call("POST", "/agent/orders", { symbol: "ETH-USD", side: "SELL", type: "MARKET", quantity: "300" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const order = r.body.data as Parent;
    expect(order).toMatchObject({ routing: "SMART", status: "FILLED", filledQuantity: "300", unfilledQuantity: "0" });
    expect(order.children.length).toBeGreaterThan(1);
    expect(order.children.map((c) => [c.venue, Math.round(Number(c.filledQuantity) * 1000)]).sort()).toEqual(
      plan.legs.map((l) => [l.venue, l.sizeLots]).sort(),
    );
    const filled = order.children.reduce((s, c) => s + Number(c.filledQuantity), 0);
    expect(filled).toBeCloseTo(300, 9);
    for (const c of order.children) expect(c).toMatchObject({ status: "FILLED", orderId: expect.stringMatching(/^ord_/) });
    const positions = (await alice.call("GET", "/agent/positions")).body.data as Position[];
    expect(positions.filter((p) => p.symbol === "ETH-USD" && p.side === "SHORT").reduce((s, p) => s + Number(p.size), 0)).toBeCloseTo(300, 9);
  });

  it("sends the whole order to preferredExchange", async () => {
    const r = await alice.call("POST", "/agent/orders", { symbol: "SOL-USD", side: "SELL", type: "MARKET", quantity: "3", preferredExchange: "birch" });
    const order = r.body.data as Parent;
    expect(order).toMatchObject({ routing: "VENUE", status: "FILLED" });
    expect(order.children.map((c) => c.venue)).toEqual(["birch"]);
  });

  it("sets the symbol's leverage on the venues it may use before placing, when given", async () => {
    const r = await bob.call("POST", "/agent/orders", {
      symbol: "SOL-USD",
      side: "BUY",
      type: "MARKET",
      quantity: "2",
      preferredExchange: "cedar",
      leverage: 3,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const positions = (await bob.call("GET", "/agent/positions")).body.data as (Position & { leverage: string })[];
    expect(positions.find((p) => p.symbol === "SOL-USD" && p.venue === "cedar")?.leverage).toBe("3");
    const refused = await bob.call("POST", "/agent/orders", { symbol: "SOL-USD", side: "BUY", type: "MARKET", quantity: "2", leverage: 0 });
    expect(refused.status).toBe(400);
  });

  it("never fills a market order beyond its slippage: the rest is cancelled and the answer says so", async () => {
    const marks = Object.fromEntries(t.deps.venues.map((v) => [v.name, v.ticker("ETH-USD")!.markPrice * 0.01]));
    const r = await bob.call("POST", "/agent/orders", { symbol: "ETH-USD", side: "BUY", type: "MARKET", quantity: "600", slippage: 0.0001 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const order = r.body.data as Parent;
    expect(order.status).toBe("CANCELED");
    expect(Number(order.unfilledQuantity)).toBeGreaterThan(0);
    expect(order.outcome).toMatch(/not filled|cancelled/i);
    for (const c of order.children) if (c.averagePrice !== null) expect(Number(c.averagePrice)).toBeLessThanOrEqual(marks[c.venue]! * 1.0001 + 1e-9);
  });

  it.each([
    ["LIMIT", { price: "PRICE" }],
    ["STOP_MARKET", { triggerPrice: "TRIGGER" }],
    ["STOP_LIMIT", { price: "PRICE", triggerPrice: "TRIGGER" }],
  ])("accepts %s with its required fields", async (type, fields) => {
    const concrete = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === "PRICE" ? btcPrice(-0.02) : btcPrice(0.03)]));
    const r = await alice.call("POST", "/agent/orders", { symbol: "BTC-USD", side: "BUY", type, quantity: "0.01", ...concrete });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body.data as Parent).status).toBe("NEW");
  });

  it.each([
    ["MARKET with a price", { type: "MARKET", price: "60000" }, /price/],
    ["MARKET with a trigger", { type: "MARKET", triggerPrice: "60000" }, /triggerPrice/],
    ["LIMIT without a price", { type: "LIMIT" }, /price: required/],
    ["LIMIT with a trigger", { type: "LIMIT", price: "60000", triggerPrice: "61000" }, /triggerPrice/],
    ["STOP_MARKET without a trigger", { type: "STOP_MARKET" }, /triggerPrice: required/],
    ["STOP_MARKET with a price", { type: "STOP_MARKET", triggerPrice: "61000", price: "60000" }, /price/],
    ["STOP_LIMIT without a price", { type: "STOP_LIMIT", triggerPrice: "61000" }, /price: required/],
    ["STOP_LIMIT without a trigger", { type: "STOP_LIMIT", price: "61000" }, /triggerPrice: required/],
    ["LIMIT with slippage", { type: "LIMIT", price: "60000", slippage: 0.01 }, /slippage/],
    ["a quantity off the lot size", { type: "MARKET", quantity: "0.00001" }, /lot size/],
    ["a zero quantity", { type: "MARKET", quantity: "0" }, /positive/],
    ["a negative quantity", { type: "MARKET", quantity: "-1" }, /quantity/],
    ["a numeric quantity", { type: "MARKET", quantity: 1 }, /quantity/],
    ["a price off the tick", { type: "LIMIT", price: "60000.05" }, /tick/],
    ["an unknown symbol", { type: "MARKET", symbol: "NOPE-USD" }, /symbol/],
    ["an unknown venue", { type: "MARKET", preferredExchange: "oak" }, /preferredExchange/],
    ["a price off the preferred venue's tick", { type: "LIMIT", price: "60000.1", preferredExchange: "cedar" }, /tick/],
    ["slippage above the maximum", { type: "MARKET", slippage: 0.5 }, /slippage/],
    ["slippage of zero", { type: "MARKET", slippage: 0 }, /slippage/],
    ["an unknown side", { type: "MARKET", side: "HOLD" }, /side/],
    ["an unknown type", { type: "TWAP" }, /type/],
    ["an unknown field", { type: "MARKET", margin: 5 }, /margin|Unrecognized/i],
    ["a fractional leverage", { type: "MARKET", leverage: 2.5 }, /leverage/],
  ])("refuses %s with 400", async (_name, fields, message) => {
    const r = await alice.call("POST", "/agent/orders", { symbol: "BTC-USD", side: "BUY", quantity: "0.01", ...fields });
    expect(expectError(r, 400, "BAD_REQUEST").error).toMatch(message);
  });

  it("refuses a body that is not JSON and a missing body", async () => {
    const res = await t.request("/api/agent/orders", {
      method: "POST",
      headers: { authorization: `Bearer ${alice.key}`, "content-type": "application/json" },
      body: "{",
    });
    expect(res.status).toBe(400);
    expectError(await alice.call("POST", "/agent/orders", {}), 400, "BAD_REQUEST");
  });

  it("needs the trade scope, and account:read to read", async () => {
    const reader = await createTrader(t, ["account:read"]);
    const swapper = await createTrader(t, ["swap"]);
    expectError(await reader.call("POST", "/agent/orders", { symbol: "BTC-USD", side: "BUY", type: "MARKET", quantity: "0.01" }), 403, "FORBIDDEN");
    expectError(await reader.call("DELETE", "/agent/orders/alder/ord_x"), 403, "FORBIDDEN");
    for (const path of ["/agent/orders", "/agent/positions", "/agent/balances", "/agent/pairs"]) expectError(await swapper.call("GET", path), 403, "FORBIDDEN");
    expectError(await reader.call("POST", "/agent/positions/open", { symbol: "BTC-USD", side: "LONG", quantity: "0.01" }), 403, "FORBIDDEN");
    expectError(
      await reader.call("POST", "/agent/pair/open", { longSymbol: "ETH-USD", shortSymbol: "BTC-USD", notionalUsd: 1000, leverage: 2 }),
      403,
      "FORBIDDEN",
    );
    const anonymous = await t.request("/api/agent/orders");
    expect(anonymous.status).toBe(401);
  });
});

describe("GET and DELETE /agent/orders", () => {
  it("lists open orders, cancels one, refuses another owner's, and shows it in the history", async () => {
    const placed = (
      await alice.call("POST", "/agent/orders", {
        symbol: "BTC-USD",
        side: "SELL",
        type: "LIMIT",
        quantity: "0.02",
        price: btcPrice(0.05),
        preferredExchange: "alder",
      })
    ).body.data as Parent;
    const child = placed.children[0]!;
    const open = (await alice.call("GET", "/agent/orders")).body.data as { orderId: string; parentId: string }[];
    expect(open).toContainEqual(expect.objectContaining({ orderId: child.orderId, parentId: placed.id }));
    expect(((await bob.call("GET", "/agent/orders")).body.data as unknown[]).length).toBe(0);

    expectError(await bob.call("DELETE", `/agent/orders/alder/${child.orderId}`), 404, "NOT_FOUND");
    expectError(await alice.call("DELETE", `/agent/orders/oak/${child.orderId}`), 404, "NOT_FOUND");
    const cancelled = await alice.call("DELETE", `/agent/orders/alder/${child.orderId}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ orderId: child.orderId, status: "CANCELED", reason: "CANCELED_BY_OWNER", parentId: placed.id });
    expectError(await alice.call("DELETE", `/agent/orders/alder/${child.orderId}`), 409, "CONFLICT");

    const history = (await alice.call("GET", "/agent/orders?status=canceled")).body.data as { orderId: string; status: string }[];
    expect(history).toContainEqual(expect.objectContaining({ orderId: child.orderId, status: "CANCELED" }));
  });

  it("cancels once under an Idempotency-Key: a retry with the key answers the first cancel, not 409", async () => {
    const resting = { symbol: "BTC-USD", side: "SELL", type: "LIMIT", quantity: "0.01", price: btcPrice(0.05), preferredExchange: "alder" };
    const child = ((await alice.call("POST", "/agent/orders", resting)).body.data as Parent).children[0]!;
    const key = { "idempotency-key": `cancel-${child.orderId}` };
    const first = await alice.call("DELETE", `/agent/orders/alder/${child.orderId}`, undefined, key);
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const retry = await alice.call("DELETE", `/agent/orders/alder/${child.orderId}`, undefined, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body.data).toEqual(first.body.data);
    const other = ((await alice.call("POST", "/agent/orders", resting)).body.data as Parent).children[0]!;
    expectError(await alice.call("DELETE", `/agent/orders/alder/${other.orderId}`, undefined, key), 400, "IDEMPOTENCY_KEY_REUSED");
    expect((await alice.call("DELETE", `/agent/orders/alder/${other.orderId}`)).status).toBe(200);
    const filled = (await alice.call("GET", "/agent/orders?status=filled")).body.data as { status: string }[];
    expect(filled.length).toBeGreaterThan(0);
    expect(filled.every((o) => o.status === "FILLED")).toBe(true);
    expectError(await alice.call("GET", "/agent/orders?status=bogus"), 400, "BAD_REQUEST");
  });
});

describe("positions", () => {
  it("opens by notional with leverage, closes part, then the rest", async () => {
    const opened = await bob.call("POST", "/agent/positions/open", { symbol: "LINK-USD", side: "SHORT", notionalUsd: 2000, leverage: 4, venue: "alder" });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const held = () =>
      bob.call("GET", "/agent/positions").then((r) => (r.body.data as (Position & { leverage: string })[]).filter((p) => p.symbol === "LINK-USD"));
    const [position] = await held();
    expect(position).toMatchObject({ venue: "alder", side: "SHORT", leverage: "4" });
    const size = Number(position!.size);
    expect(size * mark("LINK-USD") * 0.001).toBeLessThanOrEqual(2000 * 1.0001);

    const part = await bob.call("POST", "/agent/positions/close", { symbol: "LINK-USD", quantity: "10" });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(Number((await held())[0]!.size)).toBeCloseTo(size - 10, 6);
    expectError(await bob.call("POST", "/agent/positions/close", { symbol: "LINK-USD", quantity: "100000" }), 400, "BAD_REQUEST");
    const rest = await bob.call("POST", "/agent/positions/close", { symbol: "LINK-USD" });
    expect((rest.body.data as { order: Parent }).order.status).toBe("FILLED");
    expect(await held()).toEqual([]);
    expectError(await bob.call("POST", "/agent/positions/close", { symbol: "LINK-USD" }), 409, "CONFLICT");
  });

  it("refuses open bodies without exactly one size, and reports balances per venue", async () => {
    expectError(await bob.call("POST", "/agent/positions/open", { symbol: "BTC-USD", side: "LONG" }), 400, "BAD_REQUEST");
    expectError(await bob.call("POST", "/agent/positions/open", { symbol: "BTC-USD", side: "LONG", quantity: "0.01", notionalUsd: 100 }), 400, "BAD_REQUEST");
    expectError(await bob.call("POST", "/agent/positions/open", { symbol: "BTC-USD", side: "UP", quantity: "0.01" }), 400, "BAD_REQUEST");
    expectError(await bob.call("POST", "/agent/positions/open", { symbol: "BTC-USD", side: "LONG", notionalUsd: 0.5 }), 400, "BAD_REQUEST");
    const balances = (await bob.call("GET", "/agent/balances")).body.data as { venue: string; asset: string; equity: string }[];
    expect(balances.map((b) => b.venue).sort()).toEqual(["alder", "birch", "cedar"]);
    expect(balances.every((b) => b.asset === "USDC" && Number(b.equity) > 0)).toBe(true);
  });
});
