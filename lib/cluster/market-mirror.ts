// Every instance but the venue host serves market data from this mirror of the host's venues, fed over
// Redis (lib/cluster/market-feed), so public reads never cross the network per request. Account calls
// on a mirrored venue go to the host.
import type { Logger } from "../log";
import type {
  CancelOutcome,
  PlaceOrder,
  PlaceOutcome,
  Venue,
  VenueBalance,
  VenueBook,
  VenueCandle,
  VenueEvent,
  VenueMarket,
  VenueOrder,
  VenuePosition,
  VenueRejection,
  VenueStatus,
  VenueTicker,
  VenueTrade,
} from "../venues/venue";
import { candlesInRange } from "../venues/candle-range";
import { decode } from "./codec";
import type { HostCaller } from "./host-calls";
import {
  applyBookChange,
  MARKET_CHANNEL,
  MIRROR_TRADES,
  unpackCandle,
  type FeedMessage,
  type MarketSnapshot,
  type MirroredBook,
  type VenueMarketState,
} from "./market-feed";
import type { RedisLink } from "./redis";

/** A venue as mirrored from the host: reads from memory, account calls to the host. */
export class MirrorVenue implements Venue {
  pairTrading = false;
  private marketList: VenueMarket[] = [];
  private readonly books = new Map<string, MirroredBook>();
  private readonly tickers = new Map<string, VenueTicker>();
  /** Oldest first. */
  private readonly candleLists = new Map<string, VenueCandle[]>();
  /** Oldest first, per symbol. */
  private readonly tapes = new Map<string, VenueTrade[]>();
  private readonly listeners = new Set<(event: VenueEvent) => void>();
  private currentStatus: VenueStatus = { state: "down", since: 0, reason: "no snapshot from the venue host yet" };

  constructor(
    readonly name: string,
    private readonly host: HostCaller,
  ) {}

  markets(): readonly VenueMarket[] {
    return this.marketList;
  }

  book(symbol: string, depth = 50): VenueBook | undefined {
    const b = this.books.get(symbol);
    return b === undefined ? undefined : { symbol, bids: b.bids.slice(0, depth), asks: b.asks.slice(0, depth), updatedAt: b.updatedAt, updateId: b.updateId };
  }

  trades(symbol: string, limit: number): readonly VenueTrade[] {
    const tape = this.tapes.get(symbol) ?? [];
    return tape.slice(Math.max(0, tape.length - limit)).reverse();
  }

  candles(symbol: string, from: number, to: number): readonly VenueCandle[] {
    return candlesInRange(this.candleLists.get(symbol) ?? [], from, to);
  }

  ticker(symbol: string): VenueTicker | undefined {
    return this.tickers.get(symbol);
  }

  place(owner: string, order: PlaceOrder): Promise<PlaceOutcome> {
    return this.onHost("place", owner, order);
  }
  cancel(owner: string, orderId: string): Promise<CancelOutcome> {
    return this.onHost("cancel", owner, orderId);
  }
  openOrders(owner: string): Promise<readonly VenueOrder[]> {
    return this.onHost("openOrders", owner);
  }
  order(owner: string, orderId: string): Promise<VenueOrder | undefined> {
    return this.onHost<VenueOrder | null>("order", owner, orderId).then((o) => o ?? undefined);
  }
  positions(owner: string): Promise<readonly VenuePosition[]> {
    return this.onHost("positions", owner);
  }
  balance(owner: string): Promise<VenueBalance> {
    return this.onHost("balance", owner);
  }
  setLeverage(owner: string, symbol: string, leverage: number): Promise<{ ok: true } | VenueRejection> {
    return this.onHost("setLeverage", owner, symbol, leverage);
  }

  /** The host's view of the venue, as last fed. */
  status(): VenueStatus {
    return this.currentStatus;
  }

  subscribe(listener: (event: VenueEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Takes the host's state of this venue: all of it (a snapshot) or what changed. False when a book's
   * change is not on the book mirrored here (the mirror is out of step: it needs a snapshot).
   */
  apply(state: VenueMarketState, snapshot?: { markets: VenueMarket[]; pairTrading: boolean }): boolean {
    let inStep = true;
    if (snapshot !== undefined) {
      this.marketList = snapshot.markets;
      this.pairTrading = snapshot.pairTrading;
      this.candleLists.clear();
      this.tapes.clear();
      // A host without statuses in its feed runs only venues that are always live.
      this.currentStatus = state.status ?? { state: "live", since: 0, reason: null };
    } else if (state.status !== undefined) this.currentStatus = state.status;
    for (const [symbol, ticker] of Object.entries(state.tickers)) this.tickers.set(symbol, ticker);
    for (const [symbol, candles] of Object.entries(state.candles)) this.mergeCandles(symbol, candles.map(unpackCandle));
    for (const trade of state.trades) this.addTrade(trade);
    for (const [symbol, book] of Object.entries(state.books)) {
      const had = this.books.get(symbol);
      if (had !== undefined && had.updateId >= book.updateId && snapshot === undefined) continue;
      this.setBook(symbol, book);
    }
    for (const [symbol, change] of Object.entries(state.bookChanges ?? {})) {
      const had = this.books.get(symbol);
      const book = had === undefined ? undefined : applyBookChange(had, change);
      if (book === undefined) inStep = false;
      else this.setBook(symbol, book);
    }
    for (const owner of state.accounts) this.emit({ type: "account", venue: this.name, owner });
    return inStep;
  }

  private setBook(symbol: string, book: MirroredBook): void {
    this.books.set(symbol, book);
    this.emit({ type: "book", venue: this.name, symbol, updateId: book.updateId, time: book.updatedAt });
  }

  private mergeCandles(symbol: string, candles: readonly VenueCandle[]): void {
    const first = candles[0];
    if (first === undefined) return;
    const list = this.candleLists.get(symbol) ?? [];
    this.candleLists.set(symbol, list);
    // The message starts at the newest candle the mirror already has (or later): drop from there, append.
    while (list.length > 0 && list.at(-1)!.time >= first.time) list.pop();
    list.push(...candles);
  }

  private addTrade(trade: VenueTrade): void {
    const tape = this.tapes.get(trade.symbol) ?? [];
    this.tapes.set(trade.symbol, tape);
    if (tape.some((t) => t.id === trade.id)) return; // a snapshot and the next message may both carry it
    tape.push(trade);
    if (tape.length > MIRROR_TRADES * 2) tape.splice(0, tape.length - MIRROR_TRADES);
    this.emit({ type: "trade", venue: this.name, trade });
  }

  private emit(event: VenueEvent): void {
    for (const l of this.listeners) l(event);
  }

  private onHost<T>(method: string, ...args: unknown[]): Promise<T> {
    return this.host.call<T>(`venue.${this.name}.${method}`, args);
  }
}

export interface MarketMirror {
  venues: readonly MirrorVenue[];
  /** Resolves once the first snapshot is in (or after `timeoutMs`, false). */
  synced(timeoutMs: number): Promise<boolean>;
  /** The host incarnation and feed number the mirror is at. */
  position(): { host: string | null; seq: number };
  stop(): void;
}

const RESYNC_RETRY_MS = 1_000;
const MAX_BUFFERED = 1_000;

/** Mirrors the host's venues: subscribes to the feed, takes a snapshot, resynchronises on any gap. */
export async function startMarketMirror(input: {
  redis: RedisLink;
  host: HostCaller;
  venueNames: readonly string[];
  log: Logger;
  /** A feed from another host than before arrived: the previous host is gone. */
  onHostChange?: (host: string) => void;
}): Promise<MarketMirror> {
  const { redis, host, log } = input;
  const venues = input.venueNames.map((name) => new MirrorVenue(name, host));
  const byName = new Map(venues.map((v) => [v.name, v]));
  let current: { host: string; seq: number } | null = null;
  let resyncing: FeedMessage[] | null = null;
  let stopped = false;
  let onSynced: (() => void) | undefined;
  const firstSync = new Promise<void>((resolve) => (onSynced = resolve));

  const applyMessage = (m: FeedMessage) => {
    let inStep = true;
    for (const part of m.venues) inStep = (byName.get(part.venue)?.apply(part) ?? true) && inStep;
    current = { host: m.host, seq: m.seq };
    if (!inStep) {
      log.warn({ seq: m.seq }, "market mirror: a book change did not fit the book mirrored; resynchronising");
      void resync();
    }
  };

  const resync = async () => {
    if (resyncing !== null || stopped) return;
    resyncing = [];
    while (!stopped) {
      try {
        const snap = await host.call<MarketSnapshot>("market.snapshot", []);
        for (const part of snap.venues) byName.get(part.venue)?.apply(part, { markets: part.markets, pairTrading: part.pairTrading });
        current = { host: snap.host, seq: snap.seq };
        const buffered: FeedMessage[] = resyncing ?? [];
        resyncing = null;
        for (const m of buffered) onMessage(m);
        onSynced?.();
        return;
      } catch (err) {
        log.debug({ err: (err as Error).message }, "market mirror: no snapshot from the venue host yet; retrying");
        await new Promise((r) => setTimeout(r, RESYNC_RETRY_MS).unref());
      }
    }
  };

  let lastHost: string | null = null;
  const noteHost = (host: string) => {
    if (lastHost !== null && host !== lastHost) input.onHostChange?.(host);
    lastHost = host;
  };

  const onMessage = (m: FeedMessage) => {
    noteHost(m.host);
    if (resyncing !== null) {
      if (resyncing.length < MAX_BUFFERED) resyncing.push(m);
      return;
    }
    if (current !== null && m.host === current.host && m.seq <= current.seq) return; // already in the snapshot
    if (current === null || m.host !== current.host || m.seq !== current.seq + 1) {
      void resync(); // sets `resyncing` before its first wait
      // This message may be newer than the snapshot on its way; keep it for after.
      (resyncing as FeedMessage[] | null)?.push(m);
      return;
    }
    applyMessage(m);
  };

  const unsubscribe = await redis.subscribe(MARKET_CHANNEL, (text) => onMessage(decode<FeedMessage>(text)));
  const stopResubscribed = redis.onResubscribed(() => void resync());
  void resync();

  return {
    venues,
    synced: (timeoutMs) => Promise.race([firstSync.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), timeoutMs).unref())]),
    position: () => ({ host: current?.host ?? null, seq: current?.seq ?? 0 }),
    stop: () => {
      stopped = true;
      unsubscribe();
      stopResubscribed();
    },
  };
}
