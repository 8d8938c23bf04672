import type { MarketSpec, VenueProfile } from "../catalog";
import type { VenueEvent } from "../venue";
import { marginOf, newAccount, type AccountState, type OrderExposure } from "./accounts";
import { isSimOwner, type OwnedOrder, type OwnerChange } from "./change";
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
  /** Waits the venue's latency; absent, orders meet the book at once. */
  delay?: (ms: number) => Promise<void>;
  /** Why the venue no longer takes owners' operations (its changes could not be stored); undefined while it does. */
  halted?: () => Error | undefined;
  newId(prefix: string): string;
  /** Unique per process start: with the fill sequence it names fills and trades. */
  bootId: string;
}

/** What a simulated venue holds in memory: its markets, its owners' accounts and live orders, and who listens. */
export class SimVenueState {
  readonly name: string;
  readonly simMarkets = new Map<string, SimMarket>();
  readonly accounts = new Map<string, AccountState>();
  /** Owners' live orders (resting or held stops), by id. */
  readonly open = new Map<string, OwnedOrder>();
  /** Orders placed since this process started, by owner and client id, for idempotent retries. */
  private readonly byClientId = new Map<string, OwnedOrder>();
  private readonly listeners = new Set<(event: VenueEvent) => void>();

  constructor(readonly deps: SimVenueDeps) {
    this.name = deps.profile.name;
    for (const spec of deps.markets) {
      this.simMarkets.set(spec.symbol, new SimMarket(spec, deps.profile, (owner) => this.heldLots(owner, spec.symbol)));
    }
  }

  subscribe(listener: (event: VenueEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: VenueEvent): void {
    for (const l of this.listeners) l(event);
  }

  /** Tells listeners whose accounts here a stored change moved. */
  announce(change: OwnerChange): void {
    for (const a of change.accounts.values()) if (a.venue === this.name) this.emit({ type: "account", venue: this.name, owner: a.ownerId });
  }

  bookChanged(market: SimMarket, updateId: number, now: number): void {
    market.bookUpdatedAt = now;
    this.emit({ type: "book", venue: this.name, symbol: market.spec.symbol, updateId, time: now });
  }

  /** An owner's account, opened with the paper balance on first use. */
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

  margin(owner: string, account: AccountState) {
    return marginOf(
      account,
      (s) => this.simMarkets.get(s)!.risk,
      (s) => this.simMarkets.get(s)!.markPrice,
      this.exposures(owner),
    );
  }

  defaultLeverage(market: SimMarket): number {
    return Math.min(this.deps.defaultLeverage, market.spec.maxLeverage);
  }

  heldLots(owner: string, symbol: string): number {
    if (isSimOwner(owner)) return 0;
    return Number(this.accounts.get(owner)?.positions.get(symbol)?.position.sizeLots ?? 0n);
  }

  /** An order joins the live set (and, with a client id, the retry index). */
  track(order: OwnedOrder): void {
    this.open.set(order.orderId, order);
    if (order.clientOrderId !== null) this.byClientId.set(clientKey(order.ownerId, order.clientOrderId), order);
  }

  /** An order this process placed with that client id. */
  byClientOrderId(owner: string, clientOrderId: string): OwnedOrder | undefined {
    return this.byClientId.get(clientKey(owner, clientOrderId));
  }

  /** The order leaves the live set; a cancelled order keeps what it filled. */
  close(order: OwnedOrder, status: "FILLED" | "CANCELED" | "REJECTED", reason: string | null, now: number, change: OwnerChange): void {
    order.status = status;
    order.reason = reason;
    order.updatedAt = now;
    this.open.delete(order.orderId);
    change.order(order);
  }

  private *exposures(owner: string): Iterable<OrderExposure> {
    for (const o of this.open.values()) {
      if (o.ownerId !== owner) continue;
      const price = o.price ?? o.triggerPrice ?? this.simMarkets.get(o.symbol)!.markPrice;
      yield { symbol: o.symbol, price, openLots: o.size - o.filledSize, reduceOnly: o.reduceOnly };
    }
  }
}

function clientKey(owner: string, clientOrderId: string): string {
  return `${owner}\u0000${clientOrderId}`;
}
