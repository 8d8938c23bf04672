// The venue host's market data, fed to every other instance's mirror over Redis: what changed, coalesced
// every few milliseconds, numbered so a mirror notices a gap; and whole snapshots for a mirror that
// starts, reconnects or finds a gap. A book goes whole the first time (and after a snapshot), then as
// the levels that changed since it last went (an order moves a few of its thousand levels).
import type { BookLevel, Venue, VenueBook, VenueCandle, VenueMarket, VenueStatus, VenueTicker, VenueTrade } from "../venues/venue";
import type { Logger } from "../log";
import { BOOK_DEPTH, TRADES_LIMIT } from "../trading/market-data/limits";
import { encode } from "./codec";
import type { RedisLink } from "./redis";

export const MARKET_CHANNEL = "market";
/** How often the host sends what changed. */
const FLUSH_MS = 20;
/** Books are mirrored as deep as the API ever shows them. */
export const MIRROR_BOOK_DEPTH = BOOK_DEPTH.max;
export const MIRROR_TRADES = TRADES_LIMIT.max;

export interface MirroredBook {
  bids: readonly BookLevel[];
  asks: readonly BookLevel[];
  updatedAt: number;
  updateId: number;
}

/**
 * A book as the levels that changed since the one numbered `base` (a size of 0: the level is gone);
 * applied to that book it gives this one, to the depth mirrored.
 */
export interface BookChange {
  base: number;
  bids: BookLevel[];
  asks: BookLevel[];
  updatedAt: number;
  updateId: number;
}

/** One venue's part of a feed message or a snapshot. */
export interface VenueMarketState {
  venue: string;
  books: Record<string, MirroredBook>;
  /** In a message: books the mirrors have, as what changed. */
  bookChanges?: Record<string, BookChange>;
  tickers: Record<string, VenueTicker>;
  /** Oldest first: in a message, from the newest candle the mirror has (replaced) on. */
  candles: Record<string, PackedCandle[]>;
  /** Oldest first. */
  trades: VenueTrade[];
  /** Owners whose account changed on this venue. */
  accounts: string[];
  /** The venue's status: in a snapshot, and in a message when it changed. */
  status?: VenueStatus;
}

/** A candle as sent: [time, open, high, low, close, volumeLots] (a snapshot carries days of them). */
export type PackedCandle = [number, number, number, number, number, number];

export const packCandle = (c: VenueCandle): PackedCandle => [c.time, c.open, c.high, c.low, c.close, c.volumeLots];
export const unpackCandle = ([time, open, high, low, close, volumeLots]: PackedCandle): VenueCandle => ({ time, open, high, low, close, volumeLots });

export interface FeedMessage {
  /** The host's incarnation: a new host starts its numbering afresh. */
  host: string;
  seq: number;
  venues: VenueMarketState[];
}

export interface VenueSnapshot extends VenueMarketState {
  markets: VenueMarket[];
  pairTrading: boolean;
}

export interface MarketSnapshot {
  host: string;
  /** The feed message this snapshot includes everything up to. */
  seq: number;
  venues: VenueSnapshot[];
}

export interface MarketFeed {
  /** Everything the venues hold now, numbered with the last message sent. */
  snapshot(): MarketSnapshot;
  /** Sends what changed now, not at the next tick; the number of the last message sent. */
  flush(): number;
  stop(): void;
}

interface Pending {
  books: Set<string>;
  trades: VenueTrade[];
  accounts: Set<string>;
}

/** Starts feeding the venues' changes to the deployment. */
export function startMarketFeed(input: { redis: RedisLink; venues: readonly Venue[]; host: string; log: Logger }): MarketFeed {
  const { redis, venues, host, log } = input;
  let seq = 0;
  const pending = new Map<string, Pending>(venues.map((v) => [v.name, { books: new Set(), trades: [], accounts: new Set() }]));
  // What each mirror last got of every symbol's ticker and newest candle: marks, funding and flat
  // minutes change with time alone, without a book event, and are sent when they differ.
  const sentTickers = new Map<string, string>();
  const sentCandles = new Map<string, { time: number; print: string }>();
  const sentStatus = new Map<string, string>();
  // The book each mirror last got, for the next message to carry only what changed; emptied by a
  // snapshot, whose book may be newer than this one (the next message then sends books whole).
  const sentBooks = new Map<string, MirroredBook>();
  const unsubscribes = venues.map((venue) =>
    venue.subscribe((event) => {
      const p = pending.get(venue.name)!;
      if (event.type === "book") p.books.add(event.symbol);
      else if (event.type === "trade") p.trades.push(event.trade);
      else p.accounts.add(event.owner);
    }),
  );

  const changedTicker = (venue: Venue, symbol: string): VenueTicker | undefined => {
    const ticker = venue.ticker(symbol);
    if (ticker === undefined) return undefined;
    const key = `${venue.name}/${symbol}`;
    const print = `${ticker.markPrice}/${ticker.indexPrice}/${ticker.fundingRateE8}/${ticker.nextFundingAt}`;
    if (sentTickers.get(key) === print) return undefined;
    sentTickers.set(key, print);
    return ticker;
  };

  const changedCandles = (venue: Venue, symbol: string): PackedCandle[] | undefined => {
    const key = `${venue.name}/${symbol}`;
    const sent = sentCandles.get(key);
    const candles = venue.candles(symbol, sent?.time ?? 0, Number.MAX_SAFE_INTEGER);
    const last = candles.at(-1);
    if (last === undefined) return undefined;
    const print = packCandle(last).join("/");
    if (sent !== undefined && sent.time === last.time && sent.print === print) return undefined;
    sentCandles.set(key, { time: last.time, print });
    return candles.map(packCandle);
  };

  const changedStatus = (venue: Venue): VenueStatus | undefined => {
    const status = venue.status();
    const print = `${status.state}/${status.since}`;
    if (sentStatus.get(venue.name) === print) return undefined;
    sentStatus.set(venue.name, print);
    return status;
  };

  const flush = (): number => {
    const parts: VenueMarketState[] = [];
    for (const venue of venues) {
      const p = pending.get(venue.name)!;
      const part: VenueMarketState = {
        venue: venue.name,
        books: {},
        bookChanges: {},
        tickers: {},
        candles: {},
        trades: p.trades.splice(0),
        accounts: [...p.accounts],
      };
      for (const symbol of p.books) {
        const book = venue.book(symbol, MIRROR_BOOK_DEPTH);
        if (book === undefined) continue;
        const key = `${venue.name}/${symbol}`;
        const now = mirroredBook(book);
        const sent = sentBooks.get(key);
        if (sent === undefined) part.books[symbol] = now;
        else if (sent.updateId !== now.updateId) part.bookChanges![symbol] = bookChange(sent, now);
        sentBooks.set(key, now);
      }
      for (const { symbol } of venue.markets()) {
        const ticker = changedTicker(venue, symbol);
        if (ticker !== undefined) part.tickers[symbol] = ticker;
        const candles = changedCandles(venue, symbol);
        if (candles !== undefined) part.candles[symbol] = candles;
      }
      p.books.clear();
      p.accounts.clear();
      const status = changedStatus(venue);
      if (status !== undefined) part.status = status;
      const empty =
        status === undefined &&
        part.trades.length === 0 &&
        part.accounts.length === 0 &&
        Object.keys(part.books).length === 0 &&
        Object.keys(part.bookChanges!).length === 0 &&
        Object.keys(part.tickers).length === 0 &&
        Object.keys(part.candles).length === 0;
      if (!empty) parts.push(part);
    }
    if (parts.length === 0) return seq;
    seq++;
    const message: FeedMessage = { host, seq, venues: parts };
    redis.publish(MARKET_CHANNEL, encode(message)).catch((err: unknown) => {
      log.warn({ err: (err as Error).message }, "market feed: could not publish; mirrors resynchronise when Redis returns");
    });
    return seq;
  };
  const timer = setInterval(flush, FLUSH_MS);
  timer.unref();

  return {
    snapshot: () => {
      // Sent changes are in it; pending ones go out in the next message too, which mirrors apply again harmlessly.
      sentBooks.clear();
      const snapshotVenues = venues.map((venue) => {
        const symbols = venue.markets().map((m) => m.symbol);
        const state = marketState(venue, symbols, (symbol) => venue.candles(symbol, 0, Number.MAX_SAFE_INTEGER));
        state.trades = symbols.flatMap((s) => [...venue.trades(s, MIRROR_TRADES)].reverse());
        return { ...state, status: venue.status(), markets: [...venue.markets()], pairTrading: venue.pairTrading };
      });
      return { host, seq, venues: snapshotVenues };
    },
    flush,
    stop: () => {
      clearInterval(timer);
      for (const u of unsubscribes) u();
    },
  };
}

function marketState(venue: Venue, symbols: readonly string[], candles: (symbol: string) => readonly VenueCandle[]): VenueMarketState {
  const state: VenueMarketState = { venue: venue.name, books: {}, tickers: {}, candles: {}, trades: [], accounts: [] };
  for (const symbol of symbols) {
    const book = venue.book(symbol, MIRROR_BOOK_DEPTH);
    if (book !== undefined) state.books[symbol] = mirroredBook(book);
    const ticker = venue.ticker(symbol);
    if (ticker !== undefined) state.tickers[symbol] = ticker;
    state.candles[symbol] = candles(symbol).map(packCandle);
  }
  return state;
}

/** What changed from `before` to `after`: the levels of `after` whose size differs, and those gone (size 0). */
export function bookChange(before: MirroredBook, after: MirroredBook): BookChange {
  return {
    base: before.updateId,
    bids: levelChanges(before.bids, after.bids),
    asks: levelChanges(before.asks, after.asks),
    updatedAt: after.updatedAt,
    updateId: after.updateId,
  };
}

function levelChanges(before: readonly BookLevel[], after: readonly BookLevel[]): BookLevel[] {
  const was = new Map(before);
  const changes: BookLevel[] = [];
  for (const [price, size] of after) {
    if (was.get(price) !== size) changes.push([price, size]);
    was.delete(price);
  }
  for (const price of was.keys()) changes.push([price, 0]);
  return changes;
}

/** `book` with `change` applied (its levels set, those of size 0 removed), or undefined when `change` is not on it. */
export function applyBookChange(book: MirroredBook, change: BookChange): MirroredBook | undefined {
  if (book.updateId !== change.base) return undefined;
  return {
    bids: withLevels(book.bids, change.bids, (a, b) => b[0] - a[0]),
    asks: withLevels(book.asks, change.asks, (a, b) => a[0] - b[0]),
    updatedAt: change.updatedAt,
    updateId: change.updateId,
  };
}

function withLevels(levels: readonly BookLevel[], changes: readonly BookLevel[], order: (a: BookLevel, b: BookLevel) => number): BookLevel[] {
  if (changes.length === 0) return [...levels];
  const sizes = new Map(levels);
  for (const [price, size] of changes) {
    if (size === 0) sizes.delete(price);
    else sizes.set(price, size);
  }
  return [...sizes].sort(order);
}

const mirroredBook = (b: VenueBook): MirroredBook => ({ bids: b.bids, asks: b.asks, updatedAt: b.updatedAt, updateId: b.updateId });
