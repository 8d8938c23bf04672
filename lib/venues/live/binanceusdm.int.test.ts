// Binance USDⓈ-M (its offline fake, lib/venues/fakes) beside the simulated venues, through the API: markets,
// books, an owner's linked API key, orders in Binance's exact request shape, and each refusal mapped.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "../../testing/api";
import { call, createTrader, createTradingTestApi, expectError, type Reply, type Trader } from "../../testing/trading";
import { BINANCE_USDM_DEMO, type BinanceUsdmReceived, startBinanceUsdmFake, type VenueFake } from "../fakes";
import { BINANCE_USDM_MARKETS } from "../fakes/binanceusdm/markets";
import { apiData, failOnUnhandledRejections, until } from "./live-test-support";

/** Where the fake's BTC stays (no volatility): its best ask, after Binance's taker fee, under the simulated venues' best. */
const FAKE_BTC = 62_290;

let fake: VenueFake<BinanceUsdmReceived>;
let t: TestApi;
let trader: Trader;

failOnUnhandledRejections();

beforeAll(async () => {
  const markets = BINANCE_USDM_MARKETS.map((m) => (m.id === "BTCUSDT" ? { ...m, model: { ...m.model, startPrice: FAKE_BTC, volatility: 0 } } : m));
  // Collateral of 1 000 USDT: enough for the orders below (at 20×), not for 0.5 BTC. The fake keeps real time: Binance
  // checks each signed request's timestamp against its own clock.
  fake = await startBinanceUsdmFake({ markets, accounts: [{ ...BINANCE_USDM_DEMO, collateral: "1000" }], stepMs: 100 });
  t = await createTradingTestApi({ VENUES: "embedded,binanceusdm", VENUE_BINANCEUSDM_URL: fake.url, VENUE_POLL_MS: "250", VENUE_STALE_AFTER_MS: "1000" });
  trader = await createTrader(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const binance = () => t.deps.venues.find((v) => v.name === "binanceusdm")!;
const get = <T>(path: string) => apiData<T>(t, path);
const orderRequests = () => fake.received.filter((r) => r.method === "POST" && r.path === "/fapi/v1/order");
const link = async (credentials: Record<string, string>) => call(t, "PUT", "/agent/venue-accounts/binanceusdm", await trader.auth(), credentials);
const order = (body: Record<string, unknown>) => trader.call("POST", "/agent/orders", { preferredExchange: "binanceusdm", ...body });

type Child = { venue: string; orderId: string; status: string; filledQuantity: string; fees: string; reason: string | null; rejectReason?: string };
type Parent = { id: string; status: string; outcome: string; children: Child[] };
const parentOf = (reply: Reply) => {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data as Parent;
};

describe("Binance USDⓈ-M's market data beside the simulated venues", () => {
  it("lists its markets in /token-pairs with venue binanceusdm and its exact tick and lot", async () => {
    expect(t.deps.venues.map((v) => v.name)).toEqual(["alder", "birch", "cedar", "binanceusdm"]);
    const pairs = await get<{ symbol: string; venues: { venue: string; venueSymbol: string; tickSize: string; lotSize: string }[] }[]>("/token-pairs");
    const on = (symbol: string) => pairs.find((p) => p.symbol === symbol)!.venues.find((v) => v.venue === "binanceusdm");
    expect(on("BTC-USD")).toMatchObject({ venueSymbol: "BTCUSDT", tickSize: "0.1", lotSize: "0.001" });
    expect(on("ETH-USD")).toMatchObject({ venueSymbol: "ETHUSDT", tickSize: "0.01", lotSize: "0.001" });
    // SOL: Binance's tick 0.01 over the catalog's 0.001, its step of one whole SOL over the catalog's 0.01.
    expect(on("SOL-USD")).toMatchObject({ venueSymbol: "SOLUSDT", tickSize: "0.01", lotSize: "1" });
    expect(
      binance()
        .markets()
        .find((m) => m.symbol === "SOL-USD"),
    ).toMatchObject({ tickMultiple: 10, lotMultiple: 100 });
  });

  it("merges its book into /aggregated/book and routes over it", async () => {
    await until("binanceusdm live", () => binance().status().state === "live");
    // Binance's tick of 0.1 is the catalog's base tick: its prices show as they are. Takers trade on the fake between
    // polls, so the touch shown is compared with the fake's once a poll has caught it at rest.
    await until("the fake's touch shown as it is", async () => {
      const book = await get<{ venues: { venue: string; bestBid: string; bestAsk: string }[] }>("/aggregated/book?symbol=BTC-USD&depth=500");
      const shown = book.venues.find((v) => v.venue === "binanceusdm")!;
      const held = fake.exchange.book("BTCUSDT", 1)!;
      return Number(shown.bestBid) === held.bids[0]!.price / 10 && Number(shown.bestAsk) === held.asks[0]!.price / 10;
    });
    const routing = await get<{ venues: { venue: string }[] }>("/aggregated/routing?symbol=BTC-USD&side=BUY&quantity=1");
    expect(routing.venues.map((v) => v.venue)).toContain("binanceusdm");
  });
});

describe("an owner's Binance USDⓈ-M account", () => {
  it("is refused with a wrong secret, then linked with the demo API key", async () => {
    const wrong = expectError(await link({ apiKey: BINANCE_USDM_DEMO.apiKey, secret: `Wrong${"0".repeat(59)}` }), 422, "CREDENTIALS_REJECTED");
    expect(wrong.error).toMatch(/Signature for this request is not valid/);
    const linked = await link({ apiKey: BINANCE_USDM_DEMO.apiKey, secret: BINANCE_USDM_DEMO.secret });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.data).toMatchObject({ account: { venue: "binanceusdm" }, equityUsd: "1000" });
  });

  it("places a limit order in Binance's exact signed request, and cancels it", async () => {
    const before = orderRequests().length;
    const view = parentOf(await order({ symbol: "BTC-USD", side: "BUY", type: "LIMIT", quantity: "0.002", price: "61000.5" }));
    const sent = orderRequests().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.apiKey).toBe(BINANCE_USDM_DEMO.apiKey);
    const { timestamp, recvWindow, newClientOrderId, ...rest } = sent[0]!.params;
    // No broker prefix: the client order id is ours, 32 hex digits.
    expect(newClientOrderId).toMatch(/^[0-9a-f]{32}$/);
    expect(Number(timestamp)).toBeGreaterThan(0);
    expect(recvWindow === undefined || Number(recvWindow) > 0).toBe(true);
    expect(rest).toEqual({
      symbol: "BTCUSDT",
      side: "BUY",
      type: "LIMIT",
      quantity: "0.002",
      price: "61000.5",
      timeInForce: "GTC",
      newOrderRespType: "RESULT",
    });
    expect(view).toMatchObject({ status: "NEW", children: [{ venue: "binanceusdm", status: "NEW" }] });
    expect(fake.exchange.openOrders(BINANCE_USDM_DEMO.apiKey).map((o) => o.price)).toEqual([610_005]);

    const cancelled = await trader.call("DELETE", `/agent/orders/binanceusdm/${encodeURIComponent(view.children[0]!.orderId)}`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: "CANCELED" });
    const cancel = fake.received.findLast((r) => r.method === "DELETE");
    expect(cancel).toMatchObject({ path: "/fapi/v1/order", params: { symbol: "BTCUSDT", orderId: view.children[0]!.orderId.split(".")[1] } });
    expect(fake.exchange.openOrders(BINANCE_USDM_DEMO.apiKey)).toEqual([]);
  });

  it("fills a smart-routed order split across Binance and a simulated venue, and shows the position and balance", async () => {
    await until("binanceusdm live", () => binance().status().state === "live");
    // Its book is routed once fresh: under load a stream update can come later than the staleness bound.
    const routed = async () => (await get<{ legs: { venue: string }[] }>("/aggregated/routing?symbol=BTC-USD&side=BUY&quantity=0.5")).legs;
    const legs = await until("a route through binanceusdm", async () => {
      const l = await routed();
      return l.some((leg) => leg.venue === "binanceusdm") && l;
    });
    expect(legs.length).toBeGreaterThan(1);
    const view = parentOf(await trader.call("POST", "/agent/orders", { symbol: "BTC-USD", side: "BUY", type: "MARKET", quantity: "0.5" }));
    expect(view.status, JSON.stringify(view)).toBe("FILLED");
    expect(view.children.map((c) => c.venue)).toContain("binanceusdm");
    expect(view.children.some((c) => c.venue !== "binanceusdm")).toBe(true);
    expect(view.children.every((c) => c.status === "FILLED")).toBe(true);
    const leg = view.children.find((c) => c.venue === "binanceusdm")!;
    // The fees the venue charged, read from the owner's fills (its order answer has none).
    const charged = fake.exchange.fills(BINANCE_USDM_DEMO.apiKey).filter((f) => `BTC-USD.${f.orderId}` === leg.orderId);
    expect(charged.length).toBeGreaterThan(0);
    expect(Math.round(Number(leg.fees) * 1e6)).toBe(Number(charged.reduce((sum, f) => sum + f.fee, 0n)));
    // An immediate-or-cancel limit at the protection price, on Binance's grid.
    const { timestamp: _t, recvWindow: _r, newClientOrderId: _c, price, ...sent } = orderRequests().at(-1)!.params;
    expect(sent).toEqual({ symbol: "BTCUSDT", side: "BUY", type: "LIMIT", quantity: leg.filledQuantity, timeInForce: "IOC", newOrderRespType: "RESULT" });
    expect(Number(price)).toBeGreaterThan(FAKE_BTC);

    const positions = await trader.call("GET", "/agent/positions");
    expect(positions.status, JSON.stringify(positions.body)).toBe(200);
    expect((positions.body.data as { venue: string; symbol: string; size: string }[]).find((p) => p.venue === "binanceusdm")).toMatchObject({
      symbol: "BTC-USD",
      size: leg.filledQuantity,
    });
    const balances = await trader.call("GET", "/agent/balances");
    expect(balances.status, JSON.stringify(balances.body)).toBe(200);
    expect((balances.body.data as { venue: string }[]).map((b) => b.venue)).toContain("binanceusdm");
  });
});

describe("Binance USDⓈ-M's refusals through the API", () => {
  const rejectedWith = (view: Parent, reason: string, words: RegExp) =>
    expect(view).toMatchObject({
      status: "REJECTED",
      outcome: expect.stringMatching(words),
      children: [{ venue: "binanceusdm", status: "REJECTED", reason, rejectReason: expect.stringMatching(words) }],
    });

  it("minimum notional, insufficient margin and reduce-only: the child REJECTED with Binance's words", async () => {
    const eth = fake.exchange.book("ETHUSDT", 1)!.bids[0]!.price / 100;
    rejectedWith(
      parentOf(await order({ symbol: "ETH-USD", side: "BUY", type: "LIMIT", quantity: "0.001", price: eth.toFixed(2) })),
      "INVALID_ORDER",
      /notional must be no smaller than 20/,
    );
    rejectedWith(
      parentOf(await order({ symbol: "BTC-USD", side: "BUY", type: "LIMIT", quantity: "0.5", price: "60000" })),
      "INSUFFICIENT_MARGIN",
      /Margin is insufficient/,
    );
    rejectedWith(
      parentOf(await order({ symbol: "ETH-USD", side: "SELL", type: "LIMIT", quantity: "0.01", price: (eth * 1.01).toFixed(2), reduceOnly: true })),
      "INVALID_ORDER",
      /ReduceOnly Order is rejected/,
    );
  });

  it("post-only that would take: refused by the adapter's venue with Binance's words", async () => {
    // Well above the best ask (ETH's tick is the catalog's base tick): it would take, whatever the book does meanwhile.
    const above = Math.round(fake.exchange.book("ETHUSDT", 1)!.asks[0]!.price * 1.01);
    const placed = await binance().place(trader.id, { symbol: "ETH-USD", side: "BUY", type: "LIMIT", size: 10, price: above, timeInForce: "POST_ONLY" });
    expect(placed).toMatchObject({ ok: false, code: "INVALID_ORDER", message: expect.stringMatching(/Post Only order will be rejected/) });
    expect(fake.exchange.openOrders(BINANCE_USDM_DEMO.apiKey)).toEqual([]);
  });

  it("rate limited: 429 RATE_LIMITED with Retry-After; maintenance: 503 with Retry-After", async () => {
    const small = { symbol: "BTC-USD", side: "BUY", type: "LIMIT", quantity: "0.002", price: "60000" };
    fake.setRateLimited(true);
    try {
      const limited = expectError(await order(small), 429, "RATE_LIMITED");
      expect(limited.error).toMatch(/binanceusdm rate-limited the request/);
    } finally {
      fake.setRateLimited(false);
    }
    fake.setMaintenance(true);
    try {
      const down = await order(small);
      expectError(down, 503, "SERVICE_UNAVAILABLE");
      expect(Number(down.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      fake.setMaintenance(false);
    }
  });
});
