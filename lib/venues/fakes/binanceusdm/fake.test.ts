import {
  AuthenticationError,
  BadRequest,
  DDoSProtection,
  ExchangeError,
  InsufficientFunds,
  InvalidNonce,
  InvalidOrder,
  NetworkError,
  OnMaintenance,
  OrderNotFillable,
  OrderNotFound,
} from "ccxt";
import { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { manualClock } from "../../../clock";
import type { VenueFake } from "../core/venue-fake";
import { BINANCE_USDM_DEMO } from "../demo-accounts";
import { binanceUsdmClient, useUsdmErrorTable } from "../testing-clients";
import { rejection, whileStepping } from "../test-support";
import { startBinanceUsdmFake } from "./fake";
import type { BinanceUsdmReceived } from "./venue";

const BTC = "BTC/USDT:USDT";
const ETH = "ETH/USDT:USDT";
const SOL = "SOL/USDT:USDT";
const EIGHT_HOURS = 8 * 3_600_000;

type Client = Awaited<ReturnType<typeof binanceUsdmClient>>;

const orders = (fake: VenueFake<BinanceUsdmReceived>) => fake.received.filter((r) => r.method === "POST" && r.path === "/fapi/v1/order");

describe("the Binance USDⓈ-M fake, through ccxt", () => {
  // One fake and one client with Binance's own error table, shared by the tests in order.
  let fake: VenueFake<BinanceUsdmReceived>, client: Client;
  beforeAll(async () => {
    fake = await startBinanceUsdmFake({ autoStep: false, seed: 5 });
    client = useUsdmErrorTable(await binanceUsdmClient(fake));
    await client.loadMarkets();
  });
  afterAll(() => Promise.all([client.close(), fake.close()]));

  it("lists the perpetuals with Binance's tick, step and minimum notional", () => {
    const listed = (price: number, amount: number, minCost: number) => ({
      precision: { price, amount },
      limits: { cost: { min: minCost } },
      swap: true,
      linear: true,
    });
    expect(client.market(BTC)).toMatchObject({ id: "BTCUSDT", ...listed(0.1, 0.001, 100) });
    expect(client.market(ETH)).toMatchObject({ id: "ETHUSDT", ...listed(0.01, 0.001, 20) });
    expect(client.market(SOL)).toMatchObject({ id: "SOLUSDT", ...listed(0.01, 1, 5) });
  });

  it("serves depth with its update id, trades, klines, the funding rate and the balance", async () => {
    const book = await client.fetchOrderBook(BTC, 5);
    const held = fake.exchange.book("BTCUSDT", 5)!;
    expect([book.nonce, book.bids[0]![0], book.asks[0]![0], book.bids.length]).toEqual([held.updateId, held.bids[0]!.price / 10, held.asks[0]!.price / 10, 5]);
    const trades = await client.fetchTrades(BTC, undefined, 10);
    const tape = fake.exchange.trades("BTCUSDT", 10).reverse();
    expect(trades.map((t) => [t.id, t.side])).toEqual(tape.map((t) => [t.id, t.side === "BUY" ? "buy" : "sell"]));
    const minutes = await client.fetchOHLCV(ETH, "1m", undefined, 5);
    expect(minutes.map((c) => c[0]! - minutes[0]![0]!)).toEqual([0, 60_000, 120_000, 180_000, 240_000]);
    const hours = await client.fetchOHLCV(ETH, "1h", undefined, 2);
    expect(hours.every((c) => c[0]! % 3_600_000 === 0)).toBe(true);
    const funding = await client.fetchFundingRate(SOL);
    const sol = fake.exchange.market("SOLUSDT")!.sim;
    expect(funding.fundingRate).toBeCloseTo((Number(sol.fundingRateE8) * 8) / 1e8, 12);
    expect([funding.markPrice, (funding.fundingTimestamp ?? 0) % EIGHT_HOURS]).toEqual([sol.markPrice / 100, 0]);
    expect((await client.fetchBalance()).USDT).toMatchObject({ total: 100_000, free: 100_000 });
  });

  it("places market and limit orders signed with the API key and with a client order id of its own", async () => {
    const ask = (await client.fetchOrderBook(BTC, 5)).asks[0]![0]!;
    const market = await client.createOrder(BTC, "market", "buy", 0.01);
    expect(market).toMatchObject({ status: "closed", filled: 0.01, average: ask });
    const sent = orders(fake).at(-1)!;
    expect(sent.apiKey).toBe(BINANCE_USDM_DEMO.apiKey);
    expect(sent.params).toMatchObject({ symbol: "BTCUSDT", side: "BUY", type: "MARKET", quantity: "0.01", newOrderRespType: "RESULT" });
    expect(sent.params.newClientOrderId).toMatch(/^bourse-/);
    expect(Object.keys(sent.params).sort()).toEqual(["newClientOrderId", "newOrderRespType", "quantity", "recvWindow", "side", "symbol", "timestamp", "type"]);
    const [position] = await client.fetchPositions([BTC]);
    expect(position).toMatchObject({ symbol: BTC, side: "long", contracts: 0.01, entryPrice: ask });

    const bid = (await client.fetchOrderBook(ETH, 5)).bids[3]![0]!;
    const id = (await client.createOrder(ETH, "limit", "buy", 0.05, bid)).id!;
    expect(orders(fake).at(-1)!.params).toMatchObject({ symbol: "ETHUSDT", type: "LIMIT", price: String(bid), quantity: "0.05", timeInForce: "GTC" });
    expect((await client.fetchOpenOrders(ETH)).map((o) => [o.id, o.price, o.amount, o.status])).toEqual([[id, bid, 0.05, "open"]]);
    expect((await client.fetchOrder(id, ETH)).status).toBe("open");
    expect((await client.cancelOrder(id, ETH)).status).toBe("canceled");
    expect(await client.fetchOpenOrders(ETH)).toEqual([]);
    expect(await rejection(client.cancelOrder(id, ETH))).toBeInstanceOf(OrderNotFound);
  });

  it("sets leverage per market, within the market's maximum", async () => {
    await client.setLeverage(10, SOL);
    expect(fake.received.at(-1)).toMatchObject({ method: "POST", path: "/fapi/v1/leverage", params: { symbol: "SOLUSDT", leverage: "10" } });
    expect(fake.exchange.leverage(BINANCE_USDM_DEMO.apiKey, fake.exchange.market("SOLUSDT")!)).toBe(10);
    const refused = await rejection(client.setLeverage(101, SOL));
    expect(refused).toBeInstanceOf(BadRequest);
    expect(refused.message).toContain('"code":-4028');
  });

  it("refuses orders with Binance's codes, which ccxt maps once it has the USDⓈ-M error table", async () => {
    const book = await client.fetchOrderBook(ETH, 5);
    const [bid, ask] = [book.bids[0]![0]!, book.asks[0]![0]!];
    const cases = [
      [() => client.createOrder(ETH, "limit", "buy", 0.05, ask, { postOnly: true }), OrderNotFillable, -5022],
      [() => client.createOrder(ETH, "limit", "buy", 0.001, bid), InvalidOrder, -4164],
      [() => client.createOrder(ETH, "limit", "buy", 1000, bid), InsufficientFunds, -2019],
      [() => client.createOrder(ETH, "limit", "buy", 0.05, bid, { reduceOnly: true }), InvalidOrder, -2022],
    ] as const;
    for (const [attempt, kind, code] of cases) {
      const refused = await rejection(attempt());
      expect(refused).toBeInstanceOf(kind);
      expect(refused.message).toContain(`"code":${code}`);
    }
    // Without the table (any base URL but Binance's own) ccxt raises a bare ExchangeError.
    const bare = await binanceUsdmClient(fake);
    expect((await rejection(bare.createOrder(ETH, "limit", "buy", 1000, bid))).constructor).toBe(ExchangeError);
    expect(fake.exchange.openOrders(BINANCE_USDM_DEMO.apiKey)).toEqual([]);
    await bare.close();
  });

  it("checks the API key, the signature and the timestamp", async () => {
    const attempts = [
      [{ secret: "not-the-secret" }, AuthenticationError, -1022],
      [{ apiKey: "A".repeat(64) }, AuthenticationError, -2015],
      [{ apiKey: "short" }, AuthenticationError, -2014],
    ] as const;
    for (const [credentials, kind, code] of attempts) {
      const other = await binanceUsdmClient(fake, credentials);
      const refused = await rejection(other.fetchBalance());
      expect(refused).toBeInstanceOf(kind);
      expect(refused.message).toContain(`"code":${code}`);
      await other.close();
    }
    const behind = await startBinanceUsdmFake({ autoStep: false, clock: { now: () => Date.now() - 60_000 } });
    const early = await binanceUsdmClient(behind);
    const refused = await rejection(early.fetchBalance());
    expect(refused).toBeInstanceOf(InvalidNonce);
    expect(refused.message).toContain("Timestamp for this request was 1000ms ahead of the server's time.");
    await early.close();
    await behind.close();
  });

  it("refuses a broker-prefixed client order id unless allowed", async () => {
    const defaults = await binanceUsdmClient(fake, { options: { broker: undefined } });
    const bid = (await client.fetchOrderBook(SOL, 5)).bids[3]![0]!;
    const refused = await rejection(defaults.createOrder(SOL, "limit", "buy", 1, bid));
    expect(refused).toBeInstanceOf(BadRequest);
    expect(refused.message).toContain('{"code":-4015,"msg":"Client order id is not valid."}');
    await client.createOrder(SOL, "limit", "buy", 1, bid, { clientOrderId: "desk-order-1" });
    expect(orders(fake).at(-1)!.params.newClientOrderId).toBe("desk-order-1");
    await client.cancelOrder("", SOL, { clientOrderId: "desk-order-1" });

    const allowing = await startBinanceUsdmFake({ autoStep: false, allowBrokerIds: true });
    const broker = await binanceUsdmClient(allowing, { options: { broker: undefined } });
    await broker.createOrder(SOL, "limit", "buy", 1, bid);
    expect(orders(allowing).at(-1)!.params.newClientOrderId).toMatch(/^x-/);
    await Promise.all([defaults.close(), broker.close()]);
    await allowing.close();
  });

  it("answers 429 with Retry-After past its weight per minute, and 503 in maintenance", async () => {
    const limited = await startBinanceUsdmFake({ autoStep: false, weightPerMinute: 25, clock: manualClock() });
    const reader = await binanceUsdmClient(limited, { apiKey: undefined, secret: undefined });
    await reader.loadMarkets();
    await reader.fetchOrderBook(BTC, 1000);
    expect(await rejection(reader.fetchOrderBook(BTC, 1000))).toBeInstanceOf(DDoSProtection);
    const raw = await fetch(`${limited.url}/fapi/v1/depth?symbol=BTCUSDT&limit=1000`);
    expect([raw.status, Number(raw.headers.get("retry-after")) > 0, raw.headers.get("x-mbx-used-weight-1m")]).toEqual([429, true, "21"]);
    expect(await raw.json()).toMatchObject({ code: -1003 });

    fake.setMaintenance(true);
    expect(await rejection(client.fetchOrderBook(BTC))).toBeInstanceOf(OnMaintenance);
    fake.setMaintenance(false);
    expect((await client.fetchOrderBook(BTC, 5)).bids.length).toBe(5);
    await reader.close();
    await limited.close();
  });

  it("streams depth diffs that join the snapshot, trades, and reconnects after a drop", async () => {
    await whileStepping(fake, () => client.watchOrderBook(BTC));
    // A step need not touch BTC's book, and diffs sent before the stepping stopped may still be on the way:
    // step until the book moves, then let ccxt's book (the object watchOrderBook returns) take that move.
    const before = fake.exchange.book("BTCUSDT", 10)!.updateId;
    while (fake.exchange.book("BTCUSDT", 10)!.updateId === before) fake.step();
    const held = fake.exchange.book("BTCUSDT", 10)!;
    const watched = await client.watchOrderBook(BTC);
    await vi.waitFor(() => expect(watched.nonce).toBe(held.updateId), { timeout: 5_000 });
    expect(watched.bids.slice(0, 10)).toEqual(held.bids.map((l) => [l.price / 10, l.size / 1000]));
    expect(watched.asks.slice(0, 10)).toEqual(held.asks.map((l) => [l.price / 10, l.size / 1000]));
    const trades = await whileStepping(fake, () => client.watchTrades(BTC));
    expect(trades.length).toBeGreaterThan(0);

    fake.dropWebSockets();
    expect(await rejection(client.watchOrderBook(BTC))).toBeInstanceOf(NetworkError);
    const again = await whileStepping(fake, () => client.watchOrderBook(BTC));
    expect(again.bids.length).toBeGreaterThan(0);
  });

  it("wraps combined streams as {stream, data}", async () => {
    const socket = new WebSocket(`${fake.wsUrl}/stream?streams=ethusdt@aggTrade/ethusdt@markPrice/ethusdt@kline_1m`);
    const seen = new Set<string>();
    await new Promise<void>((resolve, reject) => {
      socket.on("error", reject);
      socket.on("open", () => {
        for (let i = 0; i < 10; i++) fake.step();
      });
      socket.on("message", (data) => {
        const message = JSON.parse(String(data)) as { stream: string; data: { e: string; s: string } };
        expect(message.data.s).toBe("ETHUSDT");
        seen.add(`${message.stream} ${message.data.e}`);
        if (seen.size === 3) resolve();
      });
    });
    expect([...seen].sort()).toEqual(["ethusdt@aggTrade aggTrade", "ethusdt@kline_1m kline", "ethusdt@markPrice markPriceUpdate"]);
    socket.terminate();
  });
});
