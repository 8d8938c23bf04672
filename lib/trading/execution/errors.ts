/**
 * The risk rule a refusal comes from. Stable and safe to show: a rejection names its category, never the
 * threshold behind it.
 */
export const RISK_CATEGORIES = [
  "KILL_SWITCH",
  "ORDER_NOTIONAL",
  "LEVERAGE",
  "POSITION_NOTIONAL",
  "TOTAL_NOTIONAL",
  "PRICE_COLLAR",
  "OPEN_ORDERS",
  "DAILY_LOSS",
  "SWAP_RECIPIENT",
  "SWAP_DAILY_NOTIONAL",
] as const;
export type RiskCategory = (typeof RISK_CATEGORIES)[number];

/** Why an execution request was refused; routes map each kind to the trading API's code and status. */
export type TradingErrorKind =
  /** A value is wrong: unknown symbol or venue, quantity off the lot size, missing or extra price. (400) */
  | "invalid"
  /** No such order or pair for this owner. (404) */
  | "not_found"
  /** The order or pair is not in a state that allows this. (409) */
  | "conflict"
  /** The risk policy refuses it; `category` says which rule. (403) */
  | "risk"
  /** A venue refused a pair's leg and what had been done was unwound. (422) */
  | "rejected"
  /** The same Idempotency-Key came with a different request. (400) */
  | "idempotency_reused"
  /** A request with the same Idempotency-Key is still running. (409) */
  | "in_progress"
  /** No venues are running, or the venue host cannot be reached now (retry after `retryAfterSeconds`). (503) */
  | "unavailable";

export class TradingError extends Error {
  override name = "TradingError";
  constructor(
    readonly kind: TradingErrorKind,
    message: string,
    readonly category?: RiskCategory,
    /** For "unavailable" that passes: when to try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const invalid = (message: string) => new TradingError("invalid", message);

/** A refusal by the risk policy: the message says what kind of limit, never its value. */
export const riskRefusal = (category: RiskCategory, message: string) => new TradingError("risk", message, category);

/** What every route the kill switch covers (orders, swaps, the faucet) answers while it is engaged. */
export const KILL_SWITCH_MESSAGE = "The owner's kill switch is engaged for this key: no new orders or swaps until it is released.";
