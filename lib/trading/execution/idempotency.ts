import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Database } from "../../db/client";
import type { GroupCommit } from "../../db/group-commit";
import type { IdempotencyClaims } from "./idempotency-claims";
import { recordAnswer } from "./records";
import { requestFingerprint } from "../../idempotency/fingerprint";
import { conflictMessage, earlierUse, IDEMPOTENCY_WINDOW_MS } from "../../idempotency/keys";
import { newId } from "../../ids";
import { TradingError } from "./errors";
import { tradeIdempotency } from "../schema";

/** How long a run holds its key; a run that died (a crash) is resumed by a retry after this. */
export const IDEMPOTENCY_LEASE_MS = 30_000;

export interface IdempotentRequest {
  /** Whose keys: the agent key id (or the owner's id for the owner's own session). */
  scope: string;
  /** The caller's Idempotency-Key; without one the work simply runs. */
  key: string | undefined;
  /** The operation (e.g. "POST /agent/orders") and its validated input, fingerprinted together. */
  endpoint: string;
  request: unknown;
}

export type IdempotentResult<T> = { replayed: false; result: T } | { replayed: true; result: unknown };

/**
 * Runs `work` once per Idempotency-Key. The key's row is inserted before the work starts, so of
 * concurrent duplicates exactly one gets past the primary key; the others see it running (409) or,
 * once it finished, get its stored answer. The same key with a different request is refused.
 *
 * `work` receives an operation id that names whatever it creates (order and pair ids derive from it).
 * If the work throws a TradingError nothing was executed, so the key is released. Any other failure
 * (a crash mid-way) leaves the key with its operation id; a retry resumes with the same id, and the
 * venues' client order ids make the orders it already sent come back instead of being sent again.
 */
export async function runIdempotent<T>(
  deps: { db: Database; writes: GroupCommit; clock: Clock; claims: IdempotencyClaims },
  req: IdempotentRequest,
  work: (operationId: string, isNew: boolean) => Promise<T>,
): Promise<IdempotentResult<T>> {
  if (req.key === undefined) return { replayed: false, result: await work(newId("op"), true) };
  const fingerprint = requestFingerprint(req.endpoint, req.request);
  const { db, writes, clock } = deps;
  const claim = await claimKey(db, deps.claims, clock.now(), req.scope, req.key, fingerprint);
  if (claim.kind === "replay") return { replayed: true, result: claim.body };
  const where = and(eq(tradeIdempotency.scope, req.scope), eq(tradeIdempotency.key, req.key));
  let result: T;
  try {
    result = await work(claim.operationId, claim.isNew);
  } catch (err) {
    if (err instanceof TradingError) await db.delete(tradeIdempotency).where(and(where, isNull(tradeIdempotency.response)));
    else await db.update(tradeIdempotency).set({ leaseUntil: 0 }).where(where);
    throw err;
  }
  // In the group commit's order: stored with or after what the run recorded, never before.
  await recordAnswer(writes, req.scope, req.key, result);
  return { replayed: false, result };
}

/** A run: with an operation id just made (isNew), or taken over from a run that died. */
type Claim = { kind: "run"; operationId: string; isNew: boolean } | { kind: "replay"; body: unknown };

async function claimKey(db: Database, claims: IdempotencyClaims, now: number, scope: string, key: string, fingerprint: string): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const operationId = newId("op");
    const inserted = await claims.claim({
      scope,
      key,
      fingerprint,
      operationId,
      leaseUntil: now + IDEMPOTENCY_LEASE_MS,
      expiresAt: now + IDEMPOTENCY_WINDOW_MS,
    });
    if (inserted) return { kind: "run", operationId, isNew: true };
    const where = and(eq(tradeIdempotency.scope, scope), eq(tradeIdempotency.key, key));
    const [earlier] = await db.select().from(tradeIdempotency).where(where);
    if (earlier === undefined) continue; // released or purged meanwhile
    if (earlier.expiresAt <= now) {
      await db.delete(tradeIdempotency).where(and(where, lt(tradeIdempotency.expiresAt, now + 1)));
      continue;
    }
    const use = earlierUse({ fingerprint: earlier.fingerprint, finished: earlier.response !== null }, fingerprint);
    if (use === "mismatch") throw new TradingError("idempotency_reused", conflictMessage("mismatch"));
    if (use === "replay") return { kind: "replay", body: earlier.response!.body };
    // A run whose lease lapsed died; take it over with its operation id (a conditional update: one taker wins).
    const [taken] = await db
      .update(tradeIdempotency)
      .set({ leaseUntil: now + IDEMPOTENCY_LEASE_MS })
      .where(and(where, isNull(tradeIdempotency.response), lt(tradeIdempotency.leaseUntil, now)))
      .returning({ operationId: tradeIdempotency.operationId });
    if (taken) return { kind: "run", operationId: taken.operationId, isNew: false };
    throw new TradingError("in_progress", conflictMessage("in_progress"));
  }
  throw new TradingError("in_progress", conflictMessage("changing_hands"));
}

/** Forgets keys older than their 24 hours; returns how many. */
export async function purgeIdempotencyKeys(db: Database, now: number): Promise<number> {
  const gone = await db.delete(tradeIdempotency).where(lt(tradeIdempotency.expiresAt, now)).returning({ key: sql`1` });
  return gone.length;
}

/**
 * Lets retries take over, at once, the runs a dead venue host left unfinished: only the host runs
 * executions, so when a new one starts every unfinished run is orphaned. Returns how many.
 */
export async function releaseOrphanedRuns(db: Database): Promise<number> {
  const freed = await db.update(tradeIdempotency).set({ leaseUntil: 0 }).where(isNull(tradeIdempotency.response)).returning({ key: sql`1` });
  return freed.length;
}
