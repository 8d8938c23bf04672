import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Plan } from "./plans";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const credits = (name: string) => bigint(name, { mode: "number" });

/**
 * One credit balance per search key (the account id is the key's id). The balance only moves
 * together with a ledger entry, and never below zero: every debit is a guarded conditional UPDATE,
 * and the CHECK is the last line of defence.
 */
export const creditAccounts = pgTable(
  "credit_accounts",
  {
    id: text("id").primaryKey(),
    plan: text("plan").$type<Plan>().notNull(),
    balance: credits("balance").notNull(),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [check("credit_accounts_balance_non_negative", sql`${t.balance} >= 0`)],
);

export type ChargeEndpoint = "search" | "scrape";
export type ChargeStatus = "open" | "settled" | "expired";

/**
 * One paid request: what it reserved up front, then what it was charged. An open charge that outlives
 * its expiry (its request crashed or hung) is refunded in full by the sweep.
 */
export const creditCharges = pgTable(
  "credit_charges",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    endpoint: text("endpoint").$type<ChargeEndpoint>().notNull(),
    /** The X-Request-ID of the request that opened it, for tracing. */
    requestId: text("request_id").notNull(),
    /** The caller's Idempotency-Key: a retry with the same key replays this charge's result. */
    idempotencyKey: text("idempotency_key"),
    /** SHA-256 of the endpoint and the validated request, so a key reused for another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    reserved: integer("reserved").notNull(),
    charged: integer("charged"),
    status: text("status").$type<ChargeStatus>().notNull(),
    /** Pages completed, failed and never attempted, written at settlement. */
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    /** The result, kept for replays while the idempotency key is remembered. */
    result: jsonb("result").$type<unknown>(),
    balanceAfter: credits("balance_after"),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    settledAt: at("settled_at"),
  },
  (t) => [
    uniqueIndex("credit_charges_idempotency_idx").on(t.accountId, t.idempotencyKey),
    index("credit_charges_open_idx").on(t.status, t.expiresAt),
    index("credit_charges_account_idx").on(t.accountId, t.createdAt),
  ],
);

export type LedgerKind = "grant" | "reserve" | "settle" | "plan";

/**
 * Append-only: every change of a balance, signed, with the balance it left. The sum of an account's
 * amounts is its balance. `ref` ties an entry to its charge (reserve, settle) or to the grant's
 * idempotency key, and is unique per account and kind: a charge is reserved and settled once.
 */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: text("account_id").notNull(),
    kind: text("kind").$type<LedgerKind>().notNull(),
    amount: credits("amount").notNull(),
    balanceAfter: credits("balance_after").notNull(),
    ref: text("ref"),
    /** Who caused it: an owner id for grants and plan changes, "system" for the sweep, "api" for requests. */
    actor: text("actor").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    at: at("at").notNull(),
  },
  (t) => [uniqueIndex("credit_ledger_ref_idx").on(t.accountId, t.kind, t.ref), index("credit_ledger_account_idx").on(t.accountId, t.id)],
);
