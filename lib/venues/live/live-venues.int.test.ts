// Hyperliquid (its offline fake, lib/venues/fakes) beside the simulated venues, through the API: market data,
// an owner's linked account, orders in Hyperliquid's exact wire shape, refusals, and a websocket that drops.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "../../testing/api";
import { call, createTrader, createTradingTestApi, expectError, type Trader } from "../../testing/trading";
import { HYPERLIQUID_DEMO, type HyperliquidReceived, startHyperliquidFake, type VenueFake } from "../fakes";
import { HYPERLIQUID_MARKETS } from "../fakes/hyperliquid/markets";
import { apiData, failOnUnhandledRejections, until } from "./live-test-support";

/** Where the fake's BTC stays (no volatility): its best ask, after Hyperliquid's taker fee, just under the simulated venues' best (≈ 62 304 + fee). */
const FAKE_BTC = 62_292;

let fake: VenueFake<HyperliquidReceived>;
let t: TestApi;
let trader: Trader;

failOnUnhandledRejections();

beforeAll(async () => {
  const markets = HYPERLIQUID_MARKETS.map((m) => (m.id === "BTC" ? { ...m, model: { ...m.model, startPrice: FAKE_BTC, volatility: 0 } } : m));
  // The fake keeps the API's manual time, so its candles and trades fall in the API's windows.
  // Collateral of 1 000 USDC: enough for the orders below, not for 0.5 BTC.
  const accounts = [{ address: HYPERLIQUID_DEMO.address, approvedAgents: [HYPERLIQUID_DEMO.agentAddress], collateral: "1000" }];
  fake = await startHyperliquidFake({ markets, accounts, stepMs: 100, clock: { now: () => t?.clock.now() ?? Date.UTC(2026, 0, 1) } });
  t = await createTradingTestApi({ VENUES: "embedded,hyperliquid", VENUE_HYPERLIQUID_URL: fake.url, VENUE_POLL_MS: "250", VENUE_STALE_AFTER_MS: "1000" });
  trader = await createTrader(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const hyperliquid = () => t.deps.venues.find((v) => v.name === "hyperliquid")!;
const get = <T>(path: string) => apiData<T>(t, path);
const exchangeActions = () => fake.received.flatMap((r) => (r.endpoint === "exchange" ? [r] : []));
const link = async (credentials: Record<string, string>) => call(t, "PUT", "/agent/venue-accounts/hyperliquid", await trader.auth(), credentials);

interface Pair {
  symbol: string;
  venues: { venue: string; venueSymbol: string; tickSize: string; lotSize: string }[];
}
type Level = { price: string; venues: Record<string, string> };

describe("Hyperliquid's market data beside the simulated venues", () => {
  it("lists its markets in /token-pairs with venue hyperliquid and its exact tick and lot", async () => {
    expect(t.deps.venues.map((v) => v.name)).toEqual(["alder", "birch", "cedar", "hyperliquid"]);
    const pairs = await get<Pair[]>("/token-pairs");
    const on = (symbol: string) => pairs.find((p) => p.symbol === symbol)!.venues.find((v) => v.venue === "hyperliquid");
    expect(on("BTC-USD")).toMatchObject({ venueSymbol: "0", tickSize: "1", lotSize: "0.0001" });
    // Hyperliquid's ETH lot (0.0001) is finer than the catalog's lot: the pair trades the catalog's.
    expect(on("ETH-USD")).toMatchObject({ venueSymbol: "1", tickSize: "0.1", lotSize: "0.001" });
    expect(on("SOL-USD")).toMatchObject({ venueSymbol: "2", tickSize: "0.01", lotSize: "0.01" });
  });

  it("merges its book, candles and trades, and routes over it", async () => {
    await until("hyperliquid live", () => hyperliquid().status().state === "live");
    // Takers trade on the fake between updates: the book is read until it shows the fake's touch as it is.
    const { book, fakeBook } = await until("the fake's touch shown as it is", async () => {
      const fakeBook = fake.exchange.book("BTC", 1)!;
      const book = await get<{ bids: Level[]; venues: { venue: string; bestBid: string; bestAsk: string }[] }>("/aggregated/book?symbol=BTC-USD&depth=500");
      const shown = book.venues.find((v) => v.venue === "hyperliquid");
      return shown?.bestBid === String(fakeBook.bids[0]!.price) && shown.bestAsk === String(fakeBook.asks[0]!.price) && { book, fakeBook };
    });
    // Its asks cross the simulated venues' bids and are netted out of the levels; its bids stay.
    expect(book.bids.find((l) => l.price === String(fakeBook.bids[0]!.price))?.venues.hyperliquid).toBeDefined();
    expect(book.bids.some((l) => l.venues.alder !== undefined)).toBe(true);

    await until("hyperliquid's trades", () => hyperliquid().trades("BTC-USD", 1).length > 0);
    const trades = await get<{ venue: string; price: string }[]>("/trades/BTC-USD?limit=200");
    expect(trades.filter((tr) => tr.venue === "hyperliquid").length).toBeGreaterThan(0);
    expect(trades.some((tr) => tr.venue !== "hyperliquid")).toBe(true);

    const candles = (await (await t.request("/api/aggregated/candles?symbol=BTC-USD&interval=1m&limit=3")).json()) as { high: string; low: string }[];
    // The fake trades about FAKE_BTC; the simulated venues' own tapes lie elsewhere: the combined range holds both.
    expect(candles.some((c) => Number(c.low) <= FAKE_BTC + 10 && Number(c.high) >= FAKE_BTC - 10)).toBe(true);

    const routing = await get<{ legs: { venue: string }[]; venues: { venue: string }[] }>("/aggregated/routing?symbol=BTC-USD&side=BUY&quantity=1");
    expect(routing.venues.map((v) => v.venue)).toContain("hyperliquid");
    expect(routing.legs.map((l) => l.venue)).toContain("hyperliquid");
  });
});

describe("Hyperliquid's websocket dropping", () => {
  const routedVenues = async () =>
    (await get<{ venues: { venue: string }[] }>("/aggregated/routing?symbol=BTC-USD&side=BUY&quantity=0.1")).venues.map((v) => v.venue);

  it("goes stale and out of routing while it reconnects, and comes back live; the process unharmed", async () => {
    await until("hyperliquid live", () => hyperliquid().status().state === "live");
    expect(await routedVenues()).toContain("hyperliquid");
    fake.refuseWebSockets(true);
    try {
      await until("hyperliquid stale", () => hyperliquid().status().state === "stale");
      expect(hyperliquid().status().reason).toMatch(/^websocket reconnecting: /);
      expect(await routedVenues()).not.toContain("hyperliquid");
    } finally {
      fake.refuseWebSockets(false);
    }
    await until("hyperliquid live again", () => hyperliquid().status().state === "live" && fake.openWebSockets() > 0, 15_000);
    expect(await routedVenues()).toContain("hyperliquid");

    // Cut again and again, at every moment of reconnecting and resubscribing.
    for (let i = 0; i < 60; i++) {
      fake.dropWebSockets();
      await new Promise((r) => setTimeout(r, 5 + (i % 17)));
    }
    await until("hyperliquid live after the drops", () => hyperliquid().status().state === "live" && fake.openWebSockets() > 0, 15_000);
    expect(await routedVenues()).toContain("hyperliquid");
  }, 45_000);
});

describe("an owner with no Hyperliquid account", () => {
  it("trades smart-routed with leverage on the simulated venues alone: Hyperliquid is neither routed to nor sent the leverage", async () => {
    await until("hyperliquid live", () => hyperliquid().status().state === "live");
    const unlinked = await createTrader(t);
    const before = exchangeActions().length;
    const placed = await unlinked.call("POST", "/agent/orders", { symbol: "BTC-USD", side: "BUY", type: "MARKET", quantity: "0.01", leverage: 3 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const view = placed.body.data as { status: string; children: { venue: string }[] };
    expect(view.status).toBe("FILLED");
    expect(view.children.length).toBeGreaterThan(0);
    expect(view.children.map((c) => c.venue)).not.toContain("hyperliquid");
    expect(exchangeActions().slice(before)).toEqual([]);
    // Named explicitly, the venue's refusal says what to do.
    const named = expectError(
      await unlinked.call("POST", "/agent/orders", {
        symbol: "BTC-USD",
        side: "BUY",
        type: "MARKET",
        quantity: "0.01",
        leverage: 3,
        preferredExchange: "hyperliquid",
      }),
      403,
      "VENUE_ACCOUNT_NOT_LINKED",
    );
    expect(named.error).toMatch(/link one/);
  });
});

describe("an owner's Hyperliquid account", () => {
  it("is refused with bad credentials, then linked with the demo API wallet", async () => {
    const own = expectError(await link({ walletAddress: HYPERLIQUID_DEMO.address, privateKey: HYPERLIQUID_DEMO.accountPrivateKey }), 400, "BAD_REQUEST");
    expect(own.error).toMatch(/account's own key/);
    const stranger = expectError(await link({ walletAddress: HYPERLIQUID_DEMO.address, privateKey: `0x${"42".repeat(32)}` }), 422, "CREDENTIALS_REJECTED");
    expect(stranger.error).toMatch(/not approved/);
    const linked = await link({ walletAddress: HYPERLIQUID_DEMO.address, privateKey: HYPERLIQUID_DEMO.agentPrivateKey });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.data).toMatchObject({ account: { venue: "hyperliquid" }, equityUsd: "1000" });
  });

  it("places a limit order in Hyperliquid's exact signed order action, and cancels it", async () => {
    const before = exchangeActions().length;
    const placed = await trader.call("POST", "/agent/orders", {
      symbol: "BTC-USD",
      side: "BUY",
      type: "LIMIT",
      quantity: "0.0012",
      price: "61000",
      preferredExchange: "hyperliquid",
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const sent = exchangeActions().slice(before);
    expect(sent.map((s) => s.action.type)).toEqual(["order"]);
    const [order] = sent;
    expect(order!.signer).toBe(HYPERLIQUID_DEMO.agentAddress);
    expect(order!.account).toBe(HYPERLIQUID_DEMO.address);
    expect(order!.action).toEqual({
      type: "order",
      orders: [{ a: 0, b: true, p: "61000", s: "0.0012", r: false, t: { limit: { tif: "Gtc" } }, c: expect.stringMatching(/^0x[0-9a-f]{32}$/) }],
      grouping: "na",
    });
    expect(JSON.stringify(order!.action)).not.toContain("builder");
    const view = placed.body.data as { children: { orderId: string }[] };
    expect(view).toMatchObject({ status: "NEW", price: "61000", quantity: "0.0012", children: [{ venue: "hyperliquid", status: "NEW" }] });
    expect(fake.exchange.openOrders(HYPERLIQUID_DEMO.address).map((o) => o.price)).toEqual([61000]);

    const cancelled = await trader.call("DELETE", `/agent/orders/hyperliquid/${encodeURIComponent(view.children[0]!.orderId)}`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: "CANCELED" });
    expect(exchangeActions().at(-1)!.action).toMatchObject({ type: "cancel", cancels: [{ a: 0 }] });
    expect(fake.exchange.openOrders(HYPERLIQUID_DEMO.address)).toEqual([]);
  });

  it("splits a smart-routed order across Hyperliquid and a simulated venue, and shows the position and balance", async () => {
    await until("hyperliquid live", () => hyperliquid().status().state === "live");
    const routing = await get<{ legs: { venue: string; size: string }[] }>("/aggregated/routing?symbol=BTC-USD&side=BUY&quantity=0.5");
    expect(routing.legs.map((l) => l.venue)).toContain("hyperliquid");
    expect(routing.legs.length).toBeGreaterThan(1);
    const placed = await trader.call("POST", "/agent/orders", { symbol: "BTC-USD", side: "BUY", type: "MARKET", quantity: "0.5" });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const view = placed.body.data as { status: string; children: { venue: string; orderId: string; status: string; filledQuantity: string; fees: string }[] };
    // Both legs fill: Hyperliquid's as an immediate-or-cancel limit at the protection price, against the fake's book.
    expect(view.status).toBe("FILLED");
    expect(view.children.map((c) => c.venue)).toContain("hyperliquid");
    expect(view.children.some((c) => c.venue !== "hyperliquid")).toBe(true);
    expect(view.children.every((c) => c.status === "FILLED")).toBe(true);
    const leg = view.children.find((c) => c.venue === "hyperliquid")!;
    // The fees the venue charged, read from the owner's fills (its order answer has none).
    const charged = fake.exchange.fills(HYPERLIQUID_DEMO.address).filter((f) => `BTC-USD.${f.orderId}` === leg.orderId);
    expect(charged.length).toBeGreaterThan(0);
    expect(Math.round(Number(leg.fees) * 1e6)).toBe(Number(charged.reduce((sum, f) => sum + f.fee, 0n)));
    const sent = exchangeActions()
      .filter((r) => r.action.type === "order")
      .at(-1)!;
    expect(sent.action).toMatchObject({ orders: [{ a: 0, b: true, s: leg.filledQuantity, r: false, t: { limit: { tif: "Ioc" } } }] });
    // The bound is on the venue's grid (whole dollars) and above the best ask it took.
    const bound = Number((sent.action as { orders: { p: string }[] }).orders[0]!.p);
    expect(Number.isInteger(bound) && bound >= FAKE_BTC).toBe(true);
    expect(fake.exchange.fills(HYPERLIQUID_DEMO.address).some((f) => f.side === "BUY")).toBe(true);

    const positions = await trader.call("GET", "/agent/positions");
    expect(positions.status, JSON.stringify(positions.body)).toBe(200);
    const held = (positions.body.data as { venue: string; symbol: string; size: string }[]).find((p) => p.venue === "hyperliquid");
    expect(held).toMatchObject({ symbol: "BTC-USD", size: leg.filledQuantity });
    const balances = await trader.call("GET", "/agent/balances");
    expect(balances.status, JSON.stringify(balances.body)).toBe(200);
    expect((balances.body.data as { venue: string }[]).map((b) => b.venue)).toContain("hyperliquid");
  });

  it("maps the venue's refusals: insufficient margin with its reason, maintenance as 503 with Retry-After", async () => {
    const order = { symbol: "BTC-USD", side: "BUY", type: "LIMIT", quantity: "0.5", price: "60000", preferredExchange: "hyperliquid" };
    const margin = await trader.call("POST", "/agent/orders", order);
    expect(margin.status, JSON.stringify(margin.body)).toBe(200);
    // The venue's own words are kept: in the child order and in the outcome, as answered and as stored.
    const words = /Insufficient margin to place order/;
    const rejected = {
      status: "REJECTED",
      outcome: expect.stringMatching(words),
      children: [{ venue: "hyperliquid", reason: "INSUFFICIENT_MARGIN", rejectReason: expect.stringMatching(words) }],
    };
    expect(margin.body.data).toMatchObject(rejected);
    const history = await trader.call("GET", "/agent/orders?status=rejected");
    const stored = (history.body.data as { parentId: string }[]).find((o) => o.parentId === (margin.body.data as { id: string }).id);
    expect(stored).toMatchObject(rejected.children[0]!);
    fake.setMaintenance(true);
    try {
      const down = await trader.call("POST", "/agent/orders", { ...order, quantity: "0.001" });
      expectError(down, 503, "SERVICE_UNAVAILABLE");
      expect(Number(down.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      fake.setMaintenance(false);
    }
  });

  it("opens a pair on Hyperliquid, long BTC and short ETH in two signed orders, and closes it", async () => {
    const before = exchangeActions().length;
    const opened = await trader.call("POST", "/agent/pair/open", {
      longSymbol: "BTC-USD",
      shortSymbol: "ETH-USD",
      notionalUsd: 40,
      // The account's leverage already (the venue's default): its BTC position from above keeps its margin.
      leverage: 20,
      venue: "hyperliquid",
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const pair = opened.body.data as { id: string; status: string; venue: string; legs: { symbol: string; side: string }[] };
    expect(pair).toMatchObject({ status: "OPEN", venue: "hyperliquid" });
    expect(pair.legs.map((l) => [l.symbol, l.side])).toEqual([
      ["BTC-USD", "LONG"],
      ["ETH-USD", "SHORT"],
    ]);
    // Leverage on both symbols, then the long and the short, each an immediate-or-cancel order on the asset's index.
    const sent = exchangeActions().slice(before);
    expect(sent.map((r) => r.action.type)).toEqual(["updateLeverage", "updateLeverage", "order", "order"]);
    expect(
      sent
        .slice(2)
        .map((r) => (r.action as { orders: { a: number; b: boolean }[] }).orders[0])
        .map((o) => [o!.a, o!.b]),
    ).toEqual([
      [0, true],
      [1, false],
    ]);
    const ethHeld = () => fake.exchange.account(HYPERLIQUID_DEMO.address)?.positions.get("ETH")?.position.sizeLots ?? 0n;
    expect(ethHeld() < 0n).toBe(true);

    const closed = await trader.call("POST", `/agent/pair/${pair.id}/close`);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data).toMatchObject({ id: pair.id, status: "CLOSED" });
    expect(ethHeld()).toBe(0n);
  });

  it("the kill switch cancels the resting orders on Hyperliquid and refuses new ones there; closing stays possible", async () => {
    const resting = await trader.call("POST", "/agent/orders", {
      symbol: "BTC-USD",
      side: "BUY",
      type: "LIMIT",
      quantity: "0.001",
      price: "60000",
      preferredExchange: "hyperliquid",
    });
    expect(resting.status, JSON.stringify(resting.body)).toBe(200);
    expect(fake.exchange.openOrders(HYPERLIQUID_DEMO.address)).toHaveLength(1);

    const engaged = await call(t, "POST", "/agent/kill-switch", await trader.auth(), {});
    expect(engaged.status, JSON.stringify(engaged.body)).toBe(200);
    expect((engaged.body.data as { cancelled: number }).cancelled).toBeGreaterThanOrEqual(1);
    expect(fake.exchange.openOrders(HYPERLIQUID_DEMO.address)).toEqual([]);
    expect(exchangeActions().at(-1)!.action).toMatchObject({ type: "cancel" });

    const before = exchangeActions().length;
    const refused = expectError(
      await trader.call("POST", "/agent/orders", { symbol: "BTC-USD", side: "BUY", type: "MARKET", quantity: "0.001", preferredExchange: "hyperliquid" }),
      403,
      "RISK_REJECTED",
    );
    expect(refused.category).toBe("KILL_SWITCH");
    expect(exchangeActions().length).toBe(before);
    const closed = await trader.call("POST", "/agent/positions/close", { symbol: "BTC-USD", venue: "hyperliquid" });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(fake.exchange.account(HYPERLIQUID_DEMO.address)?.positions.get("BTC")?.position.sizeLots ?? 0n).toBe(0n);
    expect((await call(t, "DELETE", "/agent/kill-switch", await trader.auth())).status).toBe(200);
  });
});
