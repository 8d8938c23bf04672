import type { RiskCategory } from "../trading/execution/errors";

/** Why a swap request was refused; routes turn each kind into the trading API's error of the same meaning. */
export type SwapErrorKind =
  /** A value the caller sent is wrong: unknown chain or token, bad amount or address. (400) */
  | "invalid"
  /** No quote with that id for this owner, or no swap with that id or transaction. (404) */
  | "not_found"
  /** No way to make this swap at this size with the liquidity there is. (404) */
  | "no_route"
  /** The quote expired, was already executed, or the balance is short. (409) */
  | "conflict"
  /** The risk policy refuses it. (403) */
  | "refused"
  /** The owner's rules for the key refuse it (kill switch, recipients, daily limit); `category` names the rule. (403 RISK_REJECTED) */
  | "risk"
  /** The chains or the provider cannot be reached. (503) */
  | "unavailable";

export class SwapError extends Error {
  override name = "SwapError";
  constructor(
    readonly kind: SwapErrorKind,
    message: string,
    readonly category?: RiskCategory,
  ) {
    super(message);
  }
}
