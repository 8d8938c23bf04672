import { and, desc, eq, ilike, isNull, max, or, type SQL } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Database } from "../db/client";
import { newId } from "../ids";
import { ledgerEntries, ledgerEntryView, openAccount } from "../billing/ledger";
import type { LedgerEntryView } from "../billing/contract";
import { type Plan, STARTING_CREDITS } from "../billing/plans";
import { creditAccounts, creditCharges } from "../billing/schema";
import type { AdminSearchKeyView, SearchKeyView } from "./contract/search-keys";
import { adminSearchKeyView, searchKeyView } from "./search-key-views";
import { hashKey, keyFormat } from "./key-format";
import { claimMint, KEY_MINTS_PER_HOUR } from "./mint-limit";
import { owners, searchKeys } from "./schema";

export const SEARCH_KEY_PREFIX = "bourse_sr_live_";
export const searchKeyFormat = keyFormat(SEARCH_KEY_PREFIX);

export interface SearchKeyContext {
  db: Database;
  clock: Clock;
}

export type SearchKeyStatus = "active" | "revoked";

/** A search key as owners see it: never the secret, only its fragment; with its plan and balance. */
export interface SearchKey {
  id: string;
  ownerId: string;
  name: string;
  fragment: string;
  plan: Plan;
  balance: number;
  status: SearchKeyStatus;
  createdAt: string;
  revokedAt: string | null;
  /** When the key last opened a paid request (validation is not counted). */
  lastUsedAt: string | null;
}

/** A search key with its owner's email, as administrators look keys up. */
export interface AdminSearchKey extends SearchKey {
  ownerEmail: string | null;
}

const lastUsed = max(creditCharges.createdAt);
const columns = {
  id: searchKeys.id,
  ownerId: searchKeys.ownerId,
  name: searchKeys.name,
  fragment: searchKeys.fragment,
  createdAt: searchKeys.createdAt,
  revokedAt: searchKeys.revokedAt,
  plan: creditAccounts.plan,
  balance: creditAccounts.balance,
  lastUsedAt: lastUsed,
};

function selectKeys(db: Database) {
  return db
    .select(columns)
    .from(searchKeys)
    .innerJoin(creditAccounts, eq(creditAccounts.id, searchKeys.id))
    .leftJoin(creditCharges, eq(creditCharges.accountId, searchKeys.id))
    .groupBy(searchKeys.id, creditAccounts.id);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectKeys>["execute"]>>[number];

function present(row: Row): SearchKey {
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    fragment: row.fragment,
    plan: row.plan,
    balance: row.balance,
    status: row.revokedAt ? "revoked" : "active",
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
    lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
  };
}

/**
 * Mints a key and opens its credit account on the plan, in one transaction. One Free allowance per
 * owner: the owner's first search key starts with the plan's starting credits, every later one (the
 * first revoked or not) with 0 until an administrator adds credits. The owner's row lock taken by
 * claimMint makes two parallel first mints one after the other, so only one gets the grant. The
 * secret is in the result and nowhere else.
 */
export async function mintSearchKey(ctx: SearchKeyContext, ownerId: string, spec: { name: string; plan: Plan }): Promise<MintedSearchKey> {
  const now = ctx.clock.now();
  const key = searchKeyFormat.generate();
  const id = newId("srk");
  const startingCredits = await ctx.db.transaction(async (tx) => {
    const earlier = await claimMint(tx, ownerId, "search key", now, async () =>
      (
        await tx
          .select({ at: searchKeys.createdAt })
          .from(searchKeys)
          .where(eq(searchKeys.ownerId, ownerId))
          .orderBy(desc(searchKeys.createdAt))
          .limit(KEY_MINTS_PER_HOUR)
      ).map((r) => r.at),
    );
    await tx
      .insert(searchKeys)
      .values({ id, ownerId, name: spec.name, keyHash: hashKey(key), fragment: searchKeyFormat.fragment(key), createdAt: new Date(now) });
    return openAccount({ db: tx, clock: ctx.clock }, id, spec.plan, ownerId, earlier.length === 0 ? STARTING_CREDITS[spec.plan] : 0);
  });
  return { key, record: (await getSearchKey(ctx, ownerId, id))!, startingCredits };
}

export interface MintedSearchKey {
  key: string;
  record: SearchKeyView;
  /** Credits granted at minting: the plan's starting credits on the owner's first key, else 0. */
  startingCredits: number;
}

export async function listSearchKeys(ctx: SearchKeyContext, ownerId: string): Promise<SearchKeyView[]> {
  const rows = await selectKeys(ctx.db).where(eq(searchKeys.ownerId, ownerId)).orderBy(desc(searchKeys.createdAt), desc(searchKeys.id));
  return rows.map((r) => searchKeyView(present(r)));
}

/** One of the owner's keys, or null: another owner's key is indistinguishable from none. */
export async function getSearchKey(ctx: SearchKeyContext, ownerId: string, keyId: string): Promise<SearchKeyView | null> {
  const [row] = await selectKeys(ctx.db).where(and(eq(searchKeys.id, keyId), eq(searchKeys.ownerId, ownerId)));
  return row ? searchKeyView(present(row)) : null;
}

/** Any owner's key, with the owner's email, for administrators. */
export async function findSearchKey(ctx: SearchKeyContext, keyId: string): Promise<AdminSearchKeyView | null> {
  const [row] = await adminKeys(ctx, eq(searchKeys.id, keyId), 1);
  return row ?? null;
}

/** Keys of every owner whose key id, key name or owner email contains `query` (all keys when empty), newest first. */
export async function searchAllKeys(ctx: SearchKeyContext, query: string, limit: number): Promise<AdminSearchKeyView[]> {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return adminKeys(ctx, query ? or(ilike(searchKeys.id, pattern), ilike(searchKeys.name, pattern), ilike(owners.email, pattern)) : undefined, limit);
}

async function adminKeys(ctx: SearchKeyContext, where: SQL | undefined, limit: number): Promise<AdminSearchKeyView[]> {
  const rows = await ctx.db
    .select({ ...columns, ownerEmail: owners.email })
    .from(searchKeys)
    .innerJoin(creditAccounts, eq(creditAccounts.id, searchKeys.id))
    .innerJoin(owners, eq(owners.id, searchKeys.ownerId))
    .leftJoin(creditCharges, eq(creditCharges.accountId, searchKeys.id))
    .where(where)
    .groupBy(searchKeys.id, creditAccounts.id, owners.id)
    .orderBy(desc(searchKeys.createdAt), desc(searchKeys.id))
    .limit(limit);
  return rows.map((r) => adminSearchKeyView({ ...present(r), ownerEmail: r.ownerEmail }));
}

/** Revokes at once; revoking a revoked key changes nothing. Null when the owner has no such key. */
export async function revokeSearchKey(ctx: SearchKeyContext, ownerId: string, keyId: string): Promise<SearchKeyView | null> {
  await ctx.db
    .update(searchKeys)
    .set({ revokedAt: new Date(ctx.clock.now()) })
    .where(and(eq(searchKeys.id, keyId), eq(searchKeys.ownerId, ownerId), isNull(searchKeys.revokedAt)));
  return getSearchKey(ctx, ownerId, keyId);
}

/** A key's credit ledger as the API shows it, newest first. */
export async function searchKeyLedger(ctx: SearchKeyContext, keyId: string, page: { limit: number; before?: number }): Promise<LedgerEntryView[]> {
  return (await ledgerEntries(ctx, keyId, page)).map(ledgerEntryView);
}

/** Who is calling with a search key, and on which plan. */
export interface SearchPrincipal {
  keyId: string;
  ownerId: string;
  name: string;
  plan: Plan;
  balance: number;
}

export type SearchKeyCheck = { ok: true; principal: SearchPrincipal } | { ok: false; reason: string };

/**
 * Checks a presented key: malformed or bad checksum (no database read) → unknown → revoked. Keys are
 * read on every request, not cached, so a revocation, a plan change or a top-up counts at once.
 */
export async function authenticateSearchKey(ctx: SearchKeyContext, presented: string): Promise<SearchKeyCheck> {
  if (!searchKeyFormat.isWellFormed(presented)) return { ok: false, reason: "The API key is malformed: search keys look like bourse_sr_live_…." };
  const [row] = await ctx.db
    .select({
      id: searchKeys.id,
      ownerId: searchKeys.ownerId,
      name: searchKeys.name,
      revokedAt: searchKeys.revokedAt,
      plan: creditAccounts.plan,
      balance: creditAccounts.balance,
    })
    .from(searchKeys)
    .innerJoin(creditAccounts, eq(creditAccounts.id, searchKeys.id))
    .where(eq(searchKeys.keyHash, hashKey(presented)));
  if (!row) return { ok: false, reason: "The API key is not recognised." };
  if (row.revokedAt) return { ok: false, reason: "The API key has been revoked." };
  return { ok: true, principal: { keyId: row.id, ownerId: row.ownerId, name: row.name, plan: row.plan, balance: row.balance } };
}
