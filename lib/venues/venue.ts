// The one interface every venue implements: the simulated venues of the embedded setup, and adapters for
// real venues. Prices are integer ticks of the market's base tick (lib/venues/catalog: every venue's tick
// is a multiple of it), sizes integer lots of the market's lot and money bigint quote atoms (micro-USDC),
// so books from different venues merge without conversion. Market data is read from the venue's
// in-memory state (a real adapter keeps it from its websocket feed); account calls may go over a network.

import type { Side } from "../engine/types";

export type { Side };

export interface VenueMarket {
  symbol: string;
  /** The venue's own name for the market. */
  venueSymbol: string;
  /** The venue's price increment, in base ticks. */
  tickMultiple: number;
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

export type OrderType = "MARKET" | "LIMIT" | "STOP_MARKET" | "STOP_LIMIT";
export type TimeInForce = "GTC" | "IOC" | "POST_ONLY";
export type VenueOrderStatus = "NEW" | "PARTIALLY_FILLED" | "FILLED" | "CANCELED" | "REJECTED";

export interface PlaceOrder {
  symbol: string;
  side: Side;
  type: OrderType;
  /** Lots. */
  size: number;
  /** Base ticks; required for LIMIT and STOP_LIMIT. */
  price?: number;
  /** Base ticks; required for stops. */
  triggerPrice?: number;
  timeInForce?: TimeInForce;
  reduceOnly?: boolean;
  /** For MARKET and STOP_MARKET: the worst price to fill at (base ticks). */
  protectionPrice?: number;
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

export interface VenueBalance {
  venue: string;
  asset: "USDC";
  /** Deposits + realized PnL − fees + funding. */
  collateral: bigint;
  unrealizedPnl: bigint;
  equity: bigint;
  initialMargin: bigint;
  maintenanceMargin: bigint;
  orderMargin: bigint;
  available: bigint;
}

export type PlaceOutcome = { ok: true; order: VenueOrder; fills: readonly VenueFill[] } | { ok: false; code: VenueRejectCode; message: string };

export type VenueRejectCode = "UNKNOWN_SYMBOL" | "INVALID_ORDER" | "INSUFFICIENT_MARGIN" | "LEVERAGE_TOO_HIGH" | "VENUE_UNAVAILABLE";

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
  setLeverage(owner: string, symbol: string, leverage: number): Promise<{ ok: true } | { ok: false; code: VenueRejectCode; message: string }>;

  subscribe(listener: (event: VenueEvent) => void): () => void;
}
