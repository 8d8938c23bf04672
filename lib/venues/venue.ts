// The one interface every venue implements: the simulated venues of the embedded setup, and adapters for
// real venues. Prices are integer ticks of the market's base tick (lib/venues/catalog: every venue's tick
// is a multiple of it), sizes integer lots of the market's lot and money bigint quote atoms (micro-USDC),
// so books from different venues merge without conversion. Market data is read from the venue's
// in-memory state (a real adapter keeps it from its websocket feed); account calls may go over a network.

import type { OrderType, Side, TimeInForce } from "../engine/types";

export type { OrderType, Side, TimeInForce };

export interface VenueMarket {
  symbol: string;
  /** The venue's own name for the market. */
  venueSymbol: string;
  /** The venue's price increment, in base ticks. */
  tickMultiple: number;
  /** The venue's size increment, in lots: an order's size is a multiple of it (1 on the simulated venues). */
  lotMultiple: number;
  maxLeverage: number;
  maintenanceMarginBps: number;
  /** Basis points as decimal strings; negative is a rebate. */
  makerFeeBps: string;
  takerFeeBps: string;
}

/** [price in base ticks, size in lots] */
export type BookLevel = readonly [price: number, size: number];

export interface VenueBook {
  symbol: string;
  /** Best first. */
  bids: readonly BookLevel[];
  asks: readonly BookLevel[];
  /** When the venue last changed this book, ms. */
  updatedAt: number;
  /** Increases with every change of the book. */
  updateId: number;
}

export interface VenueTrade {
  id: string;
  symbol: string;
  price: number;
  size: number;
  /** The taker's side. */
  side: Side;
  time: number;
}

/** One minute of trading. */
export interface VenueCandle {
  /** Start of the minute, ms. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volumeLots: number;
}

export interface VenueTicker {
  symbol: string;
  markPrice: number;
  indexPrice: number;
  /** The rate of the next hourly payment, in 1e-8 (longs pay shorts when positive). */
  fundingRateE8: bigint;
  nextFundingAt: number;
}

export type VenueOrderStatus = "NEW" | "PARTIALLY_FILLED" | "FILLED" | "CANCELED" | "REJECTED";

export interface PlaceOrder {
  symbol: string;
  side: Side;
  type: OrderType;
  /** Lots. */
  size: number;
  /** Base ticks; required for LIMIT, STOP_LIMIT and TAKE_PROFIT_LIMIT. */
  price?: number;
  /** Base ticks; required for stops and take-profits. */
  triggerPrice?: number;
  /** Limit types: GTC (default), IOC, FOK or POST_ONLY (LIMIT only); the others: IOC (default) or FOK. */
  timeInForce?: TimeInForce;
  reduceOnly?: boolean;
  /** For MARKET, STOP_MARKET and TAKE_PROFIT_MARKET: the worst price to fill at (base ticks). */
  protectionPrice?: number;
  /**
   * Attached exits (base ticks), for an order that opens or adds to a position: as it fills, the venue
   * places a reduce-only TAKE_PROFIT_MARKET and STOP_MARKET on the other side for the lots filled. A
   * venue that cannot attach them refuses the order (INVALID_ORDER) rather than drop them.
   */
  takeProfit?: number;
  stopLoss?: number;
  /** The caller's id for idempotency: placing the same id twice returns the first order. */
  clientOrderId?: string;
  /** The caller never sent this client order id before, so the venue need not look for an earlier order with it. */
  firstAttempt?: boolean;
}

/** An order the venue has taken in memory, with the promise of its durable record. */
export interface StagedPlacement {
  outcome: PlaceOutcome;
  /** Resolves once what the order changed is stored; rejects if it never will be. */
  stored: Promise<void>;
}

export interface VenueOrder {
  orderId: string;
  clientOrderId: string | null;
  venue: string;
  symbol: string;
  side: Side;
  type: OrderType;
  timeInForce: TimeInForce | null;
  price: number | null;
  triggerPrice: number | null;
  size: number;
  filledSize: number;
  /** Quote atoms paid for the filled part (Σ price × size), for the average price. */
  filledNotional: bigint;
  fees: bigint;
  status: VenueOrderStatus;
  /** Why the order, or what is left of it, was refused or cancelled. */
  reason: string | null;
  reduceOnly: boolean;
  /** The attached exits it places as it fills (PlaceOrder.takeProfit and stopLoss); absent or null when none. */
  takeProfit?: number | null;
  stopLoss?: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface VenueFill {
  fillId: string;
  orderId: string;
  venue: string;
  symbol: string;
  side: Side;
  liquidity: "MAKER" | "TAKER" | "LIQUIDATION";
  price: number;
  size: number;
  fee: bigint;
  realizedPnl: bigint;
  time: number;
}

export interface VenuePosition {
  venue: string;
  symbol: string;
  /** Signed lots, long > 0. */
  size: number;
  /** Signed quote atoms paid to open what is held (entry price = costBasis / size). */
  costBasis: bigint;
  markPrice: number;
  unrealizedPnl: bigint;
  realizedPnl: bigint;
  /** Net funding received (negative: paid). */
  funding: bigint;
  leverage: number;
  initialMargin: bigint;
  maintenanceMargin: bigint;
  /** Base ticks; null when no price liquidates the account. */
  liquidationPrice: number | null;
}

/** The US dollar assets a venue's margin may be counted in (amounts count one for one as US dollars). */
export const MARGIN_ASSETS = ["USDC", "USDT", "USD"] as const;
export type MarginAsset = (typeof MARGIN_ASSETS)[number];

export interface VenueBalance {
  venue: string;
  /** The venue's margin asset: USDC on the simulated venues. */
  asset: MarginAsset;
  /** Deposits + realized PnL − fees + funding. */
  collateral: bigint;
  unrealizedPnl: bigint;
  equity: bigint;
  initialMargin: bigint;
  maintenanceMargin: bigint;
  orderMargin: bigint;
  available: bigint;
}

/** A venue's refusal: `message` carries the venue's own reason. */
export interface VenueRejection {
  ok: false;
  code: VenueRejectCode;
  message: string;
  /** RATE_LIMITED and VENUE_UNAVAILABLE: when to try again, seconds. */
  retryAfterSeconds?: number;
}

export type PlaceOutcome = { ok: true; order: VenueOrder; fills: readonly VenueFill[] } | VenueRejection;

export type VenueRejectCode =
  | "UNKNOWN_SYMBOL"
  | "INVALID_ORDER"
  | "INSUFFICIENT_MARGIN"
  | "LEVERAGE_TOO_HIGH"
  | "VENUE_UNAVAILABLE"
  /** The owner has no account linked on this (real) venue. */
  | "ACCOUNT_NOT_LINKED"
  /** The venue refused the owner's linked credentials: they need to be linked again. */
  | "ACCOUNT_CREDENTIALS_REJECTED"
  /** The venue's rate limit: nothing was done; retry after `retryAfterSeconds`. */
  | "RATE_LIMITED";

/** Refusals that mean the venue did nothing with the request (it never judged the order). */
export const NOT_SENT_CODES: ReadonlySet<VenueRejectCode> = new Set([
  "VENUE_UNAVAILABLE",
  "ACCOUNT_NOT_LINKED",
  "ACCOUNT_CREDENTIALS_REJECTED",
  "RATE_LIMITED",
]);

/** Thrown by a venue's account reads (balance, orders, positions) when it cannot answer them for this owner. */
export class VenueRefusal extends Error {
  override name = "VenueRefusal";
  constructor(
    readonly venue: string,
    readonly code: VenueRejectCode,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Whether a venue's market data is current: stale while no update came within its threshold, down while it cannot be reached. */
export interface VenueStatus {
  state: "live" | "stale" | "down";
  /** Since when, ms. */
  since: number;
  /** Why it is not live; null when live. */
  reason: string | null;
}

export type CancelOutcome = { ok: true; order: VenueOrder } | { ok: false; code: "ORDER_NOT_FOUND" | "ORDER_NOT_OPEN"; message: string };

/** What a venue announces; streams and caches listen. */
export type VenueEvent =
  | { type: "book"; venue: string; symbol: string; updateId: number; time: number }
  | { type: "trade"; venue: string; trade: VenueTrade }
  | { type: "account"; venue: string; owner: string };

export interface Venue {
  readonly name: string;
  /** Whether the venue accepts pair trades. */
  readonly pairTrading: boolean;
  markets(): readonly VenueMarket[];
  book(symbol: string, depth?: number): VenueBook | undefined;
  /** Newest first. */
  trades(symbol: string, limit: number): readonly VenueTrade[];
  /** One-minute candles with time in [from, to), oldest first. */
  candles(symbol: string, from: number, to: number): readonly VenueCandle[];
  ticker(symbol: string): VenueTicker | undefined;

  /**
   * Account calls. A real venue answers them on the owner's own linked account: without one, reads
   * answer nothing held (no orders, no positions) and `balance` throws a VenueRefusal (ACCOUNT_NOT_LINKED);
   * reads it cannot make now throw a VenueRefusal (RATE_LIMITED, VENUE_UNAVAILABLE, ACCOUNT_CREDENTIALS_REJECTED).
   */
  place(owner: string, order: PlaceOrder): Promise<PlaceOutcome>;
  /**
   * Like `place`, but answers as soon as the order met the book (a later call sees its effects), with the
   * store's promise beside the outcome: for callers that release a lock before waiting for the commit.
   */
  placeStaged?(owner: string, order: PlaceOrder): Promise<StagedPlacement>;
  cancel(owner: string, orderId: string): Promise<CancelOutcome>;
  /** Live orders: resting, or stops waiting for their trigger. */
  openOrders(owner: string): Promise<readonly VenueOrder[]>;
  order(owner: string, orderId: string): Promise<VenueOrder | undefined>;
  positions(owner: string): Promise<readonly VenuePosition[]>;
  balance(owner: string): Promise<VenueBalance>;
  /** The leverage new margin is computed at for this owner and symbol (1 … maxLeverage). */
  setLeverage(owner: string, symbol: string, leverage: number): Promise<{ ok: true } | VenueRejection>;
  /** Whether the venue's market data is current; smart routing leaves venues that are not live out. */
  status(): VenueStatus;
  /** Whether the owner can trade here (a real venue: the owner linked an account); absent: always. Smart routing leaves venues where not out. */
  accountLinked?(owner: string): Promise<boolean>;

  subscribe(listener: (event: VenueEvent) => void): () => void;
}
