// Public market data under /fapi/v1 and /fapi/v2, as ccxt's binanceusdm reads it.
import { formatAtoms } from "../../../engine/accounts/market-units";
import { intervalMs, mergeCandles } from "../core/candle-intervals";
import type { FakeMarket } from "../core/fake-market";
import type { FakeResponse } from "../core/fake-server";
import { priceText, sizeText } from "../core/wire-units";
import { type BinanceCall, limitParam, marketsParam, ok, optionalTime, type Route, weightByLimit, withMarket } from "./route";
import { aggTrade, binanceError, exchangeInfoSymbol, funding, kline, premiumIndex } from "./wire";

const DAY = 86_400_000;
const EIGHT_HOURS = 8 * 3_600_000;

/** Answers with one row per selected market: an array without `symbol`, the row alone with it. */
const perMarket =
  (row: (call: BinanceCall, market: FakeMarket) => unknown) =>
  (call: BinanceCall): FakeResponse => {
    const markets = marketsParam(call);
    if (!Array.isArray(markets)) return markets;
    return ok(call.params.has("symbol") ? row(call, markets[0]!) : markets.map((m) => row(call, m)));
  };

const symbolWeight = (withSymbol: number, without: number) => (params: URLSearchParams) => (params.has("symbol") ? withSymbol : without);

function exchangeInfo(call: BinanceCall): FakeResponse {
  return ok({
    timezone: "UTC",
    serverTime: call.now,
    futuresType: "U_MARGINED",
    rateLimits: [
      { rateLimitType: "REQUEST_WEIGHT", interval: "MINUTE", intervalNum: 1, limit: call.venue.settings.weightPerMinute },
      { rateLimitType: "ORDERS", interval: "MINUTE", intervalNum: 1, limit: 1200 },
      { rateLimitType: "ORDERS", interval: "SECOND", intervalNum: 10, limit: 300 },
    ],
    exchangeFilters: [],
    assets: [{ asset: "USDT", marginAvailable: true, autoAssetExchange: "-10000" }],
    symbols: call.venue.exchange.marketList().map(exchangeInfoSymbol),
  });
}

const depth = withMarket((call, market) => {
  const book = market.sim.book.snapshot(limitParam(call, 500, 1000));
  const level = (l: { price: number; size: number }) => [priceText(market.spec, l.price), sizeText(market.spec, l.size)];
  return ok({ lastUpdateId: book.updateId, E: call.now, T: call.now, bids: book.bids.map(level), asks: book.asks.map(level) });
});

/** The tape between the optional start and end times, oldest first, at most `limit` trades (the latest ones). */
function tape(call: BinanceCall, market: FakeMarket) {
  const from = optionalTime(call, "startTime") ?? 0;
  const to = optionalTime(call, "endTime") ?? Number.MAX_SAFE_INTEGER;
  const limit = limitParam(call, 500, 1000);
  return call.venue.exchange
    .trades(market.spec.id, 2_000)
    .filter((t) => t.time >= from && t.time <= to)
    .slice(0, limit)
    .reverse();
}

const trades = withMarket((call, market) =>
  ok(
    tape(call, market).map((t) => ({
      id: Number(t.id),
      price: priceText(market.spec, t.price),
      qty: sizeText(market.spec, t.size),
      quoteQty: formatAtoms(BigInt(t.price) * BigInt(t.size) * market.sim.risk.units.atomsPerTickLot),
      time: t.time,
      isBuyerMaker: t.side === "SELL",
    })),
  ),
);

const aggTrades = withMarket((call, market) => ok(tape(call, market).map((t) => aggTrade(t, market))));

const klines = withMarket((call, market) => {
  const interval = call.params.get("interval");
  const ms = interval === null ? undefined : intervalMs(interval);
  if (ms === undefined) return binanceError(400, -1120, "Invalid interval.");
  const limit = limitParam(call, 500, 1500);
  const start = optionalTime(call, "startTime");
  const end = optionalTime(call, "endTime") ?? call.now;
  const from = start === undefined ? end - limit * ms : start;
  const candles = mergeCandles(call.venue.exchange.candles(market.spec.id, Math.floor(from / ms) * ms, end + 1), ms);
  const chosen = start === undefined ? candles.slice(-limit) : candles.slice(0, limit);
  return ok(chosen.map((c) => kline(market, c, ms)));
});

/** Past funding at the current rate every eight hours (the fake keeps no funding history). */
const fundingRate = (call: BinanceCall): FakeResponse => {
  const markets = marketsParam(call);
  if (!Array.isArray(markets)) return markets;
  const limit = limitParam(call, 100, 1000);
  const end = optionalTime(call, "endTime") ?? call.now;
  const start = optionalTime(call, "startTime") ?? end - limit * EIGHT_HOURS;
  const rows = [];
  for (let t = Math.ceil(start / EIGHT_HOURS) * EIGHT_HOURS; t <= end; t += EIGHT_HOURS) {
    for (const market of markets) {
      rows.push({ symbol: market.spec.id, fundingTime: t, fundingRate: funding(market, t).rate, markPrice: priceText(market.spec, market.sim.markPrice) });
    }
  }
  return ok(rows.slice(-limit));
};

function ticker24hr(call: BinanceCall, market: FakeMarket) {
  const { spec, sim } = market;
  const day = call.venue.exchange.candles(spec.id, call.now - DAY, call.now + 1);
  const open = day[0]?.open ?? sim.markPrice;
  const last = call.venue.exchange.trades(spec.id, 1)[0];
  const close = last?.price ?? sim.markPrice;
  const volume = day.reduce((s, c) => s + c.volumeLots, 0);
  const quote = day.reduce((s, c) => s + BigInt(c.close) * BigInt(c.volumeLots) * sim.risk.units.atomsPerTickLot, 0n);
  return {
    symbol: spec.id,
    priceChange: priceText(spec, close - open),
    priceChangePercent: (((close - open) / open) * 100).toFixed(3),
    weightedAvgPrice: priceText(spec, close),
    lastPrice: priceText(spec, close),
    lastQty: sizeText(spec, last?.size ?? 0),
    openPrice: priceText(spec, open),
    highPrice: priceText(spec, Math.max(open, ...day.map((c) => c.high))),
    lowPrice: priceText(spec, Math.min(open, ...day.map((c) => c.low))),
    volume: sizeText(spec, volume),
    quoteVolume: formatAtoms(quote),
    openTime: call.now - DAY,
    closeTime: call.now,
    firstId: 0,
    lastId: Number(last?.id ?? 0),
    count: 0,
  };
}

function bookTicker(call: BinanceCall, market: FakeMarket) {
  const { spec, sim } = market;
  const book = sim.book.snapshot(1);
  const bid = book.bids[0];
  const ask = book.asks[0];
  return {
    symbol: spec.id,
    bidPrice: priceText(spec, bid?.price ?? 0),
    bidQty: sizeText(spec, bid?.size ?? 0),
    askPrice: priceText(spec, ask?.price ?? 0),
    askQty: sizeText(spec, ask?.size ?? 0),
    time: call.now,
    lastUpdateId: book.updateId,
  };
}

const lastPrice = (call: BinanceCall, market: FakeMarket) => ({
  symbol: market.spec.id,
  price: priceText(market.spec, call.venue.exchange.trades(market.spec.id, 1)[0]?.price ?? market.sim.markPrice),
  time: call.now,
});

const openInterest = withMarket((call, market) => {
  let lots = 0n;
  for (const account of call.venue.exchange.ledger.accounts.values()) {
    const held = account.positions.get(market.spec.id)?.position.sizeLots ?? 0n;
    if (held > 0n) lots += held;
  }
  return ok({ symbol: market.spec.id, openInterest: sizeText(market.spec, lots), time: call.now });
});

const PUBLIC = "NONE" as const;

export const MARKET_ROUTES: Record<string, Route> = {
  "GET /fapi/v1/ping": { security: PUBLIC, weight: 1, answer: () => ok({}) },
  "GET /fapi/v1/time": { security: PUBLIC, weight: 1, answer: (call) => ok({ serverTime: call.now }) },
  "GET /fapi/v1/exchangeInfo": { security: PUBLIC, weight: 1, answer: exchangeInfo },
  "GET /fapi/v1/depth": {
    security: PUBLIC,
    weight: weightByLimit(
      [
        [50, 2],
        [100, 5],
        [500, 10],
        [1000, 20],
      ],
      500,
    ),
    answer: depth,
  },
  "GET /fapi/v1/trades": { security: PUBLIC, weight: 5, answer: trades },
  "GET /fapi/v1/aggTrades": { security: PUBLIC, weight: 20, answer: aggTrades },
  "GET /fapi/v1/klines": {
    security: PUBLIC,
    weight: weightByLimit(
      [
        [99, 1],
        [499, 2],
        [1000, 5],
        [1500, 10],
      ],
      500,
    ),
    answer: klines,
  },
  "GET /fapi/v1/premiumIndex": { security: PUBLIC, weight: symbolWeight(1, 10), answer: perMarket((call, m) => premiumIndex(m, call.now)) },
  "GET /fapi/v1/fundingRate": { security: PUBLIC, weight: 1, answer: fundingRate },
  "GET /fapi/v1/fundingInfo": { security: PUBLIC, weight: 1, answer: () => ok([]) },
  "GET /fapi/v1/ticker/24hr": { security: PUBLIC, weight: symbolWeight(1, 40), answer: perMarket(ticker24hr) },
  "GET /fapi/v1/ticker/bookTicker": { security: PUBLIC, weight: symbolWeight(2, 5), answer: perMarket(bookTicker) },
  "GET /fapi/v1/ticker/price": { security: PUBLIC, weight: symbolWeight(1, 2), answer: perMarket(lastPrice) },
  "GET /fapi/v2/ticker/price": { security: PUBLIC, weight: symbolWeight(1, 2), answer: perMarket(lastPrice) },
  "GET /fapi/v1/openInterest": { security: PUBLIC, weight: 1, answer: openInterest },
};
