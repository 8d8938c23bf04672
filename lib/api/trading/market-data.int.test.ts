import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApi, type TestApi } from "../../testing/api";
import { MARKETS, VENUES } from "../../venues/catalog";
import { BOOK_DEPTH, BOOK_GROUP, CANDLE_LIMIT, STALE_AFTER_MS, TRADES_LIMIT } from "../../trading/market-data/limits";
import { toUnits } from "../../engine/units";
import { aggregatedBook, aggregatedBookJson } from "../../trading/market-data/aggregated-book";
import { envelopeOf, errorEnvelope } from "./envelope";
import { aggregatedBookSchema, candleSchema, routingSchema, tokenPairSchema, tradeSchema } from "../../trading/contract/market-data";

let t: TestApi;
let off: TestApi;
beforeAll(async () => {
  [t, off] = await Promise.all([createTestApi({ VENUES: "embedded" }), createTestApi({ VENUES: "off" })]);
  // A minute of market: quotes on every venue and some trades on the tape.
  step(60_000);
});

/** Moves the market forward: the clock, then the simulated exchange. */
function step(ms: number): void {
  t.clock.advance(ms);
  t.deps.exchange!.advanceTo(t.clock.now());
}
afterAll(() => Promise.all([t.close(), off.close()]));

async function get<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>> {
  const res = await t.request(path);
  const body: unknown = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return schema.parse(body);
}

/** The payload of a successful envelope, parsed with the route's own schema. */
async function data<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>> {
  const envelope = await get(path, envelopeOf(z.unknown()));
  return schema.parse(envelope.data);
}

/** The answer is a 4xx (or the given status) in the error envelope, with a message naming `mentions`. */
async function refused(path: string, status: number, mentions: string | RegExp, api: TestApi = t) {
  const res = await api.request(path);
  const body = errorEnvelope.parse(await res.json());
  expect(res.status).toBe(status);
  expect(body.error).toMatch(mentions);
  return body;
}

const venueNames = VENUES.map((v) => v.name);
const btc = MARKETS.find((m) => m.symbol === "BTC-USD")!;
const ticks = (price: string) => toUnits(price, btc.baseTick);
const lots = (size: string) => toUnits(size, btc.lot);

describe("GET /token-pairs", () => {
  it("lists every market with each venue's terms and the last 24 hours", async () => {
    const pairs = await data("/api/token-pairs", z.array(tokenPairSchema));
    expect(pairs.map((p) => p.symbol)).toEqual(MARKETS.map((m) => m.symbol));
    const pair = pairs[0]!;
    expect(pair).toMatchObject({ symbol: "BTC-USD", base: "BTC", quote: "USD", tickSize: "0.1", lotSize: "0.0001", maxLeverage: 50 });
    expect(pair.venues.map((v) => [v.venue, v.venueSymbol, v.tickSize, v.takerFeeBps])).toEqual([
      ["alder", "BTC-PERP", "0.1", "4"],
      ["birch", "BTCUSDT", "0.2", "5"],
      ["cedar", "BTC_USD_PERP", "0.5", "3"],
    ]);
    for (const p of pairs) {
      expect(Number(p.markPrice)).toBeGreaterThan(0);
      expect(Number(p.indexPrice)).toBeGreaterThan(0);
      expect(Number(p.volume24h)).toBeGreaterThan(0);
      expect(p.change24h).toMatch(/^-?\d+(\.\d{1,2})?$/);
      expect(p.fundingRate).toMatch(/^-?\d+(\.\d+)?$/);
    }
  });

  it("answers 503 in the envelope when the venues are off", async () => {
    const body = await refused("/api/token-pairs", 503, /no venue is connected/, off);
    expect(body.code).toBe("SERVICE_UNAVAILABLE");
  });
});

describe("GET /aggregated/book", () => {
  it("merges the three venues into a sorted, uncrossed book with cumulative totals", async () => {
    const book = await data("/api/aggregated/book?symbol=BTC-USD", aggregatedBookSchema);
    expect(book.depth).toBe(BOOK_DEPTH.default);
    expect(book.bids).toHaveLength(BOOK_DEPTH.default);
    expect(book.asks).toHaveLength(BOOK_DEPTH.default);
    const bidPrices = book.bids.map((l) => ticks(l.price));
    const askPrices = book.asks.map((l) => ticks(l.price));
    expect(bidPrices).toEqual([...bidPrices].sort((a, b) => b - a));
    expect(askPrices).toEqual([...askPrices].sort((a, b) => a - b));
    expect(bidPrices[0]!).toBeLessThan(askPrices[0]!);
    expect(book.bestBid).toBe(book.bids[0]!.price);
    expect(book.bestAsk).toBe(book.asks[0]!.price);
    expect(ticks(book.spread!)).toBe(askPrices[0]! - bidPrices[0]!);
    expect(Number(book.mid)).toBeCloseTo((Number(book.bestBid) + Number(book.bestAsk)) / 2, 6);
    for (const side of [book.bids, book.asks]) {
      let total = 0;
      for (const level of side) {
        const venueLots = Object.values(level.venues).reduce((s, v) => s + lots(v), 0);
        expect(lots(level.size)).toBe(venueLots);
        total += venueLots;
        expect(lots(level.total)).toBe(total);
      }
    }
    expect(book.venues.map((v) => v.venue)).toEqual(venueNames);
    for (const v of book.venues) expect(v).toMatchObject({ stale: false, updatedAt: expect.any(Number) });
    // Deep enough, every venue's quotes show (near the touch a venue may be netted away where books cross).
    const deep = await data(`/api/aggregated/book?symbol=BTC-USD&depth=${BOOK_DEPTH.max}`, aggregatedBookSchema);
    const quoting = new Set([...deep.bids, ...deep.asks].flatMap((l) => Object.keys(l.venues)));
    expect(quoting).toEqual(new Set(venueNames));
  });

  it("groups by a tick multiple: bids round down, asks up, never overlapping", async () => {
    const book = await data("/api/aggregated/book?symbol=BTC-USD&group=100&depth=5", aggregatedBookSchema);
    expect(book).toMatchObject({ group: 100, groupSize: "10" });
    for (const level of [...book.bids, ...book.asks]) expect(ticks(level.price) % 100).toBe(0);
    expect(ticks(book.bids[0]!.price)).toBeLessThanOrEqual(ticks(book.bestBid!));
    expect(ticks(book.asks[0]!.price)).toBeGreaterThanOrEqual(ticks(book.bestAsk!));
    expect(ticks(book.bids[0]!.price)).toBeLessThan(ticks(book.asks[0]!.price));
  });

  it("accepts the documented bounds of depth and group", async () => {
    expect((await data(`/api/aggregated/book?symbol=ETH-USD&depth=1`, aggregatedBookSchema)).bids).toHaveLength(1);
    const deep = await data(`/api/aggregated/book?symbol=ETH-USD&depth=${BOOK_DEPTH.max}`, aggregatedBookSchema);
    expect(deep.bids.length).toBeGreaterThan(BOOK_DEPTH.default);
    expect(deep.bids.length).toBeLessThanOrEqual(BOOK_DEPTH.max);
    const wide = await data(`/api/aggregated/book?symbol=ETH-USD&group=${BOOK_GROUP.max}`, aggregatedBookSchema);
    expect(wide.bids.length).toBeGreaterThan(0);
  });

  it.each([
    ["depth=0", /depth/],
    [`depth=${BOOK_DEPTH.max + 1}`, /depth/],
    ["depth=ten", /depth/],
    ["group=0", /group/],
    [`group=${BOOK_GROUP.max + 1}`, /group/],
    ["group=1.5", /group/],
  ])("refuses %s with 400", async (query, mentions) => {
    const body = await refused(`/api/aggregated/book?symbol=BTC-USD&${query}`, 400, mentions);
    expect(body.code).toBe("BAD_REQUEST");
  });

  it("refuses a missing or unknown symbol", async () => {
    await refused("/api/aggregated/book", 400, /symbol/);
    const body = await refused("/api/aggregated/book?symbol=NOPE-USD", 404, /unknown symbol "NOPE-USD"/);
    expect(body.code).toBe("NOT_FOUND");
  });

  it("flags venues whose book stopped changing as stale", async () => {
    t.clock.advance(STALE_AFTER_MS + 1_000); // time passes but the exchange does not step: no venue updates
    try {
      const book = await data("/api/aggregated/book?symbol=BTC-USD&depth=1", aggregatedBookSchema);
      expect(book.stale).toBe(true);
      for (const v of book.venues) expect(v.ageMs).toBeGreaterThan(STALE_AFTER_MS);
    } finally {
      t.deps.exchange!.advanceTo(t.clock.now());
    }
    expect((await data("/api/aggregated/book?symbol=BTC-USD&depth=1", aggregatedBookSchema)).stale).toBe(false);
  });

  it("serializes the same book as the view, and reads the books again once a venue announces a change", async () => {
    const src = { venues: t.deps.venues, now: () => t.clock.now() };
    const query = { depth: 20, group: 2 };
    expect(JSON.parse(aggregatedBookJson(src, "BTC-USD", query))).toEqual(aggregatedBook(src, "BTC-USD", query));
    const before = await data("/api/aggregated/book?symbol=BTC-USD&depth=20&group=2", aggregatedBookSchema);
    step(250);
    const after = await data("/api/aggregated/book?symbol=BTC-USD&depth=20&group=2", aggregatedBookSchema);
    expect(after.time).toBe(before.time + 250);
    expect(after.venues.map((v) => v.updatedAt)).not.toEqual(before.venues.map((v) => v.updatedAt));
    expect(after).toEqual(aggregatedBook(src, "BTC-USD", query));
    const res = await t.request("/api/aggregated/book?symbol=BTC-USD", { headers: { "x-request-id": "req-book-1" } });
    expect(res.headers.get("x-request-id")).toBe("req-book-1");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("answers 503 when the venues are off", async () => {
    await refused("/api/aggregated/book?symbol=BTC-USD", 503, /no venue/, off);
  });
});

describe("GET /aggregated/candles", () => {
  const candles = (query: string) => get(`/api/aggregated/candles?${query}`, z.array(candleSchema));

  it("is a raw array of OHLCV candles, oldest first, the current one last", async () => {
    const list = await candles("symbol=BTC-USD");
    expect(list).toHaveLength(CANDLE_LIMIT.default);
    const minute = 60_000;
    expect(list.at(-1)!.time).toBe(Math.floor(t.clock.now() / minute) * minute);
    for (const [i, c] of list.entries()) {
      if (i > 0) expect(c.time - list[i - 1]!.time).toBe(minute);
      const [open, high, low, close] = [c.open, c.high, c.low, c.close].map(ticks) as [number, number, number, number];
      expect(low).toBeLessThanOrEqual(Math.min(open, close));
      expect(high).toBeGreaterThanOrEqual(Math.max(open, close));
      expect(lots(c.volume)).toBeGreaterThanOrEqual(0);
    }
  });

  it.each([
    ["5m", 300_000],
    ["15m", 900_000],
    ["1h", 3_600_000],
    ["4h", 14_400_000],
    ["1d", 86_400_000],
  ])("aligns %s candles to the interval in UTC", async (interval, ms) => {
    const list = await candles(`symbol=SOL-USD&interval=${interval}&limit=5`);
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(5);
    for (const c of list) expect(c.time % ms).toBe(0);
  });

  it("accepts limits from 1 to the maximum", async () => {
    expect(await candles("symbol=BTC-USD&limit=1")).toHaveLength(1);
    expect(await candles(`symbol=BTC-USD&interval=1m&limit=${CANDLE_LIMIT.max}`)).toHaveLength(CANDLE_LIMIT.max);
    // Seven days of history hold fewer daily candles than asked for.
    const daily = await candles(`symbol=BTC-USD&interval=1d&limit=${CANDLE_LIMIT.max}`);
    expect(daily.length).toBeGreaterThanOrEqual(7);
    expect(daily.length).toBeLessThanOrEqual(9);
  });

  it.each([
    ["interval=2m", /interval/],
    ["limit=0", /limit/],
    [`limit=${CANDLE_LIMIT.max + 1}`, /limit/],
  ])("refuses %s with 400 in the envelope", async (query, mentions) => {
    await refused(`/api/aggregated/candles?symbol=BTC-USD&${query}`, 400, mentions);
  });

  it("refuses an unknown symbol, and answers 503 when the venues are off", async () => {
    await refused("/api/aggregated/candles?symbol=FOO", 404, /unknown symbol/);
    await refused("/api/aggregated/candles?symbol=BTC-USD", 503, /no venue/, off);
  });
});

describe("GET /aggregated/routing", () => {
  const routing = (query: string) => data(`/api/aggregated/routing?${query}`, routingSchema);

  it("recommends the venue with the best price after fees for one lot when no quantity is given", async () => {
    const r = await routing("symbol=BTC-USD&side=BUY");
    expect(r).toMatchObject({ quantity: btc.lot, quantityGiven: false, filled: btc.lot, complete: true });
    expect(r.legs).toHaveLength(1);
    const best = r.venues.reduce((a, b) => (Number(a.bestPriceAfterFee) <= Number(b.bestPriceAfterFee) ? a : b));
    expect(r.bestVenue).toBe(best.venue);
    expect(r.legs[0]!.venue).toBe(best.venue);
  });

  it.each(["BUY", "SELL"] as const)("splits a large %s across venues no worse than the best single venue", async (side) => {
    const r = await routing(`symbol=BTC-USD&side=${side}&quantity=20`);
    expect(r).toMatchObject({ side, quantity: "20", quantityGiven: true, complete: true, filled: "20" });
    expect(r.legs.reduce((s, l) => s + lots(l.size), 0)).toBe(lots("20"));
    expect(new Set(r.legs.map((l) => l.venue)).size).toBe(r.legs.length);
    for (const leg of r.legs) {
      // The worst price bounds the leg's average: it is the leg's limit.
      if (side === "BUY") expect(Number(leg.worstPrice)).toBeGreaterThanOrEqual(Number(leg.avgPrice));
      else expect(Number(leg.worstPrice)).toBeLessThanOrEqual(Number(leg.avgPrice));
    }
    const completeAlone = r.venues.filter((v) => v.complete);
    const bestAlone = completeAlone.map((v) => Number(v.avgPriceAfterFee)).reduce((a, b) => (side === "BUY" ? Math.min(a, b) : Math.max(a, b)));
    if (side === "BUY") expect(Number(r.avgPriceAfterFees)).toBeLessThanOrEqual(bestAlone + 1e-6);
    else expect(Number(r.avgPriceAfterFees)).toBeGreaterThanOrEqual(bestAlone - 1e-6);
    expect(Number(r.savingVsBestVenue)).toBeGreaterThanOrEqual(0);
    expect(Number(r.fees)).toBeGreaterThan(0);
    expect(r.slippageBps).toMatch(/^-?\d+(\.\d{1,2})?$/);
  });

  it("says how much a quantity beyond every book can fill", async () => {
    const r = await routing("symbol=BTC-USD&side=SELL&quantity=100000");
    expect(r.complete).toBe(false);
    expect(lots(r.filled)).toBeLessThan(lots("100000"));
    expect(r.savingVsBestVenue).toBeNull();
  });

  it.each([
    ["side=HOLD", 400, /side/],
    ["", 400, /side/],
    ["side=BUY&quantity=0.00001", 400, /multiple of the lot size 0.0001/],
    ["side=BUY&quantity=0", 400, /positive/],
    ["side=BUY&quantity=-1", 400, /quantity/],
    ["side=BUY&quantity=1e3", 400, /quantity/],
  ])("refuses %s", async (query, status, mentions) => {
    await refused(`/api/aggregated/routing?symbol=BTC-USD&${query}`, status, mentions);
  });

  it("refuses an unknown symbol, and answers 503 when the venues are off", async () => {
    await refused("/api/aggregated/routing?symbol=btc&side=BUY", 404, /unknown symbol/);
    await refused("/api/aggregated/routing?symbol=BTC-USD&side=BUY", 503, /no venue/, off);
  });
});

describe("GET /trades/{symbol}", () => {
  it("lists the newest trades across venues, newest first", async () => {
    const trades = await data("/api/trades/BTC-USD", z.array(tradeSchema));
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.length).toBeLessThanOrEqual(TRADES_LIMIT.default);
    const times = trades.map((tr) => tr.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const tr of trades) {
      expect(venueNames).toContain(tr.venue);
      expect(["BUY", "SELL"]).toContain(tr.side);
      expect(ticks(tr.price)).toBeGreaterThan(0);
      expect(lots(tr.size)).toBeGreaterThan(0);
    }
  });

  it("accepts limits from 1 to the maximum", async () => {
    expect(await data("/api/trades/BTC-USD?limit=1", z.array(tradeSchema))).toHaveLength(1);
    const many = await data(`/api/trades/BTC-USD?limit=${TRADES_LIMIT.max}`, z.array(tradeSchema));
    expect(many.length).toBeLessThanOrEqual(TRADES_LIMIT.max);
  });

  it.each([["limit=0"], [`limit=${TRADES_LIMIT.max + 1}`], ["limit=many"]])("refuses %s with 400", async (query) => {
    await refused(`/api/trades/BTC-USD?${query}`, 400, /limit/);
  });

  it("refuses an unknown symbol, and answers 503 when the venues are off", async () => {
    await refused("/api/trades/DOGE-EUR", 404, /unknown symbol/);
    await refused("/api/trades/BTC-USD", 503, /no venue/, off);
  });
});

describe("OpenAPI", () => {
  it("documents every market-data operation with its answer", async () => {
    const doc = (await (await t.request("/api/openapi.json")).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    for (const path of [
      "/token-pairs",
      "/aggregated/book",
      "/aggregated/candles",
      "/aggregated/routing",
      "/trades/{symbol}",
      "/aggregated/book/stream",
      "/aggregated/candles/stream",
      "/trades/{symbol}/stream",
    ]) {
      expect(doc.paths[path]?.get?.responses).toHaveProperty("200");
      expect(doc.paths[path]?.get?.responses).toHaveProperty("503");
    }
  });
});
