// A real venue behind the venue interface, on ccxt's unified API: public market data kept in memory
// (lib/venues/live/market-data), account calls on each owner's own linked account.
import { randomUUID } from "node:crypto";
import { type Exchange, type Order, OrderNotFound } from "ccxt";
import { ConfigError, type LiveVenueConfig } from "../../config";
import type { Logger } from "../../log";
import { MARKETS } from "../catalog";
import {
  type CancelOutcome,
  type PlaceOrder,
  type PlaceOutcome,
  type Venue,
  type VenueEvent,
  type VenueFill,
  type VenueOrder,
  type VenueRejection,
  VenueRefusal,
} from "../venue";
import { checkCredentials } from "./account-check";
import { venueBalanceOf, venuePositionOf } from "./account-mapping";
import { createClient, missingCapabilities } from "./clients";
import type { VenueAccountCheck, VenueAccountDirectory, VenueCredentials } from "./credentials";
import { notLinked, refusalOf, rejectionOf, UNAVAILABLE_RETRY_SECONDS, venueReason } from "./errors";
import { LiveMarketData } from "./market-data";
import { type LiveMarket, mapMarkets } from "./markets";
import { orderIdOf, orderRequest, parseOrderId, type SentOrder, venueFillOf, unsupportedOption, venueOrderOf } from "./order-mapping";
import { OwnerClients } from "./owner-clients";
import { type LiveVenueProfile, profileOf } from "./profiles";
import { DEFAULT_RETRY, type RetryPolicy } from "./stream-loop";

export interface CcxtVenueOptions {
  settings: LiveVenueConfig;
  /** Where owners' linked accounts are found; without one every account call answers ACCOUNT_NOT_LINKED. */
  accounts?: VenueAccountDirectory;
  now: () => number;
  log: Logger;
  /** No market-data update for this long: stale (left out of routing). */
  staleAfterMs: number;
  /** Between polls of a stream the websocket cannot serve. */
  pollMs: number;
  /** Between reads of marks and funding; five polls by default. */
  tickerPollMs?: number;
  retry?: Partial<Omit<RetryPolicy, "pollMs">>;
}

/** Orders this process sent, remembered for what the venue's answers leave out (at most this many). */
const SENT_KEPT = 10_000;
/** An order's fills are looked for among the owner's trades from this long before it (clocks differ). */
const FILLS_LOOKBACK_MS = 60_000;
/** Trades read to find an order's fills. */
const FILLS_READ = 200;

export class CcxtVenue implements Venue {
  readonly name: string;
  /** A pair's two legs are two orders on the owner's account: any venue takes them. */
  readonly pairTrading = true;
  private readonly profile: LiveVenueProfile;
  private readonly marketList: LiveMarket[];
  private readonly bySymbol: Map<string, LiveMarket>;
  private readonly data: LiveMarketData;
  private readonly clients: OwnerClients;
  private readonly sent = new Map<string, SentOrder>();
  private readonly listeners = new Set<(event: VenueEvent) => void>();

  /**
   * Connects to the venue: checks that ccxt has it with the capabilities the adapter needs, loads its
   * markets and maps them onto the catalog, and starts its market data. Throws a ConfigError naming what is wrong.
   */
  static async open(options: CcxtVenueOptions): Promise<CcxtVenue> {
    const { settings } = options;
    const stream = createClient(settings, "stream");
    const missing = missingCapabilities(stream);
    if (missing.length > 0)
      throw new ConfigError(`Invalid environment:\n  VENUES: ${settings.name} lacks what the adapter needs in ccxt: ${missing.join(", ")} (docs/venues.md)`);
    const rest = createClient(settings, "rest");
    try {
      await rest.loadMarkets();
      stream.setMarketsFromExchange(rest);
      // ccxt pro opens plain ws:// URLs (a local fake, a proxy) only with its HTTP agent loaded first.
      await stream.loadHttpProxyAgent();
    } catch (err) {
      const where = settings.url ?? `its ${settings.network}`;
      throw new Error(
        `venues: ${settings.name}'s markets could not be loaded from ${where}: ${err instanceof Error ? venueReason(settings.name, err) : String(err)}`,
      );
    }
    const profile = profileOf(settings.name);
    const markets = mapMarkets(Object.values(rest.markets ?? {}), MARKETS, {
      marginAsset: profile.marginAsset,
      significantFigures: profile.significantFigures,
    });
    if (markets.length === 0)
      throw new ConfigError(`Invalid environment:\n  VENUES: ${settings.name} lists none of the catalog's markets as a linear US dollar perpetual`);
    return new CcxtVenue(options, { stream, rest }, profile, markets);
  }

  private constructor(
    private readonly o: CcxtVenueOptions,
    /** The venue's public clients: websockets (no rate limiter, see createClient) and REST (rate limited). */
    private readonly exchange: { stream: Exchange; rest: Exchange },
    profile: LiveVenueProfile,
    markets: LiveMarket[],
  ) {
    this.name = o.settings.name;
    this.profile = profile;
    this.marketList = markets;
    this.bySymbol = new Map(markets.map((m) => [m.symbol, m]));
    this.clients = new OwnerClients(o.settings, o.accounts, exchange.rest);
    this.data = new LiveMarketData({
      venue: this.name,
      stream: exchange.stream,
      rest: exchange.rest,
      markets,
      now: o.now,
      staleAfterMs: o.staleAfterMs,
      tickerPollMs: o.tickerPollMs ?? o.pollMs * 5,
      retry: { ...DEFAULT_RETRY, ...o.retry, pollMs: o.pollMs },
      log: o.log,
      emit: (event) => this.emit(event),
    });
    this.data.start();
  }

  async stop(): Promise<void> {
    this.clients.close();
    // Closing the websocket client settles the streams' pending watches.
    const streams = this.data.stop();
    await this.exchange.stream.close();
    await streams;
  }

  // ---- market data -------------------------------------------------------------------------------

  markets() {
    return this.marketList;
  }
  book(symbol: string, depth = 100) {
    return this.data.book(symbol, depth);
  }
  trades(symbol: string, limit: number) {
    return this.data.trades(symbol, limit);
  }
  candles(symbol: string, from: number, to: number) {
    return this.data.candles(symbol, from, to);
  }
  ticker(symbol: string) {
    return this.data.ticker(symbol);
  }
  status() {
    return this.data.status();
  }
  subscribe(listener: (event: VenueEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- owners ------------------------------------------------------------------------------------

  async accountLinked(owner: string): Promise<boolean> {
    return !("ok" in (await this.clientOf(owner)));
  }

  async place(owner: string, order: PlaceOrder): Promise<PlaceOutcome> {
    const market = this.bySymbol.get(order.symbol);
    if (market === undefined) return invalid("UNKNOWN_SYMBOL", `${this.name} does not list ${order.symbol}`);
    const offGrid = this.offGrid(market, order) ?? unsupportedOption(this.name, order);
    if (offGrid !== undefined) return invalid("INVALID_ORDER", offGrid);
    const linked = await this.clientOf(owner);
    if ("ok" in linked) return linked;
    const { client } = linked;
    // Always an id of ours: without one ccxt would fill in its own, with its broker prefix (Binance's "x-…").
    const venueClientId = this.profile.clientOrderId(order.clientOrderId ?? randomUUID(), this.o.settings.brokerId);
    const sent: SentOrder = { ...order, clientOrderId: order.clientOrderId ?? null };
    try {
      // A retry names the same client order id: the order the venue already took comes back instead of a second one.
      if (order.clientOrderId !== undefined && order.firstAttempt !== true) {
        const earlier = await this.byClientId(client, market, venueClientId);
        if (earlier !== undefined) return { ok: true, order: this.remember(market, earlier, sent), fills: [] };
      }
      const req = orderRequest(market, order, venueClientId, this.profile.marketOrderParams);
      if (req === undefined) return invalid("INVALID_ORDER", `a ${order.type} order on ${this.name} needs a protection price`);
      const since = this.o.now() - FILLS_LOOKBACK_MS;
      const placed = await client.createOrder(req.symbol, req.type, req.side, req.amount, req.price, req.params);
      if (placed.status === "rejected") return invalid("INVALID_ORDER", `${this.name}: ${JSON.stringify(placed.info?.error ?? placed.info)}`);
      this.emit({ type: "account", venue: this.name, owner });
      const answered = (placed.trades ?? []).map((t) => venueFillOf(this.name, market, t));
      const fills = answered.length > 0 ? answered : await this.fillsOf(client, market, placed, since);
      return { ok: true, order: withFees(this.remember(market, placed, sent), placed, fills), fills };
    } catch (err) {
      return rejectionOf(this.name, err);
    }
  }

  async cancel(owner: string, orderId: string): Promise<CancelOutcome> {
    const notFound: CancelOutcome = { ok: false, code: "ORDER_NOT_FOUND", message: `no order ${orderId} on ${this.name}` };
    const target = this.orderTarget(orderId);
    const client = await this.accountClient(owner);
    if (target === undefined || client === undefined) return notFound;
    try {
      await client.cancelOrder(target.venueOrderId, target.market.ccxtSymbol);
    } catch (err) {
      if (!(err instanceof OrderNotFound)) throw refusalOf(this.name, err);
      const now = await this.order(owner, orderId);
      return now === undefined ? notFound : { ok: false, code: "ORDER_NOT_OPEN", message: `order ${orderId} is ${now.status}` };
    }
    this.emit({ type: "account", venue: this.name, owner });
    const after = await this.order(owner, orderId);
    return after === undefined ? notFound : { ok: true, order: after };
  }

  async openOrders(owner: string): Promise<readonly VenueOrder[]> {
    const client = await this.accountClient(owner);
    if (client === undefined) return [];
    const open = await this.read(() => client.fetchOpenOrders());
    return open.flatMap((o) => {
      const market = this.marketList.find((m) => m.ccxtSymbol === o.symbol);
      return market === undefined ? [] : [this.orderOf(market, o)];
    });
  }

  async order(owner: string, orderId: string): Promise<VenueOrder | undefined> {
    const target = this.orderTarget(orderId);
    const client = await this.accountClient(owner);
    if (target === undefined || client === undefined) return undefined;
    let found: Order;
    try {
      found = await client.fetchOrder(target.venueOrderId, target.market.ccxtSymbol);
    } catch (err) {
      if (err instanceof OrderNotFound) return undefined;
      throw refusalOf(this.name, err);
    }
    const since = (found.timestamp ?? this.o.now()) - FILLS_LOOKBACK_MS;
    return withFees(this.orderOf(target.market, found), found, await this.fillsOf(client, target.market, found, since));
  }

  async positions(owner: string) {
    const client = await this.accountClient(owner);
    return client === undefined ? [] : this.positionsOf(client);
  }

  async balance(owner: string) {
    const client = await this.accountClient(owner);
    if (client === undefined) {
      const r = notLinked(this.name);
      throw new VenueRefusal(this.name, r.code, r.message);
    }
    const [balances, positions] = await Promise.all([this.read(() => client.fetchBalance()), this.positionsOf(client)]);
    return venueBalanceOf(this.name, this.profile.marginAsset, balances, positions);
  }

  async setLeverage(owner: string, symbol: string, leverage: number): Promise<{ ok: true } | VenueRejection> {
    const market = this.bySymbol.get(symbol);
    if (market === undefined) return invalid("UNKNOWN_SYMBOL", `${this.name} does not list ${symbol}`);
    if (!Number.isInteger(leverage) || leverage < 1 || leverage > market.maxLeverage)
      return invalid("LEVERAGE_TOO_HIGH", `${symbol} on ${this.name} takes leverage 1 to ${market.maxLeverage}`);
    const linked = await this.clientOf(owner);
    if ("ok" in linked) return linked;
    try {
      await linked.client.setLeverage(leverage, market.ccxtSymbol);
    } catch (err) {
      return rejectionOf(this.name, err);
    }
    this.emit({ type: "account", venue: this.name, owner });
    return { ok: true };
  }

  /** Reads the balance with these credentials, on this venue's markets: how a link is checked before it is stored. */
  checkAccount(credentials: VenueCredentials): ReturnType<VenueAccountCheck> {
    return checkCredentials(this.o.settings, this.exchange.rest, credentials);
  }

  // ---- helpers -----------------------------------------------------------------------------------

  private emit(event: VenueEvent): void {
    for (const l of this.listeners) l(event);
  }

  /** Why the order is off the venue's price or size grid; undefined when it is on it. */
  private offGrid(market: LiveMarket, order: PlaceOrder): string | undefined {
    if (order.size <= 0 || order.size % market.lotMultiple !== 0) return `${order.symbol} on ${this.name} trades sizes in steps of ${market.venueLot}`;
    // A protection price is a bound: orderRequest puts it on the grid.
    const prices = [order.price, order.triggerPrice].filter((p) => p !== undefined);
    if (prices.some((p) => p <= 0 || p % market.tickMultiple !== 0))
      return `${order.symbol} on ${this.name} trades prices in steps of ${market.tickMultiple} base ticks`;
    return undefined;
  }

  /** The owner's client, or the refusal: no linked account, or the directory could not be read. */
  private async clientOf(owner: string): Promise<{ client: Exchange } | VenueRejection> {
    try {
      const client = await this.clients.get(owner);
      return client === undefined ? notLinked(this.name) : { client };
    } catch (err) {
      const message = `${this.name}: the owner's linked account could not be read (${err instanceof Error ? err.message : String(err)})`;
      return { ok: false, code: "VENUE_UNAVAILABLE", message, retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS };
    }
  }

  /** For reads: the owner's client, undefined without a linked account (nothing held); a failed directory read thrown. */
  private async accountClient(owner: string): Promise<Exchange | undefined> {
    const linked = await this.clientOf(owner);
    if (!("ok" in linked)) return linked.client;
    if (linked.code === "ACCOUNT_NOT_LINKED") return undefined;
    throw new VenueRefusal(this.name, linked.code, linked.message, linked.retryAfterSeconds);
  }

  /** A read on the owner's account; a venue failure thrown as a VenueRefusal. */
  private async read<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      throw refusalOf(this.name, err);
    }
  }

  private async positionsOf(client: Exchange) {
    const held = await this.read(() => client.fetchPositions(this.marketList.map((m) => m.ccxtSymbol)));
    return held.flatMap((p) => {
      const market = this.marketList.find((m) => m.ccxtSymbol === p.symbol);
      const position = market === undefined ? undefined : venuePositionOf(this.name, market, p);
      return position === undefined ? [] : [position];
    });
  }

  /**
   * The fills of an order that filled, from the owner's trades since `since`, when the venue's order leaves
   * its fees out (Hyperliquid's and Binance's do); none otherwise. The order stands whatever this read does:
   * a failure leaves its fees unknown (0) and is logged.
   */
  private async fillsOf(client: Exchange, market: LiveMarket, o: Order, since: number): Promise<VenueFill[]> {
    if (o.fee?.cost != null || o.filled == null || o.filled <= 0 || client.has.fetchMyTrades !== true) return [];
    try {
      const trades = await client.fetchMyTrades(market.ccxtSymbol, since, FILLS_READ);
      return trades.filter((t) => String(t.order) === String(o.id)).map((t) => venueFillOf(this.name, market, t));
    } catch (err) {
      this.o.log.warn(
        { venue: this.name, order: o.id, err: err instanceof Error ? err.message : String(err) },
        "venue: an order's fills could not be read; its fees show as 0",
      );
      return [];
    }
  }

  private async byClientId(client: Exchange, market: LiveMarket, venueClientId: string): Promise<Order | undefined> {
    try {
      return await client.fetchOrder("", market.ccxtSymbol, { clientOrderId: venueClientId });
    } catch (err) {
      if (err instanceof OrderNotFound) return undefined;
      throw err;
    }
  }

  private orderTarget(orderId: string): { market: LiveMarket; venueOrderId: string } | undefined {
    const parsed = parseOrderId(orderId);
    const market = parsed === undefined ? undefined : this.bySymbol.get(parsed.symbol);
    return market === undefined ? undefined : { market, venueOrderId: parsed!.venueOrderId };
  }

  private orderOf(market: LiveMarket, o: Order): VenueOrder {
    return venueOrderOf(this.name, market, o, this.sent.get(orderIdOf(market, String(o.id))), this.o.now());
  }

  private remember(market: LiveMarket, o: Order, sent: SentOrder): VenueOrder {
    const id = orderIdOf(market, String(o.id));
    this.sent.set(id, sent);
    if (this.sent.size > SENT_KEPT) this.sent.delete(this.sent.keys().next().value!);
    return venueOrderOf(this.name, market, o, sent, this.o.now());
  }
}

/** The order with the fees its fills paid, when the venue's own answer had none. */
function withFees(order: VenueOrder, answer: Order, fills: readonly VenueFill[]): VenueOrder {
  if (answer.fee?.cost != null || fills.length === 0) return order;
  return { ...order, fees: fills.reduce((sum, f) => sum + f.fee, 0n) };
}

function invalid(code: VenueRejection["code"], message: string): VenueRejection {
  return { ok: false, code, message };
}
