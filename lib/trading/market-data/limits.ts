// The documented bounds of the market-data endpoints (the OpenAPI document and docs/market-data.md quote them).

export const BOOK_DEPTH = { default: 50, max: 500 } as const;
/** Group width in base ticks. */
export const BOOK_GROUP = { default: 1, max: 10_000 } as const;
export const CANDLE_LIMIT = { default: 300, max: 1_000 } as const;
export const TRADES_LIMIT = { default: 50, max: 500 } as const;
/** A venue that has announced nothing (no book change, no trade, in any market) for this long is flagged stale; venues requote every 0.25–1 s. */
export const STALE_AFTER_MS = 5_000;
/** Updates a live stream sends at most per second. */
export const STREAM_MAX_UPDATES_PER_SECOND = 10;
/** Trades in a trades stream's snapshot, and candles in a candles stream's. */
export const STREAM_SNAPSHOT = { trades: 50, candles: 300 } as const;
