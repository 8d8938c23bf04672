// What routes hold on to while an instance changes role: venues and a trading service that answer from
// the local venues while this instance hosts them, and from the mirror and the host otherwise.
import type { TradingService } from "../trading/execution/service";
import type { PlaceOrder, Venue, VenueEvent, VenueStatus } from "../venues/venue";

/** A venue whose calls go to whichever venue of that name is attached now; its subscribers follow along. */
export class SwitchingVenue implements Venue {
  private source: Venue | undefined;
  private stopForwarding: (() => void) | undefined;
  private readonly listeners = new Set<(event: VenueEvent) => void>();

  constructor(readonly name: string) {}

  attach(venue: Venue): void {
    this.stopForwarding?.();
    this.source = venue;
    this.stopForwarding = venue.subscribe((event) => {
      for (const l of this.listeners) l(event);
    });
  }

  private get now(): Venue {
    if (this.source === undefined) throw new Error(`venue ${this.name} is not attached`);
    return this.source;
  }

  get pairTrading(): boolean {
    return this.source?.pairTrading ?? false;
  }
  markets() {
    return this.source?.markets() ?? [];
  }
  book(symbol: string, depth?: number) {
    return this.source?.book(symbol, depth);
  }
  trades(symbol: string, limit: number) {
    return this.source?.trades(symbol, limit) ?? [];
  }
  candles(symbol: string, from: number, to: number) {
    return this.source?.candles(symbol, from, to) ?? [];
  }
  ticker(symbol: string) {
    return this.source?.ticker(symbol);
  }
  place(owner: string, order: PlaceOrder) {
    return this.now.place(owner, order);
  }
  cancel(owner: string, orderId: string) {
    return this.now.cancel(owner, orderId);
  }
  openOrders(owner: string) {
    return this.now.openOrders(owner);
  }
  order(owner: string, orderId: string) {
    return this.now.order(owner, orderId);
  }
  positions(owner: string) {
    return this.now.positions(owner);
  }
  balance(owner: string) {
    return this.now.balance(owner);
  }
  setLeverage(owner: string, symbol: string, leverage: number) {
    return this.now.setLeverage(owner, symbol, leverage);
  }
  status(): VenueStatus {
    return this.source?.status() ?? DETACHED;
  }
  async accountLinked(owner: string): Promise<boolean> {
    return (await this.source?.accountLinked?.(owner)) ?? true;
  }
  subscribe(listener: (event: VenueEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const DETACHED: VenueStatus = { state: "down", since: 0, reason: "no venue host is attached" };

/** A trading service whose every call goes to `current()` at the time of the call. */
export function switchingTrading(shape: TradingService, current: () => TradingService): TradingService {
  const methods = Object.keys(shape) as (keyof TradingService)[];
  return Object.fromEntries(
    methods.map((m) => [m, (...args: unknown[]) => (current()[m] as (...a: unknown[]) => Promise<unknown>)(...args)]),
  ) as unknown as TradingService;
}
