import type { MatchResult } from "../../engine/types";
import { awaitedLater } from "../../concurrency/awaited-later";
import type {
  CancelOutcome,
  PlaceOrder,
  PlaceOutcome,
  StagedPlacement,
  Venue,
  VenueBalance,
  VenueBook,
  VenueEvent,
  VenueFill,
  VenueMarket,
  VenueOrder,
  VenueStatus,
  VenuePosition,
  VenueRejectCode,
  VenueTicker,
} from "../venue";
import { type AccountState, positionState } from "./accounts";
import { applyResult, submitNow } from "./booking";
import { type AccountRow, type OwnedFill, type OwnedOrder, OwnerChange, type PositionRow } from "./change";
import { payFunding } from "./funding";
import { liquidateUnderwater } from "./liquidation";
import { invalidOrder, marginShortfall } from "./order-checks";
import { restoreOwners } from "./restore";
import type { SimMarket } from "./sim-market";
import { SimVenueState, type SimVenueDeps } from "./venue-state";

export type { SimVenueDeps } from "./venue-state";

const STORED = Promise.resolve();

type Reject = { ok: false; code: VenueRejectCode; message: string };
const reject = (code: VenueRejectCode, message: string): Reject => ({ ok: false, code, message });

/**
 * A simulated perpetual-futures venue: one order book per market and the accounts of its owners. This
 * class is the venue's face (the Venue interface, and the steps the exchange drives); the work lives in
 * booking (orders meet the book), liquidation, funding and restore, over the state in venue-state.
 */
export class SimVenue implements Venue {
  readonly name: string;
  readonly pairTrading: boolean;
  private readonly state: SimVenueState;
  private readonly marketList: VenueMarket[];
  /** Its market data is its own, so always current. */
  private readonly live: VenueStatus;

  constructor(readonly deps: SimVenueDeps) {
    this.state = new SimVenueState(deps);
    this.live = { state: "live", since: deps.now(), reason: null };
    this.name = deps.profile.name;
    this.pairTrading = deps.profile.pairTrading;
    this.marketList = [...this.simMarkets.values()].map((m) => m.info);
  }

  get simMarkets(): ReadonlyMap<string, SimMarket> {
    return this.state.simMarkets;
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

  status(): VenueStatus {
    return this.live;
  }

  subscribe(listener: (event: VenueEvent) => void): () => void {
    return this.state.subscribe(listener);
  }

  // ---- owners ------------------------------------------------------------------------------------

  async place(owner: string, req: PlaceOrder): Promise<PlaceOutcome> {
    const { outcome, stored } = await this.placeStaged(owner, req);
    await stored;
    return outcome;
  }

  async placeStaged(owner: string, req: PlaceOrder): Promise<StagedPlacement> {
    const answered = (outcome: PlaceOutcome): StagedPlacement => ({ outcome, stored: STORED });
    this.refuseIfHalted();
    const market = this.simMarkets.get(req.symbol);
    if (market === undefined) return answered(reject("UNKNOWN_SYMBOL", `${this.name} has no market ${req.symbol}`));
    const invalid = invalidOrder(this.name, market, req);
    if (invalid !== null) return answered(reject("INVALID_ORDER", invalid));
    if (req.clientOrderId !== undefined) {
      const earlier =
        this.state.byClientOrderId(owner, req.clientOrderId) ??
        (req.firstAttempt === true ? undefined : await this.deps.findOrder(owner, { clientOrderId: req.clientOrderId }));
      if (earlier !== undefined) return answered({ ok: true, order: publicOrder(earlier), fills: [] });
    }
    if (this.deps.delay !== undefined) {
      await this.deps.delay(this.deps.profile.latencyMs);
      this.refuseIfHalted();
    }

    // From here to the commit nothing awaits: the order meets the book as it is now.
    const now = this.deps.now();
    if (req.clientOrderId !== undefined) {
      const raced = this.state.byClientOrderId(owner, req.clientOrderId);
      if (raced !== undefined) return answered({ ok: true, order: publicOrder(raced), fills: [] });
    }
    const change = new OwnerChange();
    const account = this.state.account(owner, now, change);
    const shortfall = marginShortfall(this.state, owner, account, market, req);
    if (shortfall !== null) return { outcome: reject("INSUFFICIENT_MARGIN", shortfall), stored: awaitedLater(this.deps.commit(change)) };

    const { order, fills } = submitNow(this.state, owner, req, now, change);
    const stored = awaitedLater(this.deps.commit(change).then(() => this.announce(change)));
    return { outcome: { ok: true, order: publicOrder(order), fills: fills.map(publicFill) }, stored };
  }

  async cancel(owner: string, orderId: string): Promise<CancelOutcome> {
    this.refuseIfHalted();
    const order = this.state.open.get(orderId);
    if (order === undefined || order.ownerId !== owner) {
      const closed = order === undefined ? await this.deps.findOrder(owner, { orderId }) : undefined;
      if (closed !== undefined) return { ok: false, code: "ORDER_NOT_OPEN", message: `order ${orderId} is ${closed.status}` };
      return { ok: false, code: "ORDER_NOT_FOUND", message: `no order ${orderId} on ${this.name}` };
    }
    const market = this.simMarkets.get(order.symbol)!;
    const now = this.deps.now();
    const result = market.book.cancel(orderId);
    const change = new OwnerChange();
    this.state.close(order, "CANCELED", "CANCELED_BY_OWNER", now, change);
    if (result.found && result.deltas.length > 0) this.bookChanged(market, result.updateId, now);
    await this.deps.commit(change);
    this.announce(change);
    return { ok: true, order: publicOrder(order) };
  }

  async openOrders(owner: string): Promise<readonly VenueOrder[]> {
    return [...this.state.open.values()].filter((o) => o.ownerId === owner).map(publicOrder);
  }

  async order(owner: string, orderId: string): Promise<VenueOrder | undefined> {
    const live = this.state.open.get(orderId);
    if (live !== undefined) return live.ownerId === owner ? publicOrder(live) : undefined;
    const found = await this.deps.findOrder(owner, { orderId });
    return found === undefined || found.venue !== this.name ? undefined : publicOrder(found);
  }

  async positions(owner: string): Promise<readonly VenuePosition[]> {
    const account = await this.ensureAccount(owner);
    const margin = this.state.margin(owner, account);
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
    const m = this.state.margin(owner, account);
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
    this.refuseIfHalted();
    const now = this.deps.now();
    const change = new OwnerChange();
    const account = this.state.account(owner, now, change);
    const held = positionState(account, symbol, this.state.defaultLeverage(market));
    const previous = held.leverage;
    held.leverage = leverage;
    if (this.state.margin(owner, account).available < 0n) {
      held.leverage = previous;
      return reject("INSUFFICIENT_MARGIN", `the account's margin does not cover ${leverage}× on ${symbol}`);
    }
    held.updatedAt = now;
    change.position(owner, this.name, symbol, held);
    await this.deps.commit(change);
    return { ok: true };
  }

  // ---- driven by the exchange --------------------------------------------------------------------

  /** Books an engine result (see booking.ts). Returns the owners' fills. */
  apply(market: SimMarket, result: MatchResult, now: number, change: OwnerChange): OwnedFill[] {
    return applyResult(this.state, market, result, now, change);
  }

  liquidateUnderwater(now: number, change: OwnerChange): void {
    liquidateUnderwater(this.state, now, change);
  }

  payFunding(market: SimMarket, rateE8: bigint, now: number, change: OwnerChange): void {
    payFunding(this.state, market, rateE8, now, change);
  }

  restore(accounts: AccountRow[], positions: PositionRow[], openOrders: OwnedOrder[]): void {
    restoreOwners(this.state, accounts, positions, openOrders);
  }

  announce(change: OwnerChange): void {
    this.state.announce(change);
  }

  bookChanged(market: SimMarket, updateId: number, now: number): void {
    this.state.bookChanged(market, updateId, now);
  }

  /** Owners' operations stop once changes can no longer be stored: memory would drift from the database. */
  private refuseIfHalted(): void {
    const err = this.deps.halted?.();
    if (err !== undefined) throw err;
  }

  private async ensureAccount(owner: string): Promise<AccountState> {
    const existing = this.state.accounts.get(owner);
    if (existing !== undefined) return existing;
    this.refuseIfHalted();
    const change = new OwnerChange();
    const account = this.state.account(owner, this.deps.now(), change);
    await this.deps.commit(change);
    return account;
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
