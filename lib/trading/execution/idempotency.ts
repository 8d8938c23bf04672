import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Database } from "../../db/client";
import type { Caller } from "./context";
import type { IdempotencyClaims } from "./idempotency-claims";
import type { HostKeyClaims } from "./host-key-claims";
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

/** A finished run's answer with its key's record, whole: written as it is should the record be gone. */
export interface KeyAnswer {
  scope: string;
  key: string;
  fingerprint: string;
  operationId: string;
  expiresAt: number;
  body: unknown;
}

/** Where the keys live and how a run's end is told. */
export interface IdempotencyStore {
  db: Database;
  clock: Clock;
  claims: IdempotencyClaims;
  /** On the venue host, for the trading service: keys it can tell are new are claimed in memory. */
  hostClaims?: HostKeyClaims;
  /** Stores a finished run's answer (the trading service: through its group commit, after what the run recorded). */
  storeAnswer(answer: KeyAnswer): Promise<void>;
  /** Whether a failure of the work is a refusal before anything was executed: the key is then released. */
  refused(err: unknown): boolean;
}

/** Stores an answer at once: for work whose records are written directly, not through a group commit. */
export const storeAnswerNow =
  (db: Database) =>
  async ({ scope, key, body }: KeyAnswer): Promise<void> => {
    await db
      .update(tradeIdempotency)
      .set({ response: { status: 200, body } })
      .where(and(eq(tradeIdempotency.scope, scope), eq(tradeIdempotency.key, key)));
  };

/**
 * Runs `work` once per Idempotency-Key. The key's row is inserted before the work starts, so of
 * concurrent duplicates exactly one gets past the primary key; the others see it running (409) or,
 * once it finished, get its stored answer. The same key with a different request is refused. On the
 * venue host a key it can tell is new is claimed in memory instead, its row stored with the run's first
 * batch (host-key-claims.ts); duplicates meanwhile are told apart in memory the same way.
 *
 * `work` receives an operation id that names whatever it creates (order and pair ids derive from it),
 * and may give its answer as soon as it is certain, before its own records are stored: the answer then
 * joins their batch (one commit to wait for, not two). It must return that same answer.
 * If the work throws a refusal (`store.refused`: a TradingError for the trading service) nothing was
 * executed, so the key is released. Any other failure
 * (a crash mid-way) leaves the key with its operation id; a retry resumes with the same id, and the
 * venues' client order ids make the orders it already sent come back instead of being sent again.
 */
export async function runIdempotent<T>(store: IdempotencyStore, req: IdempotentRequest, work: Work<T>): Promise<IdempotentResult<T>> {
  if (req.key === undefined) return { replayed: false, result: await work(newId("op"), true, () => {}) };
  const fingerprint = requestFingerprint(req.endpoint, req.request);
  const { db, clock } = store;
  const now = clock.now();
  const claim = await claimKey(store, now, req.scope, req.key, fingerprint);
  if (claim.kind === "replay") return { replayed: true, result: claim.body };
  const where = and(eq(tradeIdempotency.scope, req.scope), eq(tradeIdempotency.key, req.key));
  const answer = (body: T): KeyAnswer => ({
    scope: req.scope,
    key: req.key!,
    fingerprint,
    operationId: claim.operationId,
    expiresAt: now + IDEMPOTENCY_WINDOW_MS,
    body,
  });
  let early: Promise<void> | undefined;
  const answerNow = (body: T) => {
    early = store.storeAnswer(answer(body));
    early.catch(() => {}); // awaited below, once the work ends
  };
  let result: T;
  try {
    try {
      result = await work(claim.operationId, claim.isNew, answerNow);
    } catch (err) {
      // A key the host claimed in memory is released once its record, on its way in the group commit, is stored.
      if (claim.stored !== undefined && !(await isStored(claim.stored))) throw err;
      if (store.refused(err)) await db.delete(tradeIdempotency).where(and(where, isNull(tradeIdempotency.response)));
      else await db.update(tradeIdempotency).set({ leaseUntil: 0 }).where(where);
      throw err;
    }
    await (early ?? store.storeAnswer(answer(result)));
  } finally {
    if (claim.stored !== undefined) store.hostClaims?.settle(req.scope, req.key);
  }
  return { replayed: false, result };
}

const isStored = (stored: Promise<void>) =>
  stored.then(
    () => true,
    () => false,
  );

/** The answer of every execution call: its result, and whether it is an earlier request's, replayed. */
export interface Executed<T> {
  result: T;
  replayed: boolean;
}

/** The scope Idempotency-Keys live in: the agent key, or the owner's own session. */
export const idempotencyScope = (caller: Caller) => caller.keyId ?? `owner:${caller.ownerId}`;

/**
 * Swap executes keep their keys apart from the trading calls': they run on whichever instance is asked,
 * where the venue host, which claims the trading calls' keys in memory, would not see them.
 */
export const swapIdempotencyScope = (caller: Caller) => `swap:${idempotencyScope(caller)}`;

/** Work run under an Idempotency-Key: named by the operation id, new or resumed, and able to give its answer early. */
export type Work<T> = (operationId: string, isNew: boolean, answerNow: (answer: T) => void) => Promise<T>;

/** Runs an execution of `caller` under its Idempotency-Key (when it gave one); `work` gets the id to name what it creates. */
export async function executeOnce<T>(
  store: IdempotencyStore,
  caller: Caller,
  operation: { endpoint: string; request: unknown; idempotencyKey: string | undefined; scope?: string },
  work: Work<T>,
): Promise<Executed<T>> {
  const { endpoint, request, idempotencyKey } = operation;
  const scope = operation.scope ?? idempotencyScope(caller);
  const run = await runIdempotent(store, { scope, key: idempotencyKey, endpoint, request }, work);
  return run.replayed ? { replayed: true, result: run.result as T } : { replayed: false, result: run.result };
}

/** A run: with an operation id just made (isNew), or taken over from a run that died; `stored` when the host claimed the key in memory. */
type Claim = { kind: "run"; operationId: string; isNew: boolean; stored?: Promise<void> } | { kind: "replay"; body: unknown };

async function claimKey(store: IdempotencyStore, now: number, scope: string, key: string, fingerprint: string): Promise<Claim> {
  const { db, claims } = store;
  const row = (operationId: string) => ({
    scope,
    key,
    fingerprint,
    operationId,
    leaseUntil: now + IDEMPOTENCY_LEASE_MS,
    expiresAt: now + IDEMPOTENCY_WINDOW_MS,
  });
  const first = newId("op");
  const here = store.hostClaims?.claim(row(first));
  if (here?.kind === "new") return { kind: "run", operationId: first, isNew: true, stored: here.stored };
  if (here?.kind === "held") {
    if (here.fingerprint !== fingerprint) throw new TradingError("idempotency_reused", conflictMessage("mismatch"));
    throw new TradingError("in_progress", conflictMessage("in_progress"));
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const operationId = attempt === 0 ? first : newId("op");
    if (await claims.claim(row(operationId))) return { kind: "run", operationId, isNew: true };
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
