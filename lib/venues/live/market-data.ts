// A real venue's public market data, kept in memory from ccxt (websockets, else polling) for every listed
// market: books, the tape, one-minute candles, marks and funding; announced as VenueEvents as it arrives.
// The venue is live while book updates keep coming (the books are what routing trades on); past the
// threshold without one it is down when the last thing heard was a failed REST call (the venue does not
// answer), else stale (no data yet, or a websocket dropped and reconnecting). Health is measured in real
// time (the network's), data stamped with the clock.
import type { Exchange, FundingRate, OHLCV, OrderBook, Trade } from "ccxt";
import type { Logger } from "../../log";
import { candlesInRange } from "../candle-range";
import type { VenueBook, VenueCandle, VenueEvent, VenueStatus, VenueTicker, VenueTrade } from "../venue";
import { bookLevels, type LiveMarket, lotsFromVenue, ticksFromVenue } from "./markets";
import { type RetryPolicy, runStream, type StreamPath, type StreamSource } from "./stream-loop";
import { decimalText, stepsIn, stepsText } from "./units";

/** Levels per side kept of each book (deeper than the API shows and routing reads). */
const RAW_DEPTH = 1_000;
const TAPE_KEPT = 500;
/** A week of one-minute candles. */
const CANDLES_KEPT = 7 * 24 * 60;
/** Candles fetched at start (the venues' usual page size). */
const CANDLE_BACKFILL = 1_000;
const MINUTE = 60_000;
const HOUR = 3_600_000;

export interface MarketDataOptions {
  venue: string;
  /** A ccxt pro client with its markets loaded, for the websockets (watch*). */
  stream: Exchange;
  /** A rate-limited REST client with the same markets, for polls and backfills. */
  rest: Exchange;
  markets: readonly LiveMarket[];
  now: () => number;
  /** No update for this long (real time): stale. */
  staleAfterMs: number;
  /** How often marks and funding are read (they have no websocket in ccxt's unified API). */
  tickerPollMs: number;
  retry: RetryPolicy;
  log: Logger;
  emit: (event: VenueEvent) => void;
}

interface SymbolState {
  market: LiveMarket;
  raw: { bids: [number | undefined, number | undefined][]; asks: [number | undefined, number | undefined][]; updatedAt: number } | undefined;
  updateId: number;
  /** The converted book of `updateId`, made on first read. */
  converted: VenueBook | undefined;
  /** Oldest first. */
  tape: VenueTrade[];
  seenTrades: Set<string>;
  /** Oldest first. */
  candles: VenueCandle[];
  ticker: VenueTicker | undefined;
}

export class LiveMarketData {
  private readonly symbols = new Map<string, SymbolState>();
  private readonly abort = new AbortController();
  private lastUpdateAt = 0;
  private lastError: { at: number; message: string; path: StreamPath } | undefined;
  private current: VenueStatus;
  private readonly running: Promise<void>[] = [];

  constructor(private readonly o: MarketDataOptions) {
    for (const market of o.markets)
      this.symbols.set(market.symbol, {
        market,
        raw: undefined,
        updateId: 0,
        converted: undefined,
        tape: [],
        seenTrades: new Set(),
        candles: [],
        ticker: undefined,
      });
    this.current = { state: "stale", since: Date.now(), reason: "no market data yet" };
  }

  /** Starts every stream (they run until stop). */
  start(): void {
    const { stream: ws, rest, retry } = this.o;
    const onError = (err: unknown, path: StreamPath) => this.failed(err, path);
    for (const s of this.symbols.values()) {
      const symbol = s.market.ccxtSymbol;
      const streams: StreamSource[] = [
        {
          watch: ws.has.watchOrderBook ? async () => this.takeBook(s, await ws.watchOrderBook(symbol)) : undefined,
          poll: async () => this.takeBook(s, await rest.fetchOrderBook(symbol)),
        },
        {
          watch: ws.has.watchTrades ? async () => this.takeTrades(s, await ws.watchTrades(symbol)) : undefined,
          poll: rest.has.fetchTrades ? async () => this.takeTrades(s, await rest.fetchTrades(symbol)) : undefined,
        },
        {
          watch: ws.has.watchOHLCV ? async () => this.takeCandles(s, await ws.watchOHLCV(symbol, "1m")) : undefined,
          poll: async () => this.takeCandles(s, await rest.fetchOHLCV(symbol, "1m", this.o.now() - 3 * MINUTE)),
        },
      ];
      for (const stream of streams) this.running.push(runStream(stream, retry, this.abort.signal, onError));
      this.running.push(this.backfillCandles(s));
    }
    this.running.push(runStream({ poll: () => this.pollTickers() }, { ...retry, pollMs: this.o.tickerPollMs }, this.abort.signal, onError));
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.allSettled(this.running);
  }

  book(symbol: string, depth: number): VenueBook | undefined {
    const s = this.symbols.get(symbol);
    if (s?.raw === undefined) return undefined;
    if (s.converted === undefined) {
      s.converted = {
        symbol,
        bids: bookLevels(s.market, s.raw.bids, "bids", RAW_DEPTH),
        asks: bookLevels(s.market, s.raw.asks, "asks", RAW_DEPTH),
        updatedAt: s.raw.updatedAt,
        updateId: s.updateId,
      };
    }
    const b = s.converted;
    return depth >= b.bids.length && depth >= b.asks.length ? b : { ...b, bids: b.bids.slice(0, depth), asks: b.asks.slice(0, depth) };
  }

  trades(symbol: string, limit: number): VenueTrade[] {
    const tape = this.symbols.get(symbol)?.tape ?? [];
    return tape.slice(Math.max(0, tape.length - limit)).reverse();
  }

  candles(symbol: string, from: number, to: number): VenueCandle[] {
    return candlesInRange(this.symbols.get(symbol)?.candles ?? [], from, to);
  }

  ticker(symbol: string): VenueTicker | undefined {
    const s = this.symbols.get(symbol);
    if (s === undefined) return undefined;
    if (s.ticker !== undefined) return s.ticker;
    // Until the venue's mark arrives: the book's mid, so prices can be checked against something.
    const book = this.book(symbol, 1);
    const [bid, ask] = [book?.bids[0]?.[0], book?.asks[0]?.[0]];
    if (bid === undefined || ask === undefined) return undefined;
    const mid = Math.round((bid + ask) / 2);
    return { symbol, markPrice: mid, indexPrice: mid, fundingRateE8: 0n, nextFundingAt: Math.floor(this.o.now() / HOUR) * HOUR + HOUR };
  }

  status(): VenueStatus {
    const now = Date.now();
    const fresh = this.lastUpdateAt > 0 && now - this.lastUpdateAt <= this.o.staleAfterMs;
    const failure = this.lastError !== undefined && this.lastError.at >= this.lastUpdateAt ? this.lastError : undefined;
    const state: VenueStatus["state"] = this.abort.signal.aborted ? "down" : fresh ? "live" : failure?.path === "rest" ? "down" : "stale";
    const reason =
      state === "live"
        ? null
        : this.abort.signal.aborted
          ? "stopped"
          : failure !== undefined
            ? `${failure.path === "websocket" ? "websocket reconnecting: " : ""}${failure.message}`
            : this.lastUpdateAt === 0
              ? "no market data yet"
              : `no update for ${Math.round((now - this.lastUpdateAt) / 1000)} s`;
    if (state !== this.current.state) {
      if (state === "live") this.o.log.info({ venue: this.o.venue }, "venue: market data live");
      else this.o.log.warn({ venue: this.o.venue, reason }, `venue: market data ${state}; left out of routing`);
      this.current = { state, since: now, reason };
    } else if (reason !== this.current.reason) this.current = { ...this.current, reason };
    return this.current;
  }

  private failed(err: unknown, path: StreamPath): void {
    const message = err instanceof Error ? err.message.slice(0, 200) : String(err);
    this.lastError = { at: Date.now(), message, path };
    this.o.log.debug({ venue: this.o.venue, err: message, path }, "venue: market data stream failed; retrying");
  }

  private takeBook(s: SymbolState, ob: OrderBook): void {
    const now = this.o.now();
    s.raw = { bids: ob.bids.slice(0, RAW_DEPTH), asks: ob.asks.slice(0, RAW_DEPTH), updatedAt: ob.timestamp ?? now };
    s.updateId++;
    s.converted = undefined;
    this.lastUpdateAt = Date.now();
    this.o.emit({ type: "book", venue: this.o.venue, symbol: s.market.symbol, updateId: s.updateId, time: s.raw.updatedAt });
  }

  private takeTrades(s: SymbolState, trades: readonly Trade[]): void {
    for (const t of [...trades].sort((a, b) => (a.timestamp ?? 0) - (b.timestamp ?? 0))) {
      const id = t.id ?? `${t.timestamp}/${t.price}/${t.amount}`;
      if (s.seenTrades.has(id) || t.price == null || t.amount == null) continue;
      const size = lotsFromVenue(s.market, t.amount);
      if (size === 0) continue; // smaller than one lot of the market
      const trade: VenueTrade = {
        id,
        symbol: s.market.symbol,
        price: ticksFromVenue(s.market, t.price, "nearest"),
        size,
        side: t.side === "sell" ? "SELL" : "BUY",
        time: t.timestamp ?? this.o.now(),
      };
      s.seenTrades.add(id);
      s.tape.push(trade);
      this.o.emit({ type: "trade", venue: this.o.venue, trade });
    }
    if (s.tape.length > TAPE_KEPT * 2) {
      for (const gone of s.tape.splice(0, s.tape.length - TAPE_KEPT)) s.seenTrades.delete(gone.id);
    }
  }

  private takeCandles(s: SymbolState, rows: readonly OHLCV[]): void {
    for (const row of rows) {
      const candle = candleOf(s.market, row);
      if (candle === undefined) continue;
      const list = s.candles;
      const at = list.findLastIndex((c) => c.time <= candle.time);
      if (at >= 0 && list[at]!.time === candle.time) list[at] = candle;
      else list.splice(at + 1, 0, candle);
    }
    if (s.candles.length > CANDLES_KEPT * 1.1) s.candles.splice(0, s.candles.length - CANDLES_KEPT);
  }

  private async backfillCandles(s: SymbolState): Promise<void> {
    try {
      this.takeCandles(s, await this.o.rest.fetchOHLCV(s.market.ccxtSymbol, "1m", this.o.now() - CANDLE_BACKFILL * MINUTE, CANDLE_BACKFILL));
    } catch (err) {
      this.failed(err, "rest");
    }
  }

  /** Marks, index prices and funding of every listed market, from funding rates where the venue has them, else tickers. */
  private async pollTickers(): Promise<void> {
    const ex = this.o.rest;
    const states = [...this.symbols.values()];
    if (ex.has.fetchFundingRates) {
      const rates = await ex.fetchFundingRates(states.map((s) => s.market.ccxtSymbol));
      for (const s of states) {
        const rate = rates[s.market.ccxtSymbol];
        if (rate !== undefined) s.ticker = this.tickerOf(s.market, rate);
      }
      return;
    }
    if (!ex.has.fetchTicker) return;
    for (const s of states) {
      const t = await ex.fetchTicker(s.market.ccxtSymbol);
      const mark = t.markPrice ?? t.last;
      if (mark == null) continue;
      const markPrice = ticksFromVenue(s.market, mark, "nearest");
      const index = t.indexPrice == null ? markPrice : ticksFromVenue(s.market, t.indexPrice, "nearest");
      s.ticker = { symbol: s.market.symbol, markPrice, indexPrice: index, fundingRateE8: 0n, nextFundingAt: Math.floor(this.o.now() / HOUR) * HOUR + HOUR };
    }
  }

  private tickerOf(market: LiveMarket, r: FundingRate): VenueTicker | undefined {
    const mark = r.markPrice ?? r.indexPrice;
    if (mark == null) return undefined;
    const markPrice = ticksFromVenue(market, mark, "nearest");
    const hours = intervalHours(r.interval);
    return {
      symbol: market.symbol,
      markPrice,
      indexPrice: r.indexPrice == null ? markPrice : ticksFromVenue(market, r.indexPrice, "nearest"),
      // The venue's rate per funding interval, as the rate of one hour (the interface's hourly payment), in 1e-8.
      fundingRateE8: r.fundingRate == null ? 0n : stepsIn(decimalText(r.fundingRate), stepsText(hours, "0.00000001"), "nearest"),
      nextFundingAt: r.nextFundingTimestamp ?? r.fundingTimestamp ?? Math.floor(this.o.now() / HOUR) * HOUR + HOUR,
    };
  }
}

function candleOf(market: LiveMarket, [time, open, high, low, close, volume]: OHLCV): VenueCandle | undefined {
  if (time == null || open == null || high == null || low == null || close == null) return undefined;
  const tick = (p: number) => ticksFromVenue(market, p, "nearest");
  return { time, open: tick(open), high: tick(high), low: tick(low), close: tick(close), volumeLots: volume == null ? 0 : lotsFromVenue(market, volume) };
}

/** ccxt's funding interval ("1h", "8h") in hours; one hour when it does not say. */
function intervalHours(interval: string | undefined): number {
  const m = /^(\d+)h$/.exec(interval ?? "");
  return m === null ? 1 : Number(m[1]);
}
