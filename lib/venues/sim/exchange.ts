import { randomBytes } from "node:crypto";
import { hourlyFundingRateE8, premiumE8, type FundingParams } from "../../engine/accounts/funding";
import { backfill } from "../../engine/sim/history";
import { PriceProcess, type ProcessState } from "../../engine/sim/price-process";
import { TAKER_FLOW } from "../../engine/sim/taker-flow";
import { createRng, type Rng, type RngState } from "../../engine/sim/rng";
import type { MatchResult } from "../../engine/types";
import { base62FromBytes } from "../../encoding/base62";
import { newId as newRandomId } from "../../ids";
import { MARKETS, VENUES, venueTickSize, type MarketSpec, type VenueProfile } from "../catalog";
import { desiredQuotes, quoteChanges } from "./market-maker";
import { OwnerChange, SIM_OWNER_PREFIX } from "./change";
import type { SimMarket } from "./sim-market";
import { SimVenue } from "./sim-venue";
import type { VenueStore } from "./store";

const STEP_MS = 250;
const SECOND = 1_000;
const MINUTE = 60_000;
const HOUR = 3_600_000;
/** Gaps longer than this (a suspended laptop, a long restart) are crossed in one price step. */
const MAX_CATCH_UP_MS = 60_000;
const HISTORY_MINUTES = 7 * 24 * 60;
/** At most this many arbitrage trades per market and step; the rest waits for the next step. */
const ARBITRAGE_ROUNDS = 200;
const FUNDING: FundingParams = { convergenceHours: 8, capE8: 50_000 };
// The basis reverts to its mean with a half-life of about an hour (as in the back-fill).
const BASIS_REVERSION_PER_MS = Math.log(2) / HOUR;

export interface ExchangeOptions {
  seed: number;
  now(): number;
  store: VenueStore;
  /** Collateral each new owner receives on each venue, quote atoms. */
  paperBalance: bigint;
  defaultLeverage?: number;
  venues?: readonly VenueProfile[];
  markets?: readonly MarketSpec[];
  /** Waits a venue's latency; defaults to a timer. */
  delay?: (ms: number) => Promise<void>;
  /** false: orders meet the book at once instead of after the venue's latency (the default is true). */
  simulateLatency?: boolean;
  onError?: (err: unknown, what: string) => void;
  newId?: (prefix: string) => string;
}

interface Checkpoint {
  time: number;
  process: ProcessState;
  flow: RngState;
  /** basis[venue][symbol] in basis points */
  basis: Record<string, Record<string, number>>;
}

/**
 * The embedded market: one index process, three venues, their market makers and takers, marks and
 * stops, funding every hour and liquidations every second. Time only moves through `advanceTo`, so a
 * test with a manual clock replays exactly; `start` drives it from the wall clock.
 */
export class SimExchange {
  readonly venues: SimVenue[];
  private readonly process: PriceProcess;
  /** Taker arrivals and sizes, and basis noise: apart from the index so venues can change without moving prices. */
  private readonly flow: Rng;
  private time: number;
  private haltedBy: Error | undefined;
  private timer: NodeJS.Timeout | undefined;
  private mmOrderSeq = 0;

  private constructor(
    private readonly options: ExchangeOptions,
    checkpoint: Checkpoint,
  ) {
    const markets = options.markets ?? MARKETS;
    this.process = new PriceProcess(
      markets.map((m) => ({ symbol: m.symbol, ...m.model })),
      checkpoint.process,
    );
    this.flow = createRng(checkpoint.flow);
    this.time = checkpoint.time;
    const bootId = base62FromBytes(randomBytes(6), 8);
    const newId = options.newId ?? newRandomId;
    this.venues = (options.venues ?? VENUES).map(
      (profile) =>
        new SimVenue({
          profile,
          markets,
          now: () => this.time,
          paperBalance: options.paperBalance,
          defaultLeverage: options.defaultLeverage ?? 10,
          commit: (change) => this.commit(change),
          halted: () => this.haltedBy,
          findOrder: async (ownerId, q) =>
            "orderId" in q ? options.store.order(ownerId, q.orderId) : options.store.orderByClientId(ownerId, profile.name, q.clientOrderId),
          delay: options.simulateLatency === false ? undefined : (options.delay ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)))),
          newId,
          bootId,
        }),
    );
    for (const venue of this.venues) {
      for (const m of venue.simMarkets.values()) m.basisBps = checkpoint.basis[venue.name]?.[m.spec.symbol] ?? venue.deps.profile.basisBps.mean;
    }
  }

  /**
   * Opens the market where it stood (the stored checkpoint) or, on first start, where seven days of
   * back-filled history end; then owners' accounts, positions and resting orders come back.
   */
  static async open(options: ExchangeOptions): Promise<SimExchange> {
    const markets = options.markets ?? MARKETS;
    const venues = options.venues ?? VENUES;
    const now = options.now();
    const stored = (await options.store.loadCheckpoint()) as Checkpoint | undefined;
    const history = backfill({
      models: markets.map((m) => ({ symbol: m.symbol, ...m.model })),
      venues: venues.map((v) => ({
        name: v.name,
        basisBps: v.basisBps,
        depthScale: v.depthScale,
        units: Object.fromEntries(markets.map((m) => [m.symbol, { tick: Number(venueTickSize(m, v)), lot: Number(m.lot) }])),
      })),
      seed: options.seed,
      endMs: stored?.time ?? now,
      minutes: HISTORY_MINUTES,
    });
    const checkpoint: Checkpoint = stored ?? {
      time: Math.floor(now / MINUTE) * MINUTE,
      process: history.process,
      flow: createRng(options.seed ^ 0x2545f491).state(),
      basis: history.basisBps,
    };
    const exchange = new SimExchange(options, checkpoint);
    // History ends where the market now stands, so a restart shows no jump.
    const scale = checkpoint.process.logPrices.map((l, i) => Math.exp(l - history.process.logPrices[i]!));
    for (const venue of exchange.venues) {
      for (const [i, spec] of markets.entries()) {
        const m = venue.simMarkets.get(spec.symbol)!;
        const k = venue.deps.profile.tickMultiple;
        const price = (venueTicks: number) => Math.max(1, Math.round(venueTicks * scale[i]!)) * k;
        m.loadHistory(
          history.candles[venue.name]![spec.symbol]!.map((c) => ({
            time: c.time,
            open: price(c.open),
            high: price(c.high),
            low: price(c.low),
            close: price(c.close),
            volumeLots: c.volumeLots,
          })),
        );
      }
    }
    const state = await options.store.load();
    for (const venue of exchange.venues) {
      venue.restore(
        state.accounts.filter((a) => a.venue === venue.name),
        state.positions.filter((p) => p.venue === venue.name),
        state.openOrders.filter((o) => o.venue === venue.name),
      );
    }
    exchange.stepMarkets(exchange.time, exchange.process.prices());
    exchange.advanceTo(now);
    return exchange;
  }

  venue(name: string): SimVenue | undefined {
    return this.venues.find((v) => v.name === name);
  }

  /** Simulated time: the last step taken. */
  now(): number {
    return this.time;
  }

  /** Runs the market up to `now` in fixed steps. */
  advanceTo(now: number): void {
    if (now - this.time > MAX_CATCH_UP_MS) {
      const target = Math.floor((now - STEP_MS) / STEP_MS) * STEP_MS;
      this.process.step((target - this.time) / SECOND);
      this.time = target;
    }
    while (this.time + STEP_MS <= now) {
      const t = this.time + STEP_MS;
      const prices = this.process.step(STEP_MS / SECOND);
      this.time = t;
      this.stepMarkets(t, prices);
      if (t % SECOND === 0) this.checkLiquidations(t);
      if (t % MINUTE === 0) this.everyMinute(t);
      if (t % HOUR === 0) this.payFunding(t);
    }
  }

  /** Follows the wall clock until stopped. */
  start(intervalMs = STEP_MS): void {
    this.timer ??= setInterval(() => {
      try {
        this.advanceTo(this.options.now());
      } catch (err) {
        this.options.onError?.(err, "simulation step");
      }
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the clock and waits until every change is stored. */
  async stop(): Promise<void> {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    if (this.haltedBy !== undefined) return;
    await this.saveCheckpoint(this.time);
    await this.flushed();
  }

  /**
   * Stops serving after its changes could not be stored: memory is ahead of the database, so the clock
   * stops and every owner's operation is refused with `err`. Reopening from the database resumes.
   */
  halt(err: Error): void {
    this.haltedBy ??= err;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Resolves when every change made so far is stored. */
  flushed(): Promise<void> {
    return this.options.store.flushed();
  }

  /** The store keeps changes in the order they are handed over (its batches commit one after another). */
  private commit(change: OwnerChange): Promise<void> {
    return this.options.store.commit(change);
  }

  private stepMarkets(t: number, prices: readonly number[]): void {
    const change = new OwnerChange();
    const markets = this.options.markets ?? MARKETS;
    const decay = Math.exp(-BASIS_REVERSION_PER_MS * STEP_MS);
    for (const venue of this.venues) {
      const profile = venue.deps.profile;
      for (const [i, spec] of markets.entries()) {
        const m = venue.simMarkets.get(spec.symbol)!;
        const tick = Number(spec.baseTick);
        m.basisBps =
          profile.basisBps.mean + (m.basisBps - profile.basisBps.mean) * decay + profile.basisBps.sd * Math.sqrt(1 - decay * decay) * this.flow.normal();
        m.indexPrice = Math.max(1, Math.round(prices[i]! / tick));
        m.fair = (prices[i]! * (1 + m.basisBps / 10_000)) / tick;
        if (t >= m.nextQuoteAt) {
          this.requote(venue, m, t, change);
          m.nextQuoteAt = t + profile.quoteRefreshMs;
        }
        this.mark(venue, m, t, change);
        this.takerFlow(venue, m, prices[i]!, t, change);
        m.rollCandles(t);
      }
    }
    for (const spec of markets) this.arbitrage(spec.symbol, t, change);
    if (!change.empty) this.commitFromSimulation(change);
  }

  /**
   * Simulated arbitrageurs: when one venue's best bid is above another's best ask (stale quotes, a basis
   * gap) or meets it, they buy the cheap ask and sell the rich bid until the venues no longer cross, as on real
   * markets where nobody leaves free money on the table for long.
   */
  private arbitrage(symbol: string, t: number, change: OwnerChange): void {
    for (let round = 0; round < ARBITRAGE_ROUNDS; round++) {
      let rich: { venue: SimVenue; m: SimMarket; price: number } | undefined;
      let cheap: { venue: SimVenue; m: SimMarket; price: number } | undefined;
      for (const venue of this.venues) {
        const m = venue.simMarkets.get(symbol)!;
        const bid = m.book.bestBid();
        const ask = m.book.bestAsk();
        if (bid !== undefined && (rich === undefined || bid > rich.price)) rich = { venue, m, price: bid };
        if (ask !== undefined && (cheap === undefined || ask < cheap.price)) cheap = { venue, m, price: ask };
      }
      if (rich === undefined || cheap === undefined || rich.venue === cheap.venue || rich.price < cheap.price) return;
      const lots = Math.min(rich.m.book.snapshot(1).bids[0]!.size, cheap.m.book.snapshot(1).asks[0]!.size);
      const owner = `${SIM_OWNER_PREFIX}arb`;
      const buy = cheap.m.book.submit(
        { id: `arb-${++this.mmOrderSeq}`, owner, side: "BUY", type: "LIMIT", price: cheap.price, size: lots, timeInForce: "IOC" },
        t,
      );
      this.applyAll(cheap.venue, cheap.m, [buy], t, change);
      const sell = rich.m.book.submit(
        { id: `arb-${++this.mmOrderSeq}`, owner, side: "SELL", type: "LIMIT", price: rich.price, size: lots, timeInForce: "IOC" },
        t,
      );
      this.applyAll(rich.venue, rich.m, [sell], t, change);
    }
  }

  private requote(venue: SimVenue, m: SimMarket, t: number, change: OwnerChange): void {
    const profile = venue.deps.profile;
    const price = m.fair * Number(m.spec.baseTick);
    const lotsAtTouch = Math.max(1, Math.round((15_000 * profile.depthScale) / (price * Number(m.spec.lot))));
    const halfSpread = m.fair * 0.00005;
    const desired = desiredQuotes(this.quoteCentre(venue, m, halfSpread), {
      tickMultiple: profile.tickMultiple,
      levels: profile.depthLevels,
      lotsAtTouch,
      halfSpread,
    });
    const { cancel, place } = quoteChanges(m.quoteLadders(), desired);
    for (const c of cancel) {
      const quotes = c.side === "BUY" ? m.quotes.bids : m.quotes.asks;
      const q = quotes.get(c.price)!;
      quotes.delete(c.price);
      const result = m.book.cancel(q.orderId);
      if (result.found && result.deltas.length > 0) venue.bookChanged(m, result.updateId, t);
    }
    const owner = `${SIM_OWNER_PREFIX}mm:${venue.name}`;
    for (const p of place) {
      const id = `mm-${++this.mmOrderSeq}`;
      const result = m.book.submit({ id, owner, side: p.side, type: "LIMIT", price: p.price, size: p.lots, timeInForce: "GTC" }, t);
      this.applyAll(venue, m, [result], t, change);
      if (result.ack.openSize > 0) (p.side === "BUY" ? m.quotes.bids : m.quotes.asks).set(p.price, { orderId: id, lots: result.ack.openSize });
    }
  }

  /**
   * Where a market maker centres its quotes: its venue's fair value, held close enough to the other
   * venues' touch that its bid stays below their best ask and its ask above their best bid (market
   * makers watch the other venues; one that quoted through them would be picked off at once).
   */
  private quoteCentre(venue: SimVenue, m: SimMarket, halfSpread: number): number {
    let othersBid = -Infinity;
    let othersAsk = Infinity;
    for (const other of this.venues) {
      if (other === venue) continue;
      const book = other.simMarkets.get(m.spec.symbol)!.book;
      othersBid = Math.max(othersBid, book.bestBid() ?? -Infinity);
      othersAsk = Math.min(othersAsk, book.bestAsk() ?? Infinity);
    }
    if (othersBid >= othersAsk) return m.fair;
    const step = venue.deps.profile.tickMultiple;
    const low = othersBid - halfSpread + step;
    const high = othersAsk + halfSpread - step;
    return low > high ? m.fair : Math.min(Math.max(m.fair, low), high);
  }

  /** The mark: the venue's fair value held inside its best bid and ask. Stops trigger on it. */
  private mark(venue: SimVenue, m: SimMarket, t: number, change: OwnerChange): void {
    let mark = Math.max(1, Math.round(m.fair));
    const bid = m.book.bestBid();
    const ask = m.book.bestAsk();
    if (bid !== undefined && mark < bid) mark = bid;
    if (ask !== undefined && mark > ask) mark = ask;
    if (mark === m.markPrice) return;
    m.markPrice = mark;
    this.applyAll(venue, m, m.book.onMarkPrice(mark, t), t, change);
  }

  /** Simulated takers: market orders at random times and sizes, about six a minute per market and venue. */
  private takerFlow(venue: SimVenue, m: SimMarket, index: number, t: number, change: OwnerChange): void {
    const perSecond = TAKER_FLOW.arrivalsPerSecond * venue.deps.profile.depthScale;
    if (this.flow.next() >= perSecond * (STEP_MS / SECOND)) return;
    const notionalUsd = TAKER_FLOW.medianNotionalUsd * Math.exp(TAKER_FLOW.sizeSigma * this.flow.normal());
    const lots = Math.max(1, Math.round(notionalUsd / (index * Number(m.spec.lot))));
    const side = this.flow.next() < 0.5 ? "BUY" : "SELL";
    // Takers accept up to 1% from the mark, as a venue's market-order protection would.
    const protectionPrice = Math.max(1, Math.round(m.markPrice * (side === "BUY" ? 1.01 : 0.99)));
    const result = m.book.submit(
      { id: `tk-${++this.mmOrderSeq}`, owner: `${SIM_OWNER_PREFIX}taker:${venue.name}`, side, type: "MARKET", size: lots, protectionPrice },
      t,
    );
    this.applyAll(venue, m, [result], t, change);
  }

  private applyAll(venue: SimVenue, m: SimMarket, results: readonly MatchResult[], t: number, change: OwnerChange): void {
    for (const result of results) venue.apply(m, result, t, change);
  }

  private checkLiquidations(t: number): void {
    const change = new OwnerChange();
    for (const venue of this.venues) venue.liquidateUnderwater(t, change);
    if (!change.empty) this.commitFromSimulation(change);
  }

  private everyMinute(t: number): void {
    for (const venue of this.venues) {
      for (const m of venue.simMarkets.values()) {
        m.premiumSamplesE8.push(premiumE8(m.markPrice, m.indexPrice));
        m.fundingRateE8 = hourlyFundingRateE8(m.premiumSamplesE8, FUNDING);
      }
    }
    void this.saveCheckpoint(t);
  }

  private payFunding(t: number): void {
    const change = new OwnerChange();
    for (const venue of this.venues) {
      for (const m of venue.simMarkets.values()) {
        venue.payFunding(m, m.fundingRateE8, t, change);
        m.premiumSamplesE8 = [];
      }
    }
    if (!change.empty) this.commitFromSimulation(change);
  }

  private commitFromSimulation(change: OwnerChange): void {
    this.commit(change).then(
      () => {
        for (const venue of this.venues) venue.announce(change);
      },
      (err: unknown) => this.options.onError?.(err, "storing owners' changes"),
    );
  }

  private saveCheckpoint(t: number): Promise<void> {
    const checkpoint: Checkpoint = {
      time: t,
      process: this.process.state(),
      flow: this.flow.state(),
      basis: Object.fromEntries(this.venues.map((v) => [v.name, Object.fromEntries([...v.simMarkets.values()].map((m) => [m.spec.symbol, m.basisBps]))])),
    };
    return this.options.store.saveCheckpoint(checkpoint, t).catch((err: unknown) => this.options.onError?.(err, "saving the simulator checkpoint"));
  }
}
