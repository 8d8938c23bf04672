// Live market data: one feed per symbol and view (book with its depth and group, trades, candles of an
// interval), shared by every client watching it. A feed listens to the venues only while someone watches,
// sends at most STREAM_MAX_UPDATES_PER_SECOND updates (changes in between are coalesced), and numbers
// its messages: a client that sees a number skipped, or reconnects, starts again from a snapshot.

import type { CandleInterval } from "./candle-merge";
import type { Venue, VenueEvent, VenueTrade } from "../../venues/venue";
import { aggregatedBook, type AggregatedBookView, type BookQuery } from "./aggregated-book";
import { aggregatedCandles, type CandleView } from "./aggregated-candles";
import { STREAM_MAX_UPDATES_PER_SECOND, STREAM_SNAPSHOT } from "./limits";
import { recentTrades, tradeView, type TradeView } from "./recent-trades";
import { listedMarket, type MarketSource } from "./source";
import { marketFormat } from "../units";

export type StreamRequest =
  | { kind: "book"; symbol: string; depth: number; group: number }
  | { kind: "trades"; symbol: string }
  | { kind: "candles"; symbol: string; interval: CandleInterval };

export type StreamData = AggregatedBookView | TradeView[] | CandleView[];

export interface StreamMessage {
  /** snapshot: replace what you hold; update: apply (book: replaces; trades: prepend, newest first; candles: replace by time). */
  event: "snapshot" | "update";
  /** Increases by one per message of the feed; a snapshot carries the feed's current number. */
  seq: number;
  data: StreamData;
}

/** One client's messages, in order. Iterate it; close it when the client leaves. */
export interface StreamSubscription extends AsyncIterable<StreamMessage> {
  close(): void;
}

/** Messages a slow client may have waiting before they are dropped for a fresh snapshot. */
const MAX_QUEUED = 64;
const MIN_INTERVAL_MS = 1_000 / STREAM_MAX_UPDATES_PER_SECOND;
/** The book is sent at least this often, so ages and staleness stay current while nothing moves. */
const BOOK_REFRESH_MS = 1_000;

/** What makes a feed of one kind. */
interface FeedView {
  relevant(event: VenueEvent): boolean;
  /** Also update this often when no venue announces anything (a silent venue must show as stale). */
  refreshMs?: number;
  snapshot(): StreamData;
  /** What changed since the last update, or null when nothing did. */
  update(): StreamData | null;
}

class Feed {
  private readonly clients = new Set<Client>();
  private readonly unsubscribe: (() => void)[];
  private seq = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly refresh: NodeJS.Timeout | undefined;
  private lastSentAt = -Infinity;

  constructor(
    venues: readonly Venue[],
    private readonly view: FeedView & { onEvent?(event: VenueEvent): void },
    private readonly onIdle: () => void,
  ) {
    this.unsubscribe = venues.map((v) =>
      v.subscribe((event) => {
        if (!view.relevant(event)) return;
        view.onEvent?.(event);
        this.schedule();
      }),
    );
    if (view.refreshMs !== undefined) this.refresh = setInterval(() => this.schedule(), view.refreshMs).unref();
  }

  join(): Client {
    const client = new Client(
      () => this.snapshot(),
      () => this.leave(client),
    );
    this.clients.add(client);
    return client;
  }

  snapshot(): StreamMessage {
    return { event: "snapshot", seq: this.seq, data: this.view.snapshot() };
  }

  private leave(client: Client): void {
    this.clients.delete(client);
    if (this.clients.size > 0) return;
    for (const u of this.unsubscribe) u();
    clearTimeout(this.timer);
    clearInterval(this.refresh);
    this.onIdle();
  }

  private schedule(): void {
    if (this.timer !== undefined) return;
    const wait = Math.max(0, this.lastSentAt + MIN_INTERVAL_MS - performance.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  private flush(): void {
    this.timer = undefined;
    this.lastSentAt = performance.now();
    const data = this.view.update();
    if (data === null) return;
    const message: StreamMessage = { event: "update", seq: ++this.seq, data };
    for (const c of this.clients) c.push(message);
  }
}

class Client implements StreamSubscription {
  private readonly queue: StreamMessage[];
  private wake: (() => void) | undefined;
  private closed = false;

  constructor(
    private readonly snapshot: () => StreamMessage,
    private readonly onClose: () => void,
  ) {
    this.queue = [snapshot()];
  }

  push(message: StreamMessage): void {
    if (this.closed) return;
    // A client that cannot keep up skips to the present: a fresh snapshot replaces what it has not read.
    if (this.queue.length >= MAX_QUEUED) this.queue.splice(0, this.queue.length, this.snapshot());
    else this.queue.push(message);
    this.wake?.();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    this.wake?.();
    this.onClose();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<StreamMessage> {
    while (!this.closed) {
      const next = this.queue.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}

const registries = new WeakMap<readonly Venue[], Map<string, Feed>>();

/**
 * Subscribes to a live view of a symbol. Throws MarketDataError (before anything is sent) for an unknown
 * symbol or when venues are off. The first message is a snapshot.
 */
export function subscribeMarket(source: MarketSource, request: StreamRequest): StreamSubscription {
  listedMarket(source, request.symbol);
  let feeds = registries.get(source.venues);
  if (feeds === undefined) {
    feeds = new Map();
    registries.set(source.venues, feeds);
  }
  const key = JSON.stringify(request);
  let feed = feeds.get(key);
  if (feed === undefined) {
    const registry = feeds;
    feed = new Feed(source.venues, viewOf(source, request), () => registry.delete(key));
    feeds.set(key, feed);
  }
  return feed.join();
}

/** How many feeds are listening to the venues (for tests: none once every client has left). */
export function openFeeds(source: MarketSource): number {
  return registries.get(source.venues)?.size ?? 0;
}

function viewOf(source: MarketSource, request: StreamRequest): FeedView & { onEvent?(event: VenueEvent): void } {
  const { symbol } = request;
  switch (request.kind) {
    case "book": {
      const query: BookQuery = { depth: request.depth, group: request.group };
      const read = () => aggregatedBook(source, symbol, query);
      return { relevant: (e) => e.type === "book" && e.symbol === symbol, refreshMs: BOOK_REFRESH_MS, snapshot: read, update: read };
    }
    case "trades": {
      const f = marketFormat(listedMarket(source, symbol).spec);
      let pending: { venue: string; trade: VenueTrade }[] = [];
      return {
        relevant: (e) => e.type === "trade" && e.trade.symbol === symbol,
        onEvent: (e) => {
          if (e.type === "trade") pending.push({ venue: e.venue, trade: e.trade });
        },
        snapshot: () => recentTrades(source, symbol, STREAM_SNAPSHOT.trades),
        update: () => {
          if (pending.length === 0) return null;
          const trades = pending.reverse().map(({ venue, trade }) => tradeView(venue, trade, f));
          pending = [];
          return trades;
        },
      };
    }
    case "candles": {
      let last = "";
      // Updates send the last two candles: the one that just closed and the current one.
      // Book changes come several times a second on every venue, so they also carry a new interval's first candle when nothing trades.
      return {
        relevant: (e) => (e.type === "trade" && e.trade.symbol === symbol) || (e.type === "book" && e.symbol === symbol),
        snapshot: () => aggregatedCandles(source, symbol, request.interval, STREAM_SNAPSHOT.candles),
        update: () => {
          const candles = aggregatedCandles(source, symbol, request.interval, 2);
          const text = JSON.stringify(candles);
          if (text === last) return null;
          last = text;
          return candles;
        },
      };
    }
  }
}
