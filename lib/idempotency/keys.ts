// The Idempotency-Key rules both APIs share: how long a key is remembered, how an earlier use of the
// key decides a new request's fate, and what a refused request is told. Each domain stores its keys in
// its own table (the search API's beside the credit charge they pay for, the trading API's with their
// operation id); see lib/billing/ledger.ts and lib/trading/execution/idempotency.ts.

/** How long an Idempotency-Key is remembered, and its answer replayed. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;

/** Why a request with an Idempotency-Key cannot run now. */
export type IdempotencyConflict =
  /** The key's earlier request is still running. */
  | "in_progress"
  /** The key came before with a different request. */
  | "mismatch"
  /** The key's earlier run died and another retry is taking it over at this moment. */
  | "changing_hands";

const CONFLICT_MESSAGES: Record<IdempotencyConflict, string> = {
  in_progress: "A request with this Idempotency-Key is still running; retry when it has finished to get its result.",
  mismatch: "This Idempotency-Key was used for a different request; use a new key for a new request.",
  changing_hands: "A request with this Idempotency-Key is changing hands; retry.",
};

/** The one wording of each conflict, whichever API answers it. */
export function conflictMessage(reason: IdempotencyConflict): string {
  return CONFLICT_MESSAGES[reason];
}

export class IdempotencyConflictError extends Error {
  override name = "IdempotencyConflictError";
  constructor(readonly reason: IdempotencyConflict) {
    super(conflictMessage(reason));
  }
}

/** What an earlier use of the same key means for a new request: refuse it, replay the stored answer, or see the run in progress. */
export function earlierUse(earlier: { fingerprint: string; finished: boolean }, fingerprint: string): "mismatch" | "replay" | "running" {
  if (earlier.fingerprint !== fingerprint) return "mismatch";
  return earlier.finished ? "replay" : "running";
}
