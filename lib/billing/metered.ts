import { createHash } from "node:crypto";
import { refundCharge, reserveCredits, settleCharge, type LedgerContext, type ReserveRequest } from "./ledger";

export class InsufficientCreditsError extends Error {
  override name = "InsufficientCreditsError";
  constructor(
    readonly balance: number,
    readonly required: number,
  ) {
    super(`This request reserves ${required} credits and the key has ${balance}.`);
  }
}

/** The Idempotency-Key belongs to a request still running, or to a different request. */
export class IdempotencyConflictError extends Error {
  override name = "IdempotencyConflictError";
  constructor(readonly reason: "in_progress" | "mismatch") {
    super(
      reason === "in_progress"
        ? "A request with this Idempotency-Key is still running; retry when it has finished to get its result."
        : "This Idempotency-Key was used for a different request; use a new key for a new request.",
    );
  }
}

/** What the paid work reports: its result (kept as JSON for replays), the final charge, and what explains it. */
export interface WorkDone<T> {
  result: T;
  charged: number;
  detail: Record<string, unknown>;
}

export type Metered<T> =
  | { replayed: false; result: T; charged: number; balance: number }
  /** An earlier request with the same Idempotency-Key: its result as stored (JSON), its charge and balance. */
  | { replayed: true; stored: unknown; charged: number; balance: number };

/**
 * Runs paid work under one charge: reserve the maximum (or replay an earlier request with the same
 * Idempotency-Key), do the work, settle to the final charge (the rest returns to the balance). Work
 * that throws is refunded in full and its Idempotency-Key released, so a retry runs again.
 */
export async function runMetered<T>(
  ctx: LedgerContext,
  charge: Omit<ReserveRequest, "fingerprint"> & { request: unknown },
  work: () => Promise<WorkDone<T>>,
): Promise<Metered<T>> {
  const reservation = await reserveCredits(ctx, { ...charge, fingerprint: requestFingerprint(charge.endpoint, charge.request) });
  switch (reservation.kind) {
    case "insufficient":
      throw new InsufficientCreditsError(reservation.balance, reservation.required);
    case "in_progress":
    case "mismatch":
      throw new IdempotencyConflictError(reservation.kind);
    case "replay":
      return { replayed: true, stored: reservation.result, charged: reservation.charged, balance: reservation.balanceAfter };
    case "reserved":
      break;
  }
  let done: WorkDone<T>;
  try {
    done = await work();
  } catch (err) {
    await refundCharge(ctx, reservation.chargeId, "the request failed");
    throw err;
  }
  const settled = await settleCharge(ctx, reservation.chargeId, { charged: done.charged, detail: done.detail, result: done.result });
  return { replayed: false, result: done.result, charged: settled.charged, balance: settled.balance };
}

/** SHA-256 of the endpoint and the validated request (keys sorted), so equal requests match however they were written. */
export function requestFingerprint(endpoint: string, request: unknown): string {
  return createHash("sha256").update(endpoint).update("\n").update(canonicalJson(request)).digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
