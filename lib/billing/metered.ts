import { IdempotencyConflictError } from "../idempotency/keys";
import { requestFingerprint } from "../idempotency/fingerprint";
import { ChargeNotOpenError, refundCharge, reserveCredits, settleCharge, type LedgerContext, type ReserveRequest } from "./ledger";

export class InsufficientCreditsError extends Error {
  override name = "InsufficientCreditsError";
  constructor(
    readonly balance: number,
    readonly required: number,
  ) {
    super(`This request reserves ${required} credits and the key has ${balance}.`);
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
  const settled = await settleDone(ctx, reservation.chargeId, done);
  return { replayed: false, result: done.result, charged: settled.charged, balance: settled.balance };
}

const SETTLE_ATTEMPTS = 3;

/**
 * Settles finished work, trying again when the database fails under it (a dropped connection): a
 * settlement happens at most once, so trying again is safe. If it cannot be recorded, the charge is
 * refunded if possible (the caller gets an error, not the result) so a retry runs again at once.
 */
async function settleDone<T>(ctx: LedgerContext, chargeId: string, done: WorkDone<T>): Promise<{ charged: number; balance: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await settleCharge(ctx, chargeId, { charged: done.charged, detail: done.detail, result: done.result });
    } catch (err) {
      if (err instanceof ChargeNotOpenError || err instanceof RangeError) throw err;
      if (attempt >= SETTLE_ATTEMPTS) {
        await refundCharge(ctx, chargeId, "the result could not be recorded").catch(() => {});
        throw err;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * 3 ** (attempt - 1)));
    }
  }
}
