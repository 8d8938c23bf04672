import { initialMarginFor } from "../../engine/accounts/margin";
import { fundingPayment } from "../../engine/accounts/funding";
import { notional } from "../../engine/accounts/market-units";
import { ownerFills, statusOf } from "../../engine/results";
import type { MatchResult, OrderRequest } from "../../engine/types";
import type { MarketSpec, VenueProfile } from "../catalog";
import type {
  CancelOutcome,
  PlaceOrder,
  PlaceOutcome,
  Venue,
  VenueBalance,
  VenueBook,
  VenueEvent,
  VenueFill,
  VenueMarket,
  VenueOrder,
  VenuePosition,
  VenueRejectCode,
  VenueTicker,
} from "../venue";
import { bookFill, bookFunding, marginOf, newAccount, positionState, type AccountState, type OrderExposure } from "./accounts";
import { isSimOwner, OwnerChange, type AccountRow, type OwnedFill, type OwnedOrder, type PositionRow } from "./change";
import { SimMarket } from "./sim-market";

export interface SimVenueDeps {
  profile: VenueProfile;
  markets: readonly MarketSpec[];
  now(): number;
  /** Every new owner gets this much collateral on the venue (quote atoms). */
  paperBalance: bigint;
  /** Leverage of a symbol until the owner sets one (capped at the market's maximum). */
  defaultLeverage: number;
  /** Writes a change durably; resolves once it is stored (changes are written in call order). */
  commit(change: OwnerChange): Promise<void>;
  /** Finds an order no longer in memory (closed before this process started). */
  findOrder(ownerId: string, query: { orderId: string } | { clientOrderId: string }): Promise<OwnedOrder | undefined>;
  /** Waits the venue's latency; tests pass one that does not wait. */
  delay(ms: number): Promise<void>;
  newId(prefix: string): string;
  /** Unique per process start: with the fill sequence it names fills and trades. */
  bootId: string;
}

type Reject = { ok: false; code: VenueRejectCode; message: string };
const reject = (code: VenueRejectCode, message: string): Reject => ({ ok: false, code, message });

/** A simulated perpetual-futures venue: one order book per market and the accounts of its owners. */
export class SimVenue implements Venue {
  readonly name: string;
  readonly pairTrading: boolean;
  readonly simMarkets = new Map<string, SimMarket>();
  private readonly accounts = new Map<string, AccountState>();
  /** Owners' live orders (resting or held stops), by id. */
  private readonly open = new Map<string, OwnedOrder>();
  /** Orders placed since this process started, by owner and client id, for idempotent retries. */
  private readonly byClientId = new Map<string, OwnedOrder>();
  private readonly listeners = new Set<(event: VenueEvent) => void>();
  private readonly marketList: VenueMarket[];

  constructor(readonly deps: SimVenueDeps) {
    this.name = deps.profile.name;
    this.pairTrading = deps.profile.pairTrading;
    for (const spec of deps.markets) {
      this.simMarkets.set(spec.symbol, new SimMarket(spec, deps.profile, (owner) => this.heldLots(owner, spec.symbol)));
    }
    this.marketList = [...this.simMarkets.values()].map((m) => m.info);
  }

  // ---- market data -------------------------------------------------------------------------------

  markets(): readonly VenueMarket[] {
    return this.marketList;
  }

  book(symbol: string, depth = 100): VenueBook | undefined {
    const m = this.simMarkets.get(symbol);
    if (m === undefined) return undefined;
    const snap = m.book.snapshot(depth);
    return {
      symbol,
      bids: snap.bids.map((l) => [l.price, l.size] as const),
      asks: snap.asks.map((l) => [l.price, l.size] as const),
      updatedAt: m.bookUpdatedAt,
      updateId: snap.updateId,
    };
  }

  trades(symbol: string, limit: number) {
    return this.simMarkets.get(symbol)?.recentTrades(limit) ?? [];
  }

  candles(symbol: string, from: number, to: number) {
    return this.simMarkets.get(symbol)?.candles(from, to) ?? [];
  }

  ticker(symbol: string): VenueTicker | undefined {
    const m = this.simMarkets.get(symbol);
    if (m === undefined) return undefined;
    const hour = 3_600_000;
    return {
      symbol,
      markPrice: m.markPrice,
      indexPrice: m.indexPrice,
      fundingRateE8: m.fundingRateE8,
      nextFundingAt: Math.floor(this.deps.now() / hour) * hour + hour,
    };
  }

  subscribe(listener: (event: VenueEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: VenueEvent): void {
    for (const l of this.listeners) l(event);
  }

  // ---- owners ------------------------------------------------------------------------------------

  async place(owner: string, req: PlaceOrder): Promise<PlaceOutcome> {
    const market = this.simMarkets.get(req.symbol);
    if (market === undefined) return reject("UNKNOWN_SYMBOL", `${this.name} has no market ${req.symbol}`);
    const invalid = this.invalid(market, req);
    if (invalid !== null) return reject("INVALID_ORDER", invalid);
    if (req.clientOrderId !== undefined) {
      const earlier = this.byClientId.get(clientKey(owner, req.clientOrderId)) ?? (await this.deps.findOrder(owner, { clientOrderId: req.clientOrderId }));
      if (earlier !== undefined) return { ok: true, order: publicOrder(earlier), fills: [] };
    }
    await this.deps.delay(this.deps.profile.latencyMs);

    // From here to the commit nothing awaits: the order meets the book as it is now.
    const now = this.deps.now();
    if (req.clientOrderId !== undefined) {
      const raced = this.byClientId.get(clientKey(owner, req.clientOrderId));
      if (raced !== undefined) return { ok: true, order: publicOrder(raced), fills: [] };
    }
    const change = new OwnerChange();
    const account = this.account(owner, now, change);
    const shortfall = this.marginShortfall(owner, account, market, req);
    if (shortfall !== null) return reject("INSUFFICIENT_MARGIN", shortfall);

    const { order, fills } = this.submitNow(owner, req, now, change);
    await this.deps.commit(change);
    this.announce(change);
    return { ok: true, order: publicOrder(order), fills: fills.map(publicFill) };
  }

  async cancel(owner: string, orderId: string): Promise<CancelOutcome> {
    const order = this.open.get(orderId);
    if (order === undefined || order.ownerId !== owner) {
      const closed = order === undefined ? await this.deps.findOrder(owner, { orderId }) : undefined;
      if (closed !== undefined) return { ok: false, code: "ORDER_NOT_OPEN", message: `order ${orderId} is ${closed.status}` };
      return { ok: false, code: "ORDER_NOT_FOUND", message: `no order ${orderId} on ${this.name}` };
    }
    const market = this.simMarkets.get(order.symbol)!;
    const now = this.deps.now();
    const result = market.book.cancel(orderId);
    const change = new OwnerChange();
    this.close(order, "CANCELED", "CANCELED_BY_OWNER", now, change);
    if (result.found && result.deltas.length > 0) this.bookChanged(market, result.updateId, now);
    await this.deps.commit(change);
    this.announce(change);
    return { ok: true, order: publicOrder(order) };
  }

  async openOrders(owner: string): Promise<readonly VenueOrder[]> {
    return [...this.open.values()].filter((o) => o.ownerId === owner).map(publicOrder);
  }

  async order(owner: string, orderId: string): Promise<VenueOrder | undefined> {
    const live = this.open.get(orderId);
    if (live !== undefined) return live.ownerId === owner ? publicOrder(live) : undefined;
    const found = await this.deps.findOrder(owner, { orderId });
    return found === undefined || found.venue !== this.name ? undefined : publicOrder(found);
  }

  async positions(owner: string): Promise<readonly VenuePosition[]> {
    const account = await this.ensureAccount(owner);
    const margin = this.margin(owner, account);
    const out: VenuePosition[] = [];
    for (const [symbol, held] of account.positions) {
      if (held.position.sizeLots === 0n) continue;
      const m = margin.positions.find((p) => p.symbol === symbol);
      const market = this.simMarkets.get(symbol)!;
      out.push({
        venue: this.name,
        symbol,
        size: Number(held.position.sizeLots),
        costBasis: held.position.costBasis,
        markPrice: market.markPrice,
        unrealizedPnl: m?.unrealizedPnl ?? 0n,
        realizedPnl: held.realizedPnl,
        funding: held.funding,
        leverage: held.leverage,
        initialMargin: m?.initialMargin ?? 0n,
        maintenanceMargin: m?.maintenanceMargin ?? 0n,
        liquidationPrice: m?.liquidationPriceTicks ?? null,
      });
    }
    return out;
  }

  async balance(owner: string): Promise<VenueBalance> {
    const account = await this.ensureAccount(owner);
    const m = this.margin(owner, account);
    return {
      venue: this.name,
      asset: "USDC",
      collateral: m.collateral,
      unrealizedPnl: m.unrealizedPnl,
      equity: m.equity,
      initialMargin: m.initialMargin,
      maintenanceMargin: m.maintenanceMargin,
      orderMargin: m.orderMargin,
      available: m.available,
    };
  }

  async setLeverage(owner: string, symbol: string, leverage: number): Promise<{ ok: true } | Reject> {
    const market = this.simMarkets.get(symbol);
    if (market === undefined) return reject("UNKNOWN_SYMBOL", `${this.name} has no market ${symbol}`);
    if (!Number.isInteger(leverage) || leverage < 1) return reject("INVALID_ORDER", "leverage must be a whole number of at least 1");
    if (leverage > market.spec.maxLeverage) return reject("LEVERAGE_TOO_HIGH", `${symbol} allows at most ${market.spec.maxLeverage}× on ${this.name}`);
    const now = this.deps.now();
    const change = new OwnerChange();
    const account = this.account(owner, now, change);
    const held = positionState(account, symbol, this.defaultLeverage(market));
    const previous = held.leverage;
    held.leverage = leverage;
    if (this.margin(owner, account).available < 0n) {
      held.leverage = previous;
      return reject("INSUFFICIENT_MARGIN", `the account's margin does not cover ${leverage}× on ${symbol}`);
    }
    held.updatedAt = now;
    change.position(owner, this.name, symbol, held);
    await this.deps.commit(change);
    return { ok: true };
  }

  // ---- used by the exchange ----------------------------------------------------------------------

  /** Books an engine result: owners' fills, positions, collateral and orders, the tape and the quotes. Returns the owners' fills. */
  apply(market: SimMarket, result: MatchResult, now: number, change: OwnerChange, liquidation = false): OwnedFill[] {
    const booked: OwnedFill[] = [];
    for (const fill of result.fills) {
      const trade = {
        id: `${this.deps.bootId}-${this.name}-${market.spec.symbol}-${fill.seq}`,
        symbol: market.spec.symbol,
        price: fill.price,
        size: fill.size,
        side: fill.takerSide,
        time: now,
      };
      market.recordTrade(trade);
      this.emit({ type: "trade", venue: this.name, trade });
      for (const side of ownerFills(fill)) {
        if (isSimOwner(side.owner)) {
          if (side.liquidity === "MAKER") this.quoteFilled(market, side.side, fill.price, side.orderId, side.size);
          continue;
        }
        const account = this.account(side.owner, now, change);
        const held = positionState(account, market.spec.symbol, this.defaultLeverage(market));
        const signed = side.side === "BUY" ? side.size : -side.size;
        const realized = bookFill(account, held, market.risk, signed, side.price, side.fee, now);
        const owned: OwnedFill = {
          ownerId: side.owner,
          fillId: `fil_${trade.id}-${side.liquidity === "MAKER" ? "m" : "t"}`,
          orderId: side.orderId,
          venue: this.name,
          symbol: market.spec.symbol,
          side: side.side,
          liquidity: liquidation && side.liquidity === "TAKER" ? "LIQUIDATION" : side.liquidity,
          price: side.price,
          size: side.size,
          fee: side.fee,
          realizedPnl: realized,
          time: now,
        };
        booked.push(owned);
        change.fills.push(owned);
        change.position(side.owner, this.name, market.spec.symbol, held);
        change.account(side.owner, this.name, account);
        const order = this.open.get(side.orderId);
        if (order !== undefined) {
          order.filledSize += side.size;
          order.filledNotional += notional(market.risk.units, side.price, side.size);
          order.fees += side.fee;
          order.updatedAt = now;
          if (order.filledSize === order.size) this.close(order, "FILLED", null, now, change);
          else {
            order.status = "PARTIALLY_FILLED";
            change.order(order);
          }
        }
      }
    }
    for (const c of result.canceled) {
      if (isSimOwner(c.owner)) {
        if (c.openSize === 0) this.quoteGone(market, c.side, c.price, c.orderId);
        continue;
      }
      const order = this.open.get(c.orderId);
      if (order === undefined) continue;
      if (c.openSize === 0) this.close(order, "CANCELED", c.reason, now, change);
      else {
        order.reason = c.reason;
        order.updatedAt = now;
        change.order(order);
      }
    }
    const ack = result.ack;
    const taker = isSimOwner(ack.owner) ? undefined : this.open.get(ack.orderId);
    if (taker !== undefined) {
      taker.updatedAt = now;
      if (ack.reason !== undefined) taker.reason = ack.reason;
      if (ack.status === "REJECTED") this.close(taker, "REJECTED", ack.reason ?? null, now, change);
      else if (ack.openSize === 0 && !ack.held) this.close(taker, taker.filledSize === taker.size ? "FILLED" : "CANCELED", taker.reason, now, change);
      else {
        taker.status = statusOf(taker.size, taker.filledSize, taker.size - taker.filledSize);
        change.order(taker);
      }
    }
    if (result.deltas.length > 0) this.bookChanged(market, result.updateId, now);
    return booked;
  }

  /** Creates an owner's order and meets the book with it now (nothing awaits); returns the order's own fills. */
  submitNow(owner: string, req: PlaceOrder, now: number, change: OwnerChange, liquidation = false): { order: OwnedOrder; fills: OwnedFill[] } {
    const market = this.simMarkets.get(req.symbol)!;
    const order: OwnedOrder = {
      ownerId: owner,
      orderId: this.deps.newId("ord"),
      clientOrderId: req.clientOrderId ?? null,
      venue: this.name,
      symbol: req.symbol,
      side: req.side,
      type: req.type,
      timeInForce: req.type === "LIMIT" || req.type === "STOP_LIMIT" ? (req.timeInForce ?? "GTC") : null,
      price: req.price ?? null,
      triggerPrice: req.triggerPrice ?? null,
      size: req.size,
      filledSize: 0,
      filledNotional: 0n,
      fees: 0n,
      status: "NEW",
      reason: null,
      reduceOnly: req.reduceOnly === true,
      createdAt: now,
      updatedAt: now,
    };
    this.open.set(order.orderId, order);
    if (order.clientOrderId !== null) this.byClientId.set(clientKey(owner, order.clientOrderId), order);
    const result = market.book.submit(engineOrder(order, req.size, req.protectionPrice), now);
    return { order, fills: this.apply(market, result, now, change, liquidation).filter((f) => f.orderId === order.orderId) };
  }

  /** Liquidates every account here whose equity is below its maintenance margin. */
  liquidateUnderwater(now: number, change: OwnerChange): void {
    for (const [owner, account] of this.accounts) {
      if (![...account.positions.values()].some((p) => p.position.sizeLots !== 0n)) continue;
      if (this.margin(owner, account).liquidatable) this.liquidate(owner, account, now, change);
    }
  }

  margin(owner: string, account: AccountState) {
    return marginOf(
      account,
      (s) => this.simMarkets.get(s)!.risk,
      (s) => this.simMarkets.get(s)!.markPrice,
      this.exposures(owner),
    );
  }

  /** Every live order of an owner here, cancelled (liquidation). */
  cancelAll(owner: string, now: number, change: OwnerChange): void {
    for (const order of [...this.open.values()]) {
      if (order.ownerId !== owner) continue;
      const market = this.simMarkets.get(order.symbol)!;
      const result = market.book.cancel(order.orderId);
      this.close(order, "CANCELED", "LIQUIDATION", now, change);
      if (result.found && result.deltas.length > 0) this.bookChanged(market, result.updateId, now);
    }
  }

  /**
   * Closes every position of an account below maintenance at market. What the book cannot absorb the
   * venue's backstop takes over at the mark, so the account always ends flat.
   */
  private liquidate(owner: string, account: AccountState, now: number, change: OwnerChange): void {
    this.cancelAll(owner, now, change);
    for (const [symbol, held] of account.positions) {
      const lots = Number(held.position.sizeLots);
      if (lots === 0) continue;
      const side = lots > 0 ? "SELL" : "BUY";
      const { order } = this.submitNow(owner, { symbol, side, type: "MARKET", size: Math.abs(lots), reduceOnly: true }, now, change, true);
      const left = Number(held.position.sizeLots);
      if (left === 0) continue;
      const market = this.simMarkets.get(symbol)!;
      const realized = bookFill(account, held, market.risk, -left, market.markPrice, 0n, now);
      const fill: OwnedFill = {
        ownerId: owner,
        fillId: `fil_${this.deps.bootId}-${this.name}-${symbol}-backstop-${order.orderId}`,
        orderId: order.orderId,
        venue: this.name,
        symbol,
        side,
        liquidity: "LIQUIDATION",
        price: market.markPrice,
        size: Math.abs(left),
        fee: 0n,
        realizedPnl: realized,
        time: now,
      };
      change.fills.push(fill);
      order.filledSize += fill.size;
      order.filledNotional += notional(market.risk.units, fill.price, fill.size);
      this.close(order, "FILLED", "LIQUIDATION", now, change);
      change.position(owner, this.name, symbol, held);
      change.account(owner, this.name, account);
    }
  }

  /** The hourly funding payment of every owner's position in a market: longs pay shorts at a positive rate. */
  payFunding(market: SimMarket, rateE8: bigint, now: number, change: OwnerChange): void {
    const symbol = market.spec.symbol;
    for (const [owner, account] of this.accounts) {
      const held = account.positions.get(symbol);
      if (held === undefined || held.position.sizeLots === 0n) continue;
      const amount = fundingPayment(market.risk.units, held.position, market.markPrice, rateE8);
      bookFunding(account, held, amount, now);
      change.funding.push({
        ownerId: owner,
        venue: this.name,
        symbol,
        rateE8,
        positionLots: Number(held.position.sizeLots),
        markPrice: market.markPrice,
        amount,
        time: now,
      });
      change.position(owner, this.name, symbol, held);
      change.account(owner, this.name, account);
    }
  }

  account(owner: string, now: number, change: OwnerChange): AccountState {
    let account = this.accounts.get(owner);
    if (account === undefined) {
      account = newAccount(this.deps.paperBalance, now);
      this.accounts.set(owner, account);
      change.transfers.push({ ownerId: owner, venue: this.name, kind: "paper_grant", amount: this.deps.paperBalance, time: now });
      change.account(owner, this.name, account);
    }
    return account;
  }

  /** Rebuilds owners' state from storage; resting orders go back into the books. */
  restore(accounts: AccountRow[], positions: PositionRow[], openOrders: OwnedOrder[]): void {
    for (const a of accounts) {
      this.accounts.set(a.ownerId, {
        collateral: a.collateral,
        deposits: a.deposits,
        realizedPnl: a.realizedPnl,
        fees: a.fees,
        funding: a.funding,
        updatedAt: a.updatedAt,
        positions: new Map(),
      });
    }
    for (const p of positions) {
      const account = this.accounts.get(p.ownerId);
      if (account === undefined) continue;
      account.positions.set(p.symbol, {
        position: { sizeLots: BigInt(p.sizeLots), costBasis: p.costBasis },
        realizedPnl: p.realizedPnl,
        funding: p.funding,
        leverage: p.leverage,
        updatedAt: p.updatedAt,
      });
    }
    const now = this.deps.now();
    for (const order of openOrders) {
      const market = this.simMarkets.get(order.symbol);
      if (market === undefined) continue;
      this.open.set(order.orderId, order);
      if (order.clientOrderId !== null) this.byClientId.set(clientKey(order.ownerId, order.clientOrderId), order);
      // Back in the book with what was left; its queue position is lost, as on any venue restart.
      const result = market.book.submit(engineOrder(order, order.size - order.filledSize), now);
      const change = new OwnerChange();
      this.apply(market, result, now, change);
      if (!change.empty) void this.deps.commit(change);
    }
  }

  /** Tells listeners whose accounts here a stored change moved. */
  announce(change: OwnerChange): void {
    for (const a of change.accounts.values()) if (a.venue === this.name) this.emit({ type: "account", venue: this.name, owner: a.ownerId });
  }

  bookChanged(market: SimMarket, updateId: number, now: number): void {
    market.bookUpdatedAt = now;
    this.emit({ type: "book", venue: this.name, symbol: market.spec.symbol, updateId, time: now });
  }

  defaultLeverage(market: SimMarket): number {
    return Math.min(this.deps.defaultLeverage, market.spec.maxLeverage);
  }

  // ---- internals ---------------------------------------------------------------------------------

  private async ensureAccount(owner: string): Promise<AccountState> {
    const existing = this.accounts.get(owner);
    if (existing !== undefined) return existing;
    const change = new OwnerChange();
    const account = this.account(owner, this.deps.now(), change);
    await this.deps.commit(change);
    return account;
  }

  private heldLots(owner: string, symbol: string): number {
    if (isSimOwner(owner)) return 0;
    return Number(this.accounts.get(owner)?.positions.get(symbol)?.position.sizeLots ?? 0n);
  }

  private *exposures(owner: string): Iterable<OrderExposure> {
    for (const o of this.open.values()) {
      if (o.ownerId !== owner) continue;
      const price = o.price ?? o.triggerPrice ?? this.simMarkets.get(o.symbol)!.markPrice;
      yield { symbol: o.symbol, price, openLots: o.size - o.filledSize, reduceOnly: o.reduceOnly };
    }
  }

  private invalid(market: SimMarket, req: PlaceOrder): string | null {
    if (!Number.isSafeInteger(req.size) || req.size <= 0) return "size must be a whole, positive number of lots";
    const needsPrice = req.type === "LIMIT" || req.type === "STOP_LIMIT";
    const needsTrigger = req.type === "STOP_MARKET" || req.type === "STOP_LIMIT";
    if (needsPrice && req.price === undefined) return `${req.type} needs a price`;
    if (!needsPrice && req.price !== undefined) return `${req.type} takes no price`;
    if (needsTrigger && req.triggerPrice === undefined) return `${req.type} needs a trigger price`;
    if (!needsTrigger && req.triggerPrice !== undefined) return `${req.type} takes no trigger price`;
    const step = market.info.tickMultiple;
    for (const [name, value] of [
      ["price", req.price],
      ["trigger price", req.triggerPrice],
      ["protection price", req.protectionPrice],
    ] as const) {
      if (value === undefined) continue;
      if (!Number.isSafeInteger(value) || value <= 0) return `${name} must be positive`;
      if (name === "price" && value % step !== 0) return `price must be a multiple of ${this.name}'s tick for ${req.symbol}`;
    }
    if (req.timeInForce !== undefined && !needsPrice) return `${req.type} takes no time in force`;
    return null;
  }

  /** Why the account cannot carry the order, or null when it can. Reducing lots need no margin. */
  private marginShortfall(owner: string, account: AccountState, market: SimMarket, req: PlaceOrder): string | null {
    if (req.reduceOnly === true) return null;
    const held = this.heldLots(owner, req.symbol);
    const reducing = req.side === "BUY" ? Math.max(0, -held) : Math.max(0, held);
    const adding = Math.max(0, req.size - reducing);
    if (adding === 0) return null;
    const ref = req.price ?? req.triggerPrice ?? market.markPrice;
    if (ref <= 0) return `${req.symbol} has no price yet on ${this.name}`;
    const leverage = account.positions.get(req.symbol)?.leverage ?? this.defaultLeverage(market);
    const needed = initialMarginFor(notional(market.risk.units, ref, adding), leverage);
    const available = this.margin(owner, account).available;
    if (available >= needed) return null;
    return `the order needs ${needed} quote atoms of initial margin at ${leverage}×; ${available > 0n ? available : 0n} are available on ${this.name}`;
  }

  /** The order leaves the live set; a cancelled order keeps what it filled. */
  private close(order: OwnedOrder, status: "FILLED" | "CANCELED" | "REJECTED", reason: string | null, now: number, change: OwnerChange): void {
    order.status = status;
    order.reason = reason;
    order.updatedAt = now;
    this.open.delete(order.orderId);
    change.order(order);
  }

  private quoteFilled(market: SimMarket, makerSide: "BUY" | "SELL", price: number, orderId: string, lots: number): void {
    const quotes = makerSide === "BUY" ? market.quotes.bids : market.quotes.asks;
    const q = quotes.get(price);
    if (q === undefined || q.orderId !== orderId) return;
    q.lots -= lots;
    if (q.lots <= 0) quotes.delete(price);
  }

  private quoteGone(market: SimMarket, side: "BUY" | "SELL", price: number, orderId: string): void {
    const quotes = side === "BUY" ? market.quotes.bids : market.quotes.asks;
    if (quotes.get(price)?.orderId === orderId) quotes.delete(price);
  }
}

function clientKey(owner: string, clientOrderId: string): string {
  return `${owner}\u0000${clientOrderId}`;
}

/** The engine's view of an order of ours, for `lots` of it. */
function engineOrder(o: VenueOrder & { ownerId: string }, lots: number, protectionPrice?: number): OrderRequest {
  const base = { id: o.orderId, owner: o.ownerId, side: o.side, size: lots, reduceOnly: o.reduceOnly };
  switch (o.type) {
    case "MARKET":
      return { ...base, type: "MARKET", protectionPrice };
    case "LIMIT":
      return { ...base, type: "LIMIT", price: o.price!, timeInForce: o.timeInForce ?? "GTC" };
    case "STOP_MARKET":
      return { ...base, type: "STOP_MARKET", triggerPrice: o.triggerPrice!, protectionPrice };
    case "STOP_LIMIT":
      return { ...base, type: "STOP_LIMIT", triggerPrice: o.triggerPrice!, price: o.price!, timeInForce: o.timeInForce ?? "GTC" };
  }
}

function publicOrder(o: OwnedOrder): VenueOrder {
  const { ownerId: _owner, ...order } = o;
  return order;
}

function publicFill(f: OwnedFill): VenueFill {
  const { ownerId: _owner, ...fill } = f;
  return fill;
}
