// The engine's plain-data vocabulary. Every price is in integer ticks and every size in integer lots
// (safe integers); time is milliseconds supplied by the caller.

export type Side = "BUY" | "SELL";

/**
 * POST_ONLY: rest without taking; an order that would cross is rejected, never repriced. FOK: fill
 * the whole size at once or nothing (rejected, the book untouched).
 */
export type TimeInForce = "GTC" | "IOC" | "FOK" | "POST_ONLY";

export type OrderType = "MARKET" | "LIMIT" | "STOP_MARKET" | "STOP_LIMIT" | "TAKE_PROFIT_MARKET" | "TAKE_PROFIT_LIMIT";

/** Orders held until the mark reaches their trigger. */
export const isTriggerType = (type: OrderType): type is StopOrder["type"] => type !== "MARKET" && type !== "LIMIT";
/** Orders with a limit price (that may rest). */
export const isLimitType = (type: OrderType): type is "LIMIT" | "STOP_LIMIT" | "TAKE_PROFIT_LIMIT" =>
  type === "LIMIT" || type === "STOP_LIMIT" || type === "TAKE_PROFIT_LIMIT";
/** Take-profits trigger the other way from stops: a sell when the mark rises to its trigger, a buy when it falls to it. */
export const isTakeProfitType = (type: OrderType) => type === "TAKE_PROFIT_MARKET" || type === "TAKE_PROFIT_LIMIT";

interface OrderBase {
  /** Unique per book among live orders (resting or held stops). */
  readonly id: string;
  readonly owner: string;
  readonly side: Side;
  /** Lots. */
  readonly size: number;
  /** May only shrink the owner's position (read through the book's `positionOf`); capped to it. */
  readonly reduceOnly?: boolean;
}

export interface MarketOrder extends OrderBase {
  readonly type: "MARKET";
  /** Worst price (ticks) the order may fill at; the rest is cancelled. */
  readonly protectionPrice?: number;
  /** Default IOC. */
  readonly timeInForce?: "IOC" | "FOK";
}

export interface LimitOrder extends OrderBase {
  readonly type: "LIMIT";
  readonly price: number;
  /** Default GTC. */
  readonly timeInForce?: TimeInForce;
}

/**
 * Buy stops trigger when mark ≥ triggerPrice, sell stops when mark ≤ triggerPrice; take-profits the
 * other way (a sell when mark ≥ triggerPrice, a buy when mark ≤ triggerPrice).
 */
export interface StopMarketOrder extends OrderBase {
  readonly type: "STOP_MARKET" | "TAKE_PROFIT_MARKET";
  readonly triggerPrice: number;
  readonly protectionPrice?: number;
  /** Once triggered; default IOC. */
  readonly timeInForce?: "IOC" | "FOK";
}

export interface StopLimitOrder extends OrderBase {
  readonly type: "STOP_LIMIT" | "TAKE_PROFIT_LIMIT";
  readonly triggerPrice: number;
  readonly price: number;
  readonly timeInForce?: TimeInForce;
}

export type OrderRequest = MarketOrder | LimitOrder | StopMarketOrder | StopLimitOrder;
export type StopOrder = StopMarketOrder | StopLimitOrder;

export type OrderStatus = "NEW" | "PARTIALLY_FILLED" | "FILLED" | "CANCELED" | "REJECTED";

/** Why an order was refused before it touched the book (status REJECTED). */
export type RejectReason =
  | "INVALID_SIZE"
  | "INVALID_PRICE"
  | "DUPLICATE_ORDER_ID"
  | "POST_ONLY_WOULD_CROSS"
  | "FOK_WOULD_NOT_FILL"
  | "REDUCE_ONLY_WOULD_INCREASE"
  | "NO_LIQUIDITY"
  | "PRICE_PROTECTION"
  | "STOP_WOULD_TRIGGER"
  | "LEVEL_SIZE_LIMIT";

/** Why part of an accepted order was cancelled by the engine. */
export type RemainderReason = "IOC_REMAINDER" | "NO_LIQUIDITY" | "PRICE_PROTECTION" | "REDUCE_ONLY_CAPPED" | "LEVEL_SIZE_LIMIT";

export type AckReason = RejectReason | RemainderReason;

/** The outcome for the submitted (or triggered) order. Always size = filledSize + openSize + canceledSize. */
export interface OrderAck {
  readonly orderId: string;
  readonly owner: string;
  readonly side: Side;
  readonly type: OrderType;
  readonly status: OrderStatus;
  readonly reason?: AckReason;
  readonly size: number;
  readonly filledSize: number;
  /** Still live: resting in the book, or the whole size while an untriggered stop is held. */
  readonly openSize: number;
  readonly canceledSize: number;
  /** True while a stop waits for its trigger. */
  readonly held: boolean;
}

export interface Fill {
  /** Strictly increasing per book. */
  readonly seq: number;
  readonly makerOrderId: string;
  readonly takerOrderId: string;
  readonly makerOwner: string;
  readonly takerOwner: string;
  /** The maker is on the other side. */
  readonly takerSide: Side;
  readonly price: number;
  readonly size: number;
  /** Quote units; negative is a rebate. */
  readonly makerFee: bigint;
  readonly takerFee: bigint;
  readonly timestamp: number;
}

/** One owner's view of a fill, for accounts and positions. */
export interface OwnerFill {
  readonly owner: string;
  readonly orderId: string;
  readonly side: Side;
  readonly liquidity: "MAKER" | "TAKER";
  readonly price: number;
  readonly size: number;
  readonly fee: bigint;
  readonly seq: number;
  readonly timestamp: number;
}

export type MakerCancelReason = "SELF_TRADE" | "REDUCE_ONLY";

/** A resting order removed or shrunk as a side effect of another order. */
export interface CanceledOrder {
  readonly orderId: string;
  readonly owner: string;
  readonly side: Side;
  readonly price: number;
  readonly canceledSize: number;
  /** What is left resting (0 when the order left the book). */
  readonly openSize: number;
  readonly reason: MakerCancelReason;
}

/** A level's state after an operation; size 0 means the level is gone. Apply in order. */
export interface LevelDelta {
  readonly side: Side;
  readonly price: number;
  readonly size: number;
  readonly count: number;
}

export interface MatchResult {
  readonly ack: OrderAck;
  readonly fills: readonly Fill[];
  readonly canceled: readonly CanceledOrder[];
  readonly deltas: readonly LevelDelta[];
  /** The book's update id after this result; it moves by one for each result that has deltas. */
  readonly updateId: number;
}

/** A live order as the book holds it. */
export interface OrderView {
  readonly orderId: string;
  readonly owner: string;
  readonly side: Side;
  readonly type: OrderType;
  /** Limit price; absent for an untriggered stop-market. */
  readonly price?: number;
  readonly triggerPrice?: number;
  readonly size: number;
  readonly filledSize: number;
  readonly openSize: number;
  readonly reduceOnly: boolean;
  readonly held: boolean;
}

export type CancelResult =
  | { readonly found: true; readonly order: OrderView; readonly deltas: readonly LevelDelta[]; readonly updateId: number }
  | { readonly found: false; readonly orderId: string };

export interface LevelView {
  readonly price: number;
  readonly size: number;
  readonly count: number;
}

export interface BookSnapshot {
  /** Best first. */
  readonly bids: readonly LevelView[];
  readonly asks: readonly LevelView[];
  readonly updateId: number;
}
