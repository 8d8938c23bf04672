import { ExchangeError, ExchangeNotAvailable, InsufficientFunds, InvalidOrder, NetworkError, OrderNotFound, RateLimitExceeded } from "ccxt";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../../clock";
import type { VenueFake } from "../core/venue-fake";
import { HYPERLIQUID_DEMO } from "../demo-accounts";
import { hyperliquidClient } from "../testing-clients";
import { rejection, whileStepping } from "../test-support";
import { startHyperliquidFake } from "./fake";
import type { HyperliquidReceived } from "./venue";

const BTC = "BTC/USDC:USDC";
const ETH = "ETH/USDC:USDC";
const SOL = "SOL/USDC:USDC";
const agent = HYPERLIQUID_DEMO.agentAddress;

type Client = Awaited<ReturnType<typeof hyperliquidClient>>;
type Accepted = Extract<HyperliquidReceived, { endpoint: "exchange" }>;

function actions(fake: VenueFake<HyperliquidReceived>): Accepted[] {
  return fake.received.filter((r): r is Accepted => r.endpoint === "exchange");
}

describe("the Hyperliquid fake, through ccxt", () => {
  let fake: VenueFake<HyperliquidReceived>;
  let client: Client;

  beforeAll(async () => {
    fake = await startHyperliquidFake({ autoStep: false, seed: 3 });
    client = await hyperliquidClient(fake);
    await client.loadMarkets();
  });
  afterAll(async () => {
    await client.close();
    await fake.close();
  });

  it("lists the perpetuals with Hyperliquid's asset index, tick, lot and limits", () => {
    const summary = [BTC, ETH, SOL].map((s) => {
      const m = client.market(s);
      return [m.id, m.precision.price, m.precision.amount, m.limits.cost?.min, m.limits.leverage?.max];
    });
    expect(summary).toEqual([
      ["0", 1, 0.00001, 10, 40],
      ["1", 0.1, 0.0001, 10, 25],
      ["2", 0.01, 0.01, 10, 20],
    ]);
  });

  it("serves the book, candles, the funding rate and the balance", async () => {
    const book = await client.fetchOrderBook(BTC);
    const held = fake.exchange.book("BTC", 20)!;
    expect(book.bids.length).toBe(20);
    expect(book.bids[0]![0]).toBe(held.bids[0]!.price);
    expect(book.asks[0]![0]).toBe(held.asks[0]!.price);
    const candles = await client.fetchOHLCV(ETH, "1m", undefined, 5);
    expect(candles).toHaveLength(5);
    expect(candles.map((c) => c[0]! - candles[0]![0]!)).toEqual([0, 60_000, 120_000, 180_000, 240_000]);
    const fiveMinutes = await client.fetchOHLCV(ETH, "5m", undefined, 3);
    expect(fiveMinutes.every((c) => c[0]! % 300_000 === 0)).toBe(true);
    const funding = await client.fetchFundingRate(SOL);
    expect(funding.fundingRate).toBe(Number(fake.exchange.market("SOL")!.sim.fundingRateE8) / 1e8);
    expect(funding.fundingRate).not.toBe(0);
    expect((await client.fetchBalance()).USDC).toMatchObject({ total: 100_000, used: 0 });
  });

  it("sends a market order as an IOC limit at the slippage price, signed by the API wallet, with no builder", async () => {
    const ask = (await client.fetchOrderBook(BTC)).asks[0]![0]!;
    const order = await client.createOrder(BTC, "market", "buy", 0.01, ask);
    const sent = actions(fake).at(-1)!;
    expect(sent.action).toEqual({
      type: "order",
      orders: [{ a: 0, b: true, p: String(Math.round(ask * 1.05)), s: "0.01", r: false, t: { limit: { tif: "Ioc" } } }],
      grouping: "na",
    });
    expect([sent.signer, sent.account, sent.network]).toEqual([agent, HYPERLIQUID_DEMO.address, "mainnet"]);
    expect(sent.response).toEqual({
      status: "ok",
      response: { type: "order", data: { statuses: [{ filled: { totalSz: "0.01", avgPx: String(ask), oid: Number(order.id) } }] } },
    });
    expect(order).toMatchObject({ filled: 0.01, average: ask });
    // ccxt asked to approve its builder at 0% (refused: an API wallet cannot) and so attached none.
    expect(actions(fake).some((r) => r.action.type === "approveBuilderFee" || r.action.type === "setReferrer")).toBe(false);
    expect(client.options.approvedBuilderFee).not.toBe(true);
    const [position] = await client.fetchPositions([BTC]);
    expect(position).toMatchObject({ symbol: BTC, side: "long", contracts: 0.01, entryPrice: ask, leverage: 20 });
    // ccxt's fetchTrades on Hyperliquid reads the account's own fills, as fetchMyTrades does.
    for (const fills of [await client.fetchMyTrades(BTC), await client.fetchTrades(BTC)]) {
      expect(fills.map((f) => [f.price, f.amount, f.side, f.takerOrMaker])).toEqual([[ask, 0.01, "buy", "taker"]]);
    }
  });

  it("rests a limit order, lists it, finds it and cancels it", async () => {
    const bid = (await client.fetchOrderBook(ETH)).bids[3]![0]!;
    const id = (await client.createOrder(ETH, "limit", "buy", 0.05, bid)).id!;
    expect(actions(fake).at(-1)!.action).toEqual({
      type: "order",
      orders: [{ a: 1, b: true, p: String(bid), s: "0.05", r: false, t: { limit: { tif: "Gtc" } } }],
      grouping: "na",
    });
    expect((await client.fetchOpenOrders(ETH)).map((o) => [o.id, o.price, o.amount, o.status])).toEqual([[id, bid, 0.05, "open"]]);
    expect((await client.fetchOrder(id, ETH)).status).toBe("open");
    await client.cancelOrder(id, ETH);
    expect(actions(fake).at(-1)!.action).toEqual({ type: "cancel", cancels: [{ a: 1, o: Number(id) }] });
    expect((await client.fetchOrder(id, ETH)).status).toBe("canceled");
    expect(await client.fetchOpenOrders(ETH)).toEqual([]);
    expect(await rejection(client.cancelOrder(id, ETH))).toBeInstanceOf(OrderNotFound);
  });

  it("sets leverage per market, within the market's maximum", async () => {
    await client.setLeverage(5, SOL);
    expect(actions(fake).at(-1)!.action).toEqual({ type: "updateLeverage", asset: 2, isCross: true, leverage: 5 });
    expect(fake.exchange.leverage(HYPERLIQUID_DEMO.address, fake.exchange.market("SOL")!)).toBe(5);
    const refused = await rejection(client.setLeverage(21, SOL));
    expect(refused.constructor).toBe(ExchangeError);
    expect(refused.message).toContain("Invalid leverage value.");
  });

  it("refuses orders in Hyperliquid's words, which ccxt maps to its exceptions", async () => {
    const book = await client.fetchOrderBook(ETH);
    const [bid, ask] = [book.bids[0]![0]!, book.asks[0]![0]!];
    const cases = [
      [
        () => client.createOrder(ETH, "limit", "buy", 0.05, ask, { postOnly: true }),
        InvalidOrder,
        "Post only order would have immediately matched, bbo was",
        "Alo",
        false,
      ],
      [() => client.createOrder(ETH, "limit", "buy", 0.001, bid), InvalidOrder, "Order must have minimum value of $10. asset=1", "Gtc", false],
      [() => client.createOrder(ETH, "limit", "buy", 1000, bid), InsufficientFunds, "Insufficient margin to place order. asset=1", "Gtc", false],
      [
        () => client.createOrder(ETH, "limit", "buy", 0.05, bid, { reduceOnly: true }),
        InvalidOrder,
        "Reduce only order would increase position. asset=1",
        "Gtc",
        true,
      ],
      [
        () => client.createOrder(ETH, "limit", "buy", 0.05, bid - 50, { timeInForce: "IOC" }),
        InvalidOrder,
        "Order could not immediately match against any resting orders.",
        "Ioc",
        false,
      ],
    ] as const;
    for (const [attempt, kind, words, tif, reduceOnly] of cases) {
      const refused = await rejection(attempt());
      expect(refused).toBeInstanceOf(kind);
      expect(refused.message).toContain(words);
      expect(actions(fake).at(-1)!.action).toMatchObject({ orders: [{ a: 1, b: true, r: reduceOnly, t: { limit: { tif } } }] });
    }
    expect(fake.exchange.openOrders(HYPERLIQUID_DEMO.address)).toEqual([]);
  });

  it("acts only on actions an approved API wallet signed", async () => {
    const stranger = await hyperliquidClient(fake, { privateKey: generatePrivateKey() });
    const unknown = await rejection(stranger.createOrder(SOL, "limit", "buy", 1, 100));
    expect(unknown).toBeInstanceOf(InvalidOrder);
    expect(unknown.message).toContain(`User or API Wallet ${privateKeyToAccount(stranger.privateKey as `0x${string}`).address.toLowerCase()} does not exist.`);
    const owner = await hyperliquidClient(fake, { privateKey: HYPERLIQUID_DEMO.accountPrivateKey });
    expect((await rejection(owner.createOrder(SOL, "limit", "buy", 1, 100))).message).toContain("signed by an approved API wallet");
    // Given the account's own key, ccxt first approves its builder (at 0%): an approval only that key can give.
    const approval = actions(fake).find((r) => r.action.type === "approveBuilderFee");
    expect(approval).toMatchObject({ signer: HYPERLIQUID_DEMO.address, action: { maxFeeRate: "0%" } });

    // A good signature over one action does not carry another.
    const signed = { type: "order", orders: [{ a: 2, b: true, p: "100", s: "1", r: false, t: { limit: { tif: "Gtc" } } }], grouping: "na" };
    const sent = { ...signed, orders: [{ ...signed.orders[0]!, s: "100" }] };
    const nonce = Date.now();
    const response = await fetch(`${fake.url}/exchange`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action: sent, nonce, signature: client.signL1Action(signed, nonce) }),
    });
    const body = (await response.json()) as { status: string; response: string };
    expect(body.status).toBe("err");
    expect(body.response).toMatch(/^User or API Wallet 0x[0-9a-f]{40} does not exist\.$/);
    expect(body.response).not.toContain(agent);
    expect(fake.exchange.openOrders(HYPERLIQUID_DEMO.address)).toEqual([]);
    await Promise.all([stranger.close(), owner.close()]);
  });

  it("refuses a builder fee unless allowed; ccxt left to its defaults also sets its referrer", async () => {
    const strict = await startHyperliquidFake({ autoStep: false });
    const withBuilder = await hyperliquidClient(strict, { options: { approvedBuilderFee: true, builderFee: true } });
    const refused = await rejection(withBuilder.createOrder(SOL, "limit", "buy", 1, 100));
    expect(refused.message).toContain("Builder fee has not been approved.");
    expect(strict.exchange.openOrders(HYPERLIQUID_DEMO.address)).toEqual([]);

    const allowing = await startHyperliquidFake({ autoStep: false, allowBuilder: true });
    const defaults = await hyperliquidClient(allowing, { options: { builderFee: true, refSet: false } });
    const builderClient = await hyperliquidClient(allowing, { options: { approvedBuilderFee: true, builderFee: true } });
    await builderClient.createOrder(SOL, "limit", "buy", 1, 100);
    expect(actions(allowing).at(-1)!.action).toMatchObject({ type: "order", builder: { b: "0x6530512a6c89c7cfcebc3ba7fcd9ada5f30827a6", f: 10 } });
    await defaults.createOrder(SOL, "limit", "buy", 1, 100);
    const types = actions(allowing).map((r) => r.action.type);
    expect(types).toContain("setReferrer");
    expect(actions(allowing).at(-1)!.action).not.toHaveProperty("builder");
    await Promise.all([withBuilder.close(), defaults.close(), builderClient.close()]);
    await Promise.all([strict.close(), allowing.close()]);
  });

  it("answers 429 with Retry-After past its weight per minute, and 503 in maintenance", async () => {
    const limited = await startHyperliquidFake({ autoStep: false, weightPerMinute: 100, clock: manualClock() });
    const reader = await hyperliquidClient(limited, { walletAddress: undefined, privateKey: undefined });
    await reader.loadMarkets();
    await reader.fetchFundingRate(BTC);
    const refused = await rejection(reader.fetchFundingRate(BTC));
    expect(refused).toBeInstanceOf(RateLimitExceeded);
    const raw = await fetch(`${limited.url}/info`, { method: "POST", body: JSON.stringify({ type: "allMids" }) });
    expect([raw.status, Number(raw.headers.get("retry-after")) > 0]).toEqual([429, true]);

    fake.setMaintenance(true);
    expect(await rejection(client.fetchOrderBook(BTC))).toBeInstanceOf(ExchangeNotAvailable);
    fake.setMaintenance(false);
    expect((await client.fetchOrderBook(BTC)).bids.length).toBe(20);
    await reader.close();
    await limited.close();
  });

  it("streams the book and the trades over /ws, and reconnects after a drop", async () => {
    const first = await client.watchOrderBook(BTC);
    expect(first.bids[0]![0]).toBe(fake.exchange.book("BTC", 1)!.bids[0]!.price);
    const updates = await whileStepping(fake, async () => {
      const seen = new Set<number>();
      for (let i = 0; i < 5; i++) seen.add((await client.watchOrderBook(BTC)).timestamp!);
      return seen.size;
    });
    expect(updates).toBeGreaterThan(1);
    const trades = await whileStepping(fake, () => client.watchTrades(BTC));
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.every((t) => t.symbol === BTC && t.price! > 0)).toBe(true);

    fake.dropWebSockets();
    expect(await rejection(client.watchOrderBook(BTC))).toBeInstanceOf(NetworkError);
    const again = await whileStepping(fake, () => client.watchOrderBook(BTC));
    expect(again.bids.length).toBe(20);
  });
});
