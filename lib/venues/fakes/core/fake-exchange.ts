import { initialMarginFor, type AccountMargin } from "../../../engine/accounts/margin";
import { notional, parseAtoms } from "../../../engine/accounts/market-units";
import { backfill } from "../../../engine/sim/history";
import { PriceProcess } from "../../../engine/sim/price-process";
import { createRng, type Rng } from "../../../engine/sim/rng";
import type { BookSnapshot, LevelDelta, OrderRequest, RejectReason } from "../../../engine/types";
import { type Clock, systemClock } from "../../../clock";
import { type AccountState, marginOf, newAccount, positionState } from "../../sim/accounts";
import { engineOrder } from "../../sim/booking";
import type { PlaceOrder, VenueCandle, VenueTrade } from "../../venue";
import { type FakeFees, type FakeMarket, type FakeMarketSpec, fakeMarket } from "./fake-market";
import { type FakeFill, type FakeOrder, Ledger } from "./ledger";
import { markAndFunding, type Participant, requote, takerTrade } from "./market-motion";

export interface FakeAccountSeed {
  /** The venue's name for the account: an address, an API key. */
  id: string;
  /** Collateral in quote currency, e.g. "10000". */
  collateral: string;
}

export interface FakeExchangeOptions {
  /** The venue's name on the orders and fills it keeps. */
  venue: string;
  markets: readonly FakeMarketSpec[];
  fees: FakeFees;
  accounts?: readonly FakeAccountSeed[];
  /** Prices, quotes and trades follow from it (timestamps come from the clock). */
  seed?: number;
  clock?: Clock;
  /** Leverage of an account on a market until it sets its own; capped at the market's maximum. */
  defaultLeverage?: number;
  /** Market time per step, ms; also the timer's period. */
  stepMs?: number;
  /** One-minute candles of history before the first step. */
  historyMinutes?: number;
}

export type PlaceRefusal = "UNKNOWN_MARKET" | "UNKNOWN_ACCOUNT" | "UNSUPPORTED_TYPE" | "MIN_NOTIONAL" | "INSUFFICIENT_MARGIN" | RejectReason;

export type PlaceResult = { ok: true; order: FakeOrder; fills: FakeFill[] } | { ok: false; refusal: PlaceRefusal };

export type FakeExchangeEvent =
  /** The book changed by these level deltas (apply in order), from update id `firstUpdateId` to `lastUpdateId`. */
  | { type: "book"; market: string; deltas: readonly LevelDelta[]; firstUpdateId: number; lastUpdateId: number }
  | { type: "trades"; market: string; trades: readonly VenueTrade[] }
  /** The market moved one step: marks, funding and candles are new. */
  | { type: "step" };

const WARM_UP_STEPS = 3;

/** What every new order starts with. */
const UNFILLED = { triggerPrice: null, filledSize: 0, filledNotional: 0n, fees: 0n, status: "NEW", reason: null } as const;

/**
 * An in-memory perpetuals venue shared by the fake venues: markets with moving books around a seeded price
 * path, a tape, candles, funding, and accounts with collateral, positions, leverage and orders. It speaks no
 * wire format; the fakes put Hyperliquid's or Binance's on it.
 */
export class FakeExchange {
  readonly ledger: Ledger;
  private readonly markets = new Map<string, FakeMarket>();
  private readonly process: PriceProcess;
  private readonly rng: Rng;
  private readonly clock: Clock;
  private readonly stepMs: number;
  private readonly listeners = new Set<(event: FakeExchangeEvent) => void>();
  private timer: NodeJS.Timeout | undefined;
  private internalSeq = 0;

  constructor(private readonly options: FakeExchangeOptions) {
    const seed = options.seed ?? 1;
    this.clock = options.clock ?? systemClock;
    this.stepMs = options.stepMs ?? 500;
    this.rng = createRng(seed ^ 0x3c6ef372);
    const defaultLeverage = options.defaultLeverage ?? 20;
    this.ledger = new Ledger(options.venue, (m) => Math.min(defaultLeverage, m.spec.maxLeverage));
    for (const spec of options.markets) {
      this.markets.set(
        spec.id,
        fakeMarket(spec, options.fees, (owner) => this.ledger.heldLots(owner, spec.id)),
      );
    }
    const models = options.markets.map((m) => ({ symbol: m.id, ...m.model }));
    const history = backfill({
      models,
      venues: [{ name: "fake", basisBps: { mean: 0, sd: 0 }, depthScale: 1, units: this.unitsByMarket() }],
      seed,
      endMs: this.clock.now(),
      minutes: options.historyMinutes ?? 240,
    });
    this.process = new PriceProcess(models, history.process);
    for (const market of this.markets.values()) {
      const candles = history.candles.fake?.[market.spec.id] ?? [];
      market.sim.loadHistory(candles);
      market.sim.fair = candles.at(-1)?.close ?? market.spec.model.startPrice / Number(market.spec.tickSize);
    }
    for (const account of options.accounts ?? []) this.addAccount(account);
    for (let i = 0; i < WARM_UP_STEPS; i++) this.step();
  }

  addAccount(seed: FakeAccountSeed): void {
    this.ledger.accounts.set(seed.id, newAccount(parseAtoms(seed.collateral), this.clock.now()));
  }

  now(): number {
    return this.clock.now();
  }

  marketList(): FakeMarket[] {
    return [...this.markets.values()];
  }

  market(id: string): FakeMarket | undefined {
    return this.markets.get(id);
  }

  book(id: string, depth: number): BookSnapshot | undefined {
    return this.markets.get(id)?.sim.book.snapshot(depth);
  }

  /** Newest first. */
  trades(id: string, limit: number): VenueTrade[] {
    return this.markets.get(id)?.sim.recentTrades(limit) ?? [];
  }

  /** One-minute candles with time in [from, to), oldest first. */
  candles(id: string, from: number, to: number): VenueCandle[] {
    const market = this.markets.get(id);
    if (market === undefined) return [];
    market.sim.rollCandles(this.clock.now());
    return market.sim.candles(from, to);
  }

  /** Places an account's limit or market order: checks the venue makes before the book, then the book. */
  place(owner: string, req: PlaceOrder): PlaceResult {
    const market = this.markets.get(req.symbol);
    if (market === undefined) return { ok: false, refusal: "UNKNOWN_MARKET" };
    const account = this.ledger.accounts.get(owner);
    if (account === undefined) return { ok: false, refusal: "UNKNOWN_ACCOUNT" };
    if (req.type !== "LIMIT" && req.type !== "MARKET") return { ok: false, refusal: "UNSUPPORTED_TYPE" };
    if (!Number.isSafeInteger(req.size) || req.size <= 0) return { ok: false, refusal: "INVALID_SIZE" };
    // Resting orders hold margin at the market's leverage, so the account's entry for the market must exist.
    positionState(account, market.spec.id, this.ledger.defaultLeverage(market));
    if (req.reduceOnly !== true) {
      const shortfall = this.shortfall(owner, account, market, req);
      if (shortfall !== null) return { ok: false, refusal: shortfall };
    }
    const now = this.clock.now();
    const order: FakeOrder = {
      ...UNFILLED,
      owner,
      orderId: this.ledger.newOrderId(),
      clientOrderId: req.clientOrderId ?? null,
      venue: this.options.venue,
      symbol: req.symbol,
      side: req.side,
      type: req.type,
      size: req.size,
      price: req.price ?? null,
      timeInForce: req.type === "LIMIT" ? (req.timeInForce ?? "GTC") : null,
      reduceOnly: req.reduceOnly === true,
      createdAt: now,
      updatedAt: now,
    };
    this.ledger.orders.set(order.orderId, order);
    const result = market.sim.book.submit(engineOrder({ ...order, ownerId: owner }, req.size, req.protectionPrice), now);
    const fills = this.ledger.book(market, result, now).filter((f) => f.orderId === order.orderId);
    this.announce();
    if (result.ack.status === "REJECTED") {
      // A refused order leaves no record, as on the venues.
      this.ledger.orders.delete(order.orderId);
      return { ok: false, refusal: result.ack.reason as RejectReason };
    }
    return { ok: true, order, fills };
  }

  /** Cancels an account's open order; undefined when it has no such open order. */
  cancel(owner: string, orderId: string): FakeOrder | undefined {
    const order = this.ledger.orders.get(orderId);
    if (order === undefined || order.owner !== owner || !isOpen(order)) return undefined;
    const market = this.markets.get(order.symbol)!;
    const result = market.sim.book.cancel(orderId);
    if (result.found) market.pending.deltas.push(...result.deltas);
    order.status = "CANCELED";
    order.reason = "CANCELED_BY_OWNER";
    order.updatedAt = this.clock.now();
    this.announce();
    return order;
  }

  order(owner: string, orderId: string): FakeOrder | undefined {
    const order = this.ledger.orders.get(orderId);
    return order?.owner === owner ? order : undefined;
  }

  /** The account's latest order with this client order id. */
  orderByClientId(owner: string, clientOrderId: string): FakeOrder | undefined {
    let found: FakeOrder | undefined;
    for (const order of this.ledger.orders.values()) if (order.owner === owner && order.clientOrderId === clientOrderId) found = order;
    return found;
  }

  openOrders(owner: string, market?: string): FakeOrder[] {
    return [...this.ledger.orders.values()].filter((o) => o.owner === owner && isOpen(o) && (market === undefined || o.symbol === market));
  }

  /** Oldest first. */
  fills(owner: string): readonly FakeFill[] {
    return this.ledger.fills.get(owner) ?? [];
  }

  account(owner: string): AccountState | undefined {
    return this.ledger.accounts.get(owner);
  }

  leverage(owner: string, market: FakeMarket): number {
    return this.ledger.accounts.get(owner)?.positions.get(market.spec.id)?.leverage ?? this.ledger.defaultLeverage(market);
  }

  /** Sets an account's leverage on a market: a whole number from 1 to the market's maximum. */
  setLeverage(owner: string, marketId: string, leverage: number): "OK" | "UNKNOWN_MARKET" | "UNKNOWN_ACCOUNT" | "INVALID_LEVERAGE" {
    const market = this.markets.get(marketId);
    if (market === undefined) return "UNKNOWN_MARKET";
    const account = this.ledger.accounts.get(owner);
    if (account === undefined) return "UNKNOWN_ACCOUNT";
    if (!Number.isSafeInteger(leverage) || leverage < 1 || leverage > market.spec.maxLeverage) return "INVALID_LEVERAGE";
    positionState(account, marketId, this.ledger.defaultLeverage(market)).leverage = leverage;
    return "OK";
  }

  /** Cross margin of the account at the current marks. */
  margin(owner: string, account: AccountState): AccountMargin {
    return marginOf(
      account,
      (id) => this.markets.get(id)!.sim.risk,
      (id) => this.markets.get(id)!.sim.markPrice,
      this.openOrders(owner).map((o) => ({ symbol: o.symbol, price: o.price ?? 0, openLots: o.size - o.filledSize, reduceOnly: o.reduceOnly })),
    );
  }

  /** Moves every market one step: prices, quotes, a trade now and then, marks and funding; then tells the listeners. */
  step(): void {
    const now = this.clock.now();
    const seconds = this.stepMs / 1000;
    const prices = this.process.step(seconds);
    this.marketList().forEach((market, i) => {
      market.sim.fair = prices[i]! / Number(market.spec.tickSize);
      const trader = this.participant(market, now);
      requote(market, trader);
      takerTrade(market, this.rng, trader);
      markAndFunding(market, this.rng, seconds);
      market.sim.rollCandles(now);
    });
    this.announce();
    this.emit({ type: "step" });
  }

  /** Steps on a timer until `stop`. */
  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => this.step(), this.stepMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  on(listener: (event: FakeExchangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private participant(market: FakeMarket, now: number): Participant {
    return {
      submit: (order: OrderRequest) => {
        const result = market.sim.book.submit(order, now);
        this.ledger.book(market, result, now);
        return result;
      },
      cancel: (orderId) => {
        const result = market.sim.book.cancel(orderId);
        if (result.found) market.pending.deltas.push(...result.deltas);
      },
      nextId: () => `internal-${++this.internalSeq}`,
    };
  }

  /** Why the account may not place the order before it meets the book: too small, or not enough margin. */
  private shortfall(owner: string, account: AccountState, market: FakeMarket, req: PlaceOrder): PlaceRefusal | null {
    const units = market.sim.risk.units;
    const reference = req.price ?? req.protectionPrice ?? market.sim.markPrice;
    if (notional(units, reference, req.size) < parseAtoms(market.spec.minNotional)) return "MIN_NOTIONAL";
    const held = this.ledger.heldLots(owner, market.spec.id);
    const reducing = req.side === "BUY" ? Math.max(0, -held) : Math.max(0, held);
    const adding = Math.max(0, req.size - reducing);
    const needed = initialMarginFor(notional(units, reference, adding), this.leverage(owner, market));
    return needed > this.margin(owner, account).available ? "INSUFFICIENT_MARGIN" : null;
  }

  /** Tells the listeners what the last operation changed in each market. */
  private announce(): void {
    for (const market of this.markets.values()) {
      const { deltas, trades } = market.pending;
      market.pending = { deltas: [], trades: [] };
      const updateId = market.sim.book.snapshot(0).updateId;
      if (deltas.length > 0 && updateId > market.announcedUpdateId) {
        this.emit({ type: "book", market: market.spec.id, deltas, firstUpdateId: market.announcedUpdateId + 1, lastUpdateId: updateId });
        market.announcedUpdateId = updateId;
      }
      if (trades.length > 0) this.emit({ type: "trades", market: market.spec.id, trades });
    }
  }

  private emit(event: FakeExchangeEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  private unitsByMarket(): Record<string, { tick: number; lot: number }> {
    return Object.fromEntries(this.options.markets.map((m) => [m.id, { tick: Number(m.tickSize), lot: Number(m.lotSize) }]));
  }
}

export function isOpen(order: FakeOrder): boolean {
  return order.status === "NEW" || order.status === "PARTIALLY_FILLED";
}
