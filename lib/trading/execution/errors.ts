import type { VenueRefusal, VenueRejectCode } from "../../venues/venue";

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
export const TRADING_ERROR_KINDS = [
  /** A value is wrong: unknown symbol or venue, quantity off the lot size, missing or extra price. (400) */
  "invalid",
  /** No such order or pair for this owner. (404) */
  "not_found",
  /** The order or pair is not in a state that allows this. (409) */
  "conflict",
  /** The risk policy refuses it; `category` says which rule. (403) */
  "risk",
  /** A venue refused a pair's leg and what had been done was unwound. (422) */
  "rejected",
  /** The same Idempotency-Key came with a different request. (400) */
  "idempotency_reused",
  /** A request with the same Idempotency-Key is still running. (409) */
  "in_progress",
  /** No venues are running, or a venue or the venue host cannot be reached now (retry after `retryAfterSeconds`). (503) */
  "unavailable",
  /** The call needs an account on a real venue the owner has not linked. (403) */
  "venue_account",
  /** The real venue refused the owner's linked credentials: they need linking again. (403) */
  "venue_credentials",
  /** A real venue's rate limit: nothing was done (retry after `retryAfterSeconds`). (429) */
  "rate_limited",
] as const;
export type TradingErrorKind = (typeof TRADING_ERROR_KINDS)[number];

export class TradingError extends Error {
  override name = "TradingError";
  constructor(
    readonly kind: TradingErrorKind,
    message: string,
    readonly category?: RiskCategory,
    /** For "unavailable" and "rate_limited": when to try again. */
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

/** Seconds to wait when a venue's refusal does not say. */
const VENUE_RETRY_AFTER_SECONDS = 5;

/**
 * A venue's refusal of a request it did nothing with (no linked account, credentials refused, rate
 * limited, unreachable) as the trading API's error; undefined for a refusal of the order itself, which
 * the order's record shows (REJECTED with the code).
 */
export function notSentError(refusal: { code: VenueRejectCode; message: string; retryAfterSeconds?: number }): TradingError | undefined {
  const retry = refusal.retryAfterSeconds ?? VENUE_RETRY_AFTER_SECONDS;
  switch (refusal.code) {
    case "ACCOUNT_NOT_LINKED":
      return new TradingError("venue_account", refusal.message);
    case "ACCOUNT_CREDENTIALS_REJECTED":
      return new TradingError("venue_credentials", refusal.message);
    case "RATE_LIMITED":
      return new TradingError("rate_limited", refusal.message, undefined, retry);
    case "VENUE_UNAVAILABLE":
      return new TradingError("unavailable", refusal.message, undefined, retry);
    default:
      return undefined;
  }
}

/** A venue's refusal of an account read, as the trading API's error (503 when it is none of the above). */
export function venueRefusalError(refusal: VenueRefusal): TradingError {
  return notSentError(refusal) ?? new TradingError("unavailable", refusal.message, undefined, refusal.retryAfterSeconds ?? VENUE_RETRY_AFTER_SECONDS);
}
