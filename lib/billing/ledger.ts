import { and, desc, eq, gte, isNotNull, lt, lte, sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Database } from "../db/client";
import { earlierUse, IDEMPOTENCY_WINDOW_MS } from "../idempotency/keys";
import { newId } from "../ids";
import type { LedgerEntryView } from "./contract";
import { STARTING_CREDITS, type Plan } from "./plans";
import { creditAccounts, creditCharges, creditLedger, type ChargeEndpoint, type LedgerKind } from "./schema";

export interface LedgerContext {
  db: Database;
  clock: Clock;
}

/** How long a reservation may stay open before the sweep refunds it: well beyond any request's deadline. */
export const RESERVATION_TTL_MS = 10 * 60_000;

export interface LedgerEntry {
  id: number;
  kind: LedgerKind;
  amount: number;
  balanceAfter: number;
  ref: string | null;
  actor: string;
  detail: Record<string, unknown>;
  at: string;
}

/**
 * Opens a key's account on its plan with `balance` starting credits (by default the plan's) and records
 * the grant, 0 included; part of minting the key (pass its transaction). Returns the balance.
 */
export async function openAccount(ctx: LedgerContext, accountId: string, plan: Plan, actor: string, balance = STARTING_CREDITS[plan]): Promise<number> {
  const now = new Date(ctx.clock.now());
  await ctx.db.insert(creditAccounts).values({ id: accountId, plan, balance, createdAt: now, updatedAt: now });
  await ctx.db
    .insert(creditLedger)
    .values({ accountId, kind: "grant", amount: balance, balanceAfter: balance, actor, detail: { reason: "starting credits", plan }, at: now });
  return balance;
}

export class AccountNotFoundError extends Error {
  override name = "AccountNotFoundError";
}

/** Thrown inside a transaction to roll it back and report a replay instead. */
class Replayed extends Error {}

/**
 * Adds credits. With an idempotency key, a repeated grant changes nothing and returns the first one's entry.
 */
export async function grantCredits(
  ctx: LedgerContext,
  accountId: string,
  grant: { amount: number; actor: string; note?: string; idempotencyKey?: string },
): Promise<{ entry: LedgerEntry; replayed: boolean }> {
  if (!Number.isSafeInteger(grant.amount) || grant.amount <= 0) throw new RangeError("A grant must be a positive whole number of credits.");
  const now = new Date(ctx.clock.now());
  try {
    const entry = await ctx.db.transaction(async (tx) => {
      const [account] = await tx
        .update(creditAccounts)
        .set({ balance: sql`${creditAccounts.balance} + ${grant.amount}`, updatedAt: now })
        .where(eq(creditAccounts.id, accountId))
        .returning({ balance: creditAccounts.balance });
      if (!account) throw new AccountNotFoundError(accountId);
      const [row] = await tx
        .insert(creditLedger)
        .values({
          accountId,
          kind: "grant",
          amount: grant.amount,
          balanceAfter: account.balance,
          ref: grant.idempotencyKey ?? null,
          actor: grant.actor,
          detail: grant.note ? { note: grant.note } : {},
          at: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new Replayed();
      return row;
    });
    return { entry: presentEntry(entry), replayed: false };
  } catch (err) {
    if (!(err instanceof Replayed)) throw err;
    const [first] = await ctx.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.accountId, accountId), eq(creditLedger.kind, "grant"), eq(creditLedger.ref, grant.idempotencyKey!)));
    return { entry: presentEntry(first!), replayed: true };
  }
}

/** Moves an account to another plan; the balance stays as it is. Recorded in the ledger with amount 0. */
export async function changePlan(ctx: LedgerContext, accountId: string, plan: Plan, actor: string): Promise<{ from: Plan; to: Plan } | null> {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(creditAccounts).where(eq(creditAccounts.id, accountId)).for("update");
    if (!before) return null;
    if (before.plan === plan) return { from: plan, to: plan };
    await tx.update(creditAccounts).set({ plan, updatedAt: now }).where(eq(creditAccounts.id, accountId));
    await tx
      .insert(creditLedger)
      .values({ accountId, kind: "plan", amount: 0, balanceAfter: before.balance, actor, detail: { from: before.plan, to: plan }, at: now });
    return { from: before.plan, to: plan };
  });
}

export async function accountOf(ctx: LedgerContext, accountId: string): Promise<{ plan: Plan; balance: number } | null> {
  const [row] = await ctx.db
    .select({ plan: creditAccounts.plan, balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.id, accountId));
  return row ?? null;
}

export interface ReserveRequest {
  accountId: string;
  endpoint: ChargeEndpoint;
  amount: number;
  requestId: string;
  /** The caller's Idempotency-Key, when sent. */
  idempotencyKey: string | null;
  /** Identifies the request's content; see requestFingerprint. */
  fingerprint: string;
  /**
   * How long the paid work may run (its deadline and a margin). Past it the charge is expired: a retry
   * with the same Idempotency-Key takes over (the process doing the work may have died) instead of
   * being told for the whole reservation's lifetime that it is still running. Default RESERVATION_TTL_MS.
   */
  leaseMs?: number;
}

export type Reservation =
  | { kind: "reserved"; chargeId: string; balance: number }
  | { kind: "insufficient"; balance: number; required: number }
  /** The same Idempotency-Key was settled before: its stored result and charge. */
  | { kind: "replay"; result: unknown; charged: number; balanceAfter: number }
  /** The same Idempotency-Key is still being worked on. */
  | { kind: "in_progress" }
  /** The same Idempotency-Key came with a different request. */
  | { kind: "mismatch" };

class Insufficient extends Error {}

/**
 * Reserves the request's maximum charge: a guarded conditional UPDATE that cannot take the balance
 * below zero under any concurrency, plus the charge row and a ledger entry, in one transaction. With an
 * Idempotency-Key the charge row is inserted first, so that of two requests with the same key only one
 * gets past the unique index.
 */
export async function reserveCredits(ctx: LedgerContext, req: ReserveRequest): Promise<Reservation> {
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw new RangeError("A reservation must be a positive whole number of credits.");
  const first = await reserveOnce(ctx, req);
  if (first.kind !== "lapsed") return first;
  await expireCharge(ctx, first.chargeId);
  const second = await reserveOnce(ctx, req);
  // Lapsed again at once: another retry took over in between and its charge is the one running.
  return second.kind === "lapsed" ? { kind: "in_progress" } : second;
}

/** A reservation, or the earlier charge of the same Idempotency-Key whose lease has lapsed. */
async function reserveOnce(ctx: LedgerContext, req: ReserveRequest): Promise<Reservation | { kind: "lapsed"; chargeId: string }> {
  const nowMs = ctx.clock.now();
  const now = new Date(nowMs);
  const chargeId = newId("chg");
  try {
    return await ctx.db.transaction(async (tx): Promise<Reservation | { kind: "lapsed"; chargeId: string }> => {
      const [charge] = await tx
        .insert(creditCharges)
        .values({
          id: chargeId,
          accountId: req.accountId,
          endpoint: req.endpoint,
          requestId: req.requestId,
          idempotencyKey: req.idempotencyKey,
          fingerprint: req.fingerprint,
          reserved: req.amount,
          status: "open",
          createdAt: now,
          expiresAt: new Date(nowMs + (req.leaseMs ?? RESERVATION_TTL_MS)),
        })
        .onConflictDoNothing()
        .returning({ id: creditCharges.id });
      if (!charge) return earlierCharge(tx, req, now);
      const [account] = await tx
        .update(creditAccounts)
        .set({ balance: sql`${creditAccounts.balance} - ${req.amount}`, updatedAt: now })
        .where(and(eq(creditAccounts.id, req.accountId), gte(creditAccounts.balance, req.amount)))
        .returning({ balance: creditAccounts.balance });
      if (!account) throw new Insufficient();
      await tx.insert(creditLedger).values({
        accountId: req.accountId,
        kind: "reserve",
        amount: -req.amount,
        balanceAfter: account.balance,
        ref: chargeId,
        actor: "api",
        detail: { endpoint: req.endpoint, requestId: req.requestId },
        at: now,
      });
      return { kind: "reserved", chargeId, balance: account.balance };
    });
  } catch (err) {
    if (!(err instanceof Insufficient)) throw err;
    const account = await accountOf(ctx, req.accountId);
    if (!account) throw new AccountNotFoundError(req.accountId);
    return { kind: "insufficient", balance: account.balance, required: req.amount };
  }
}

async function earlierCharge(db: Database, req: ReserveRequest, now: Date): Promise<Reservation | { kind: "lapsed"; chargeId: string }> {
  const [earlier] = await db
    .select()
    .from(creditCharges)
    .where(and(eq(creditCharges.accountId, req.accountId), eq(creditCharges.idempotencyKey, req.idempotencyKey!)));
  // The unique index said it exists; it can only have vanished if the key was just released.
  if (!earlier) return { kind: "mismatch" };
  switch (earlierUse({ fingerprint: earlier.fingerprint, finished: earlier.status !== "open" }, req.fingerprint)) {
    case "mismatch":
      return { kind: "mismatch" };
    case "running":
      return earlier.expiresAt <= now ? { kind: "lapsed", chargeId: earlier.id } : { kind: "in_progress" };
    case "replay":
      return { kind: "replay", result: earlier.result, charged: earlier.charged ?? 0, balanceAfter: earlier.balanceAfter ?? 0 };
  }
}

export interface Settlement {
  /** The final charge, at most what was reserved. */
  charged: number;
  /** Pages completed, failed, never attempted: whatever explains the charge. */
  detail: Record<string, unknown>;
  /** Kept for replays of the same Idempotency-Key. */
  result?: unknown;
}

export class ChargeNotOpenError extends Error {
  override name = "ChargeNotOpenError";
}

/**
 * Settles an open charge to its final amount and returns the rest of the reservation to the balance,
 * once: the charge moves out of "open" under a guarded UPDATE, so a second settlement (or the sweep)
 * finds nothing to do. Returns the balance after.
 */
export async function settleCharge(
  ctx: LedgerContext,
  chargeId: string,
  settlement: Settlement,
): Promise<{ balance: number; charged: number; refunded: number }> {
  return settle(ctx, chargeId, { ...settlement, status: "settled", actor: "api", keepIdempotencyKey: true });
}

/**
 * Refunds a charge whose request failed without a result, and forgets its Idempotency-Key so that a
 * retry with the same key runs again.
 */
export async function refundCharge(ctx: LedgerContext, chargeId: string, reason: string): Promise<{ balance: number }> {
  return settle(ctx, chargeId, { charged: 0, detail: { reason }, status: "settled", actor: "api", keepIdempotencyKey: false });
}

async function settle(
  ctx: LedgerContext,
  chargeId: string,
  s: Settlement & { status: "settled" | "expired"; actor: string; keepIdempotencyKey: boolean },
): Promise<{ balance: number; charged: number; refunded: number }> {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const [open] = await tx
      .select()
      .from(creditCharges)
      .where(and(eq(creditCharges.id, chargeId), eq(creditCharges.status, "open")))
      .for("update");
    if (!open) throw new ChargeNotOpenError(chargeId);
    if (!Number.isSafeInteger(s.charged) || s.charged < 0 || s.charged > open.reserved) {
      throw new RangeError(`A charge of ${s.charged} does not fit the reservation of ${open.reserved}.`);
    }
    const refunded = open.reserved - s.charged;
    const [account] = await tx
      .update(creditAccounts)
      .set({ balance: sql`${creditAccounts.balance} + ${refunded}`, updatedAt: now })
      .where(eq(creditAccounts.id, open.accountId))
      .returning({ balance: creditAccounts.balance });
    await tx.insert(creditLedger).values({
      accountId: open.accountId,
      kind: "settle",
      amount: refunded,
      balanceAfter: account!.balance,
      ref: chargeId,
      actor: s.actor,
      detail: { endpoint: open.endpoint, requestId: open.requestId, reserved: open.reserved, charged: s.charged, ...s.detail },
      at: now,
    });
    await tx
      .update(creditCharges)
      .set({
        status: s.status,
        charged: s.charged,
        detail: s.detail,
        result: s.result ?? null,
        balanceAfter: account!.balance,
        settledAt: now,
        ...(s.keepIdempotencyKey ? {} : { idempotencyKey: null }),
      })
      .where(eq(creditCharges.id, chargeId));
    return { balance: account!.balance, charged: s.charged, refunded };
  });
}

/** Refunds an open charge in full as expired and releases its Idempotency-Key; false when it had settled meanwhile. */
async function expireCharge(ctx: LedgerContext, chargeId: string): Promise<boolean> {
  try {
    await settle(ctx, chargeId, {
      charged: 0,
      detail: { reason: "expired: the request never settled" },
      status: "expired",
      actor: "system",
      keepIdempotencyKey: false,
    });
    return true;
  } catch (err) {
    if (err instanceof ChargeNotOpenError) return false;
    throw err;
  }
}

/**
 * Refunds, in full, charges left open by requests that never settled (a crash, a hang): those past
 * their expiry, or every open one when `all` (at start on the embedded database, which no other
 * process can be using). Also forgets Idempotency-Keys older than the replay window. Returns how many
 * charges it refunded.
 */
export async function sweepOpenCharges(ctx: LedgerContext, opts: { all?: boolean } = {}): Promise<number> {
  const now = ctx.clock.now();
  const stale = await ctx.db
    .select({ id: creditCharges.id })
    .from(creditCharges)
    .where(opts.all ? eq(creditCharges.status, "open") : and(eq(creditCharges.status, "open"), lte(creditCharges.expiresAt, new Date(now))));
  let refunded = 0;
  for (const { id } of stale) if (await expireCharge(ctx, id)) refunded += 1;
  await ctx.db
    .update(creditCharges)
    .set({ idempotencyKey: null, result: null })
    .where(
      and(isNotNull(creditCharges.idempotencyKey), lt(creditCharges.createdAt, new Date(now - IDEMPOTENCY_WINDOW_MS)), sql`${creditCharges.status} <> 'open'`),
    );
  return refunded;
}

/** An account's ledger, newest first; `before` pages on from the last id of the previous page. */
export async function ledgerEntries(ctx: LedgerContext, accountId: string, page: { limit: number; before?: number }): Promise<LedgerEntry[]> {
  const rows = await ctx.db
    .select()
    .from(creditLedger)
    .where(page.before ? and(eq(creditLedger.accountId, accountId), lt(creditLedger.id, page.before)) : eq(creditLedger.accountId, accountId))
    .orderBy(desc(creditLedger.id))
    .limit(page.limit);
  return rows.map(presentEntry);
}

/** The sum of an account's ledger: equal to its balance, always. */
export async function ledgerSum(ctx: LedgerContext, accountId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ sum: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.accountId, accountId));
  return Number(row!.sum);
}

function presentEntry(row: typeof creditLedger.$inferSelect): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    ref: row.ref,
    actor: row.actor,
    detail: row.detail,
    at: row.at.toISOString(),
  };
}

/** A ledger entry as the API shows it. */
export function ledgerEntryView(e: LedgerEntry): LedgerEntryView {
  return {
    id: e.id,
    kind: e.kind,
    amount: e.amount,
    balance_after: e.balanceAfter,
    charge_id: e.kind === "reserve" || e.kind === "settle" ? e.ref : null,
    actor: e.actor,
    detail: e.detail,
    at: e.at,
  };
}
