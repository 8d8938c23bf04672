export type MarketDataErrorKind = "unknown_symbol" | "invalid" | "unavailable";

/** A market-data request the service cannot answer; the API maps the kind to a status. */
export class MarketDataError extends Error {
  override name = "MarketDataError";
  constructor(
    readonly kind: MarketDataErrorKind,
    message: string,
  ) {
    super(message);
  }
}
