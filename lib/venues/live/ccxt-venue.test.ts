import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveVenueConfig } from "../../config";
import { silentLogger } from "../../log";
import { type HyperliquidReceived, startHyperliquidFake, type VenueFake } from "../fakes";
import { whileStepping } from "../fakes/test-support";
import { VenueRefusal, type VenueEvent } from "../venue";
import { CcxtVenue, type CcxtVenueOptions } from "./ccxt-venue";
import type { VenueAccountDirectory } from "./credentials";
import { failOnUnhandledRejections, until } from "./live-test-support";

const settings = (url: string): LiveVenueConfig => ({ name: "hyperliquid", network: "testnet", url, brokerId: undefined, builderFee: undefined });

/** Quick to retry, quick to notice the venue gone. */
const fast = (url: string, extra: Partial<CcxtVenueOptions> = {}): CcxtVenueOptions => ({
  settings: settings(url),
  now: Date.now,
  log: silentLogger,
  staleAfterMs: 400,
  pollMs: 50,
  tickerPollMs: 100,
  retry: { initialBackoffMs: 20, maxBackoffMs: 100, failuresBeforePolling: 2, websocketRetryMs: 60_000 },
  ...extra,
});

/** The /info requests of a type the fake answered since `from`. */
const infoRequests = (fake: VenueFake<HyperliquidReceived>, type: string, from = 0) =>
  fake.received.slice(from).filter((r) => r.endpoint === "info" && r.request.type === type);

failOnUnhandledRejections();

describe("CcxtVenue against the Hyperliquid fake", () => {
  let fake: VenueFake<HyperliquidReceived>;
  let venue: CcxtVenue;
  const events: VenueEvent[] = [];

  beforeAll(async () => {
    // Markets move only when the test steps them, so the fake's book can be compared with ours.
    fake = await startHyperliquidFake({ autoStep: false, seed: 5 });
    venue = await CcxtVenue.open(fast(fake.url));
    venue.subscribe((e) => events.push(e));
  });
  afterAll(async () => {
    await venue?.stop();
    await fake?.close();
  });

  it("loads the venue's perpetuals onto the catalog with exact ticks and lots", () => {
    const markets = venue.markets();
    expect(markets.map((m) => m.symbol)).toEqual(["BTC-USD", "ETH-USD", "SOL-USD"]);
    // BTC: the venue's tick 1 is ten base ticks of 0.1; its size step 0.00001 is finer than the lot 0.0001.
    expect(markets[0]).toMatchObject({ venueSymbol: "0", tickMultiple: 10, lotMultiple: 1, maxLeverage: 40, takerFeeBps: "4.5", makerFeeBps: "1.5" });
    // ETH: tick 0.1 over the base 0.01; SOL: 0.01 over 0.001, lot 0.01 the catalog's.
    expect(markets[1]).toMatchObject({ venueSymbol: "1", tickMultiple: 10, lotMultiple: 1, maxLeverage: 25 });
    expect(markets[2]).toMatchObject({ venueSymbol: "2", tickMultiple: 10, lotMultiple: 1, maxLeverage: 20 });
    expect(infoRequests(fake, "metaAndAssetCtxs").length).toBeGreaterThan(0);
  });

  it("keeps the book in memory from the websocket, converted exactly, and announces each update", async () => {
    const held = fake.exchange.book("BTC", 5)!;
    const book = await until("a BTC book", () => venue.book("BTC-USD", 5));
    // Venue ticks of 1 as base ticks of 0.1; sizes in lots of 0.0001 (the fake's BTC sizes are whole lots of its 0.00001).
    const asBase = (levels: readonly { price: number; size: number }[]) => levels.map((l) => [l.price * 10, Math.floor(l.size / 10)]);
    expect(book.bids).toEqual(asBase(held.bids));
    expect(book.asks).toEqual(asBase(held.asks));
    expect(fake.openWebSockets()).toBe(1);
    await whileStepping(fake, () => until("a book event", () => events.some((e) => e.type === "book" && e.symbol === "ETH-USD" && e.venue === "hyperliquid")));
    expect(venue.status().state).toBe("live");
    // Over the websocket: no book was polled.
    expect(infoRequests(fake, "l2Book")).toEqual([]);
  });

  it("reads marks, index prices and hourly funding from the funding rates", async () => {
    const sol = fake.exchange.market("SOL")!.sim;
    expect(sol.fundingRateE8).not.toBe(0n);
    // Until the first read the ticker is the book's mid, without funding.
    const ticker = await until("a SOL mark from the funding rates", () => venue.ticker("SOL-USD")?.fundingRateE8 !== 0n && venue.ticker("SOL-USD"));
    expect(ticker).toMatchObject({ markPrice: sol.markPrice * 10, indexPrice: sol.indexPrice * 10, fundingRateE8: sol.fundingRateE8 });
    expect(infoRequests(fake, "metaAndAssetCtxs").length).toBeGreaterThan(1);
  });

  it("polls the books over REST while the websocket is refused, and goes back to it", async () => {
    const from = fake.received.length;
    fake.refuseWebSockets(true);
    try {
      await whileStepping(fake, () => until("BTC books polled", () => infoRequests(fake, "l2Book", from).length >= 3));
      expect(venue.status().state).toBe("live");
    } finally {
      fake.refuseWebSockets(false);
    }
  });

  it("shows as down when the venue stops answering, and live again when it is back", async () => {
    await whileStepping(fake, async () => {
      fake.setMaintenance(true);
      try {
        const down = await until("the venue down", () => (venue.status().state === "down" ? venue.status() : undefined), 3_000);
        expect(down.reason).toMatch(/503|maintenance|unavailable/i);
      } finally {
        fake.setMaintenance(false);
      }
      await until("the venue live again", () => venue.status().state === "live", 3_000);
    });
  });

  it("refuses an owner's account calls without a linked account, naming the venue to link", async () => {
    const order = { symbol: "BTC-USD", side: "BUY", type: "LIMIT", size: 10, price: 642_500, timeInForce: "GTC" } as const;
    expect(await venue.place("own_1", order)).toMatchObject({ ok: false, code: "ACCOUNT_NOT_LINKED", message: expect.stringMatching(/hyperliquid/) });
    expect(await venue.setLeverage("own_1", "BTC-USD", 5)).toMatchObject({ ok: false, code: "ACCOUNT_NOT_LINKED" });
    expect(await venue.positions("own_1")).toEqual([]);
    expect(await venue.openOrders("own_1")).toEqual([]);
    await expect(venue.balance("own_1")).rejects.toSatisfy((e) => e instanceof VenueRefusal && e.code === "ACCOUNT_NOT_LINKED");
  });

  it("refuses orders off the venue's grid before they reach it", async () => {
    const offTick = await venue.place("own_1", { symbol: "BTC-USD", side: "BUY", type: "LIMIT", size: 10, price: 642_501 });
    expect(offTick).toMatchObject({ ok: false, code: "INVALID_ORDER", message: expect.stringMatching(/steps of 10 base ticks/) });
    expect(await venue.place("own_1", { symbol: "LINK-USD", side: "BUY", type: "MARKET", size: 1, protectionPrice: 1 })).toMatchObject({
      code: "UNKNOWN_SYMBOL",
    });
    expect(fake.received.some((r) => r.endpoint === "exchange")).toBe(false);
  });
});

describe("a real venue's websocket that drops", () => {
  it("goes stale while it reconnects, comes back live, and leaves no rejection unhandled however often it drops", async () => {
    const fake = await startHyperliquidFake({ stepMs: 20 });
    // Never falls back to polling: the books come from the websocket or not at all.
    const venue = await CcxtVenue.open(
      fast(fake.url, { retry: { initialBackoffMs: 5, maxBackoffMs: 40, failuresBeforePolling: 1_000, websocketRetryMs: 60_000 } }),
    );
    try {
      await until("live", () => venue.status().state === "live");
      fake.refuseWebSockets(true);
      const stale = await until("stale", () => (venue.status().state !== "live" ? venue.status() : undefined));
      expect(stale).toMatchObject({ state: "stale", reason: expect.stringMatching(/^websocket reconnecting: /) });
      fake.refuseWebSockets(false);
      await until("live again", () => venue.status().state === "live");

      // Drops at every moment of the reconnection, subscriptions queued or in flight included.
      for (let i = 0; i < 150; i++) {
        fake.dropWebSockets();
        await new Promise((r) => setTimeout(r, 2 + (i % 11)));
      }
      await until("live after the drops", () => venue.status().state === "live");
      expect(fake.openWebSockets()).toBe(1);
    } finally {
      await venue.stop();
      await fake.close();
    }
  }, 20_000);
});

describe("CcxtVenue accounts", () => {
  it("asks the directory for the owner's credentials, and again after it announced a change", async () => {
    const fake = await startHyperliquidFake({ autoStep: false });
    const asked: string[] = [];
    const listeners: ((owner: string, venue: string) => void)[] = [];
    const directory: VenueAccountDirectory = {
      credentials: async (owner, v) => {
        asked.push(`${owner}/${v}`);
        return undefined;
      },
      onChange: (l) => {
        listeners.push(l);
        return () => listeners.splice(listeners.indexOf(l), 1);
      },
    };
    const venue = await CcxtVenue.open(fast(fake.url, { accounts: directory }));
    try {
      await venue.positions("own_a");
      await venue.positions("own_a");
      expect(asked).toEqual(["own_a/hyperliquid"]);
      for (const l of listeners) l("own_a", "hyperliquid");
      await venue.positions("own_a");
      expect(asked).toEqual(["own_a/hyperliquid", "own_a/hyperliquid"]);
    } finally {
      await venue.stop();
      await fake.close();
    }
    expect(listeners).toHaveLength(0);
  });
});

describe("CcxtVenue.open", () => {
  it("refuses a venue ccxt does not have, or one lacking what the adapter needs, before any request", async () => {
    await expect(CcxtVenue.open(fast("http://127.0.0.1:9", { settings: { ...settings("http://127.0.0.1:9"), name: "nosuchvenue" } }))).rejects.toThrow(
      /nosuchvenue is not a ccxt exchange id/,
    );
    await expect(CcxtVenue.open(fast("http://127.0.0.1:9", { settings: { ...settings("http://127.0.0.1:9"), name: "kraken" } }))).rejects.toThrow(
      /kraken lacks what the adapter needs in ccxt: swap, setLeverage/,
    );
  });

  it("says where the markets could not be loaded from", async () => {
    const fake = await startHyperliquidFake({ autoStep: false });
    const url = fake.url;
    await fake.close();
    await expect(CcxtVenue.open(fast(url))).rejects.toThrow(new RegExp(`hyperliquid's markets could not be loaded from ${url}`));
  });
});
