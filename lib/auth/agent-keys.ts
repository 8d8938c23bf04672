import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import type { Clock } from "../clock";
import { type ClusterBus, EVERY_SUBJECT } from "../cluster/bus";
import type { Database } from "../db/client";
import { formatAtoms } from "../engine/accounts/market-units";
import { ipMatcher } from "../net/ip-allowlist";
import { newId } from "../ids";
import { recordAudit } from "./audit";
import { hashKey, keyFormat } from "./key-format";
import { createKeyCache, type KeyCache } from "./key-cache";
import type { KeyUsage } from "./key-usage";
import { claimMint, KEY_MINTS_PER_HOUR } from "./mint-limit";
import { agentKeys } from "./schema";
import type { AgentScope } from "./scopes";

export const AGENT_KEY_PREFIX = "bourse_sk_live_";
export const agentKeyFormat = keyFormat(AGENT_KEY_PREFIX);

/** last_used_at is written at most this often per key. */
const LAST_USED_RESOLUTION_MS = 60_000;

type Row = typeof agentKeys.$inferSelect;
export type AgentKeyStatus = "active" | "expired" | "revoked";

/** An agent key as owners see it: never the secret, only its fragment. */
export interface AgentKey {
  id: string;
  name: string;
  kind: "agent" | "desk";
  fragment: string;
  scopes: AgentScope[];
  ipAllowlist: string[] | null;
  status: AgentKeyStatus;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  replacedBy: string | null;
  /** Addresses swaps may pay out to besides the owner's own wallets (lower-case). */
  swapRecipients: string[];
  /** US dollars this key's executed swaps may be worth per UTC day; null = no daily limit. */
  swapDailyLimitUsd: string | null;
}

/** What a key may do with swaps: extra recipients (lower-case) and a daily limit in millionths of a US dollar (null: none). */
export interface SwapPolicy {
  swapRecipients: string[];
  swapDailyLimitMicros: bigint | null;
}

export interface KeyContext {
  db: Database;
  clock: Clock;
  /** This instance's cache of verified keys; revoke and roll invalidate it. */
  cache?: AgentKeyCache;
  /** Where revokes and rolls are announced, so every instance's cache forgets the key. */
  bus?: ClusterBus;
  /** Counts the requests each key authenticates. */
  usage?: KeyUsage;
}

export type AgentKeyCache = KeyCache<Row>;

/** Bus topic: the key (subject: its id) was revoked or rolled; cached rows of it are stale. */
export const AGENT_KEY_CHANGED = "agent-key.changed";

// Only a backstop: changes reach every instance's cache through the bus at once.
const CACHE_TTL_MS = 10_000;

/** This instance's cache, forgetting keys as the bus announces their changes (everything when told EVERY_SUBJECT). */
export function createAgentKeyCache(clock: Clock, bus?: ClusterBus): AgentKeyCache {
  const cache = createKeyCache<Row>({ ttlMs: CACHE_TTL_MS, maxEntries: 10_000, now: () => clock.now() });
  bus?.on(AGENT_KEY_CHANGED, (keyId) => (keyId === EVERY_SUBJECT ? cache.forgetAll() : cache.forget(keyId)));
  return cache;
}

/** After the commit: a lookup reading from now on, on any instance, sees the change (see key-cache.ts). */
async function announceKeyChange(ctx: KeyContext, keyId: string): Promise<void> {
  ctx.cache?.forget(keyId);
  await ctx.bus?.publish(AGENT_KEY_CHANGED, keyId);
}

export interface NewAgentKey {
  name: string;
  scopes: AgentScope[];
  expiresAt?: Date | null;
  ipAllowlist?: string[] | null;
  kind?: "agent" | "desk";
  swapRecipients?: string[];
  swapDailyLimitMicros?: bigint | null;
}

function statusOf(row: Row, now: number): AgentKeyStatus {
  if (row.revokedAt) return "revoked";
  if (row.expiresAt && row.expiresAt.getTime() <= now) return "expired";
  return "active";
}

function present(row: Row, now: number): AgentKey {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    fragment: row.fragment,
    scopes: row.scopes as AgentScope[],
    ipAllowlist: row.ipAllowlist,
    status: statusOf(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
    lastUsedAt: iso(row.lastUsedAt),
    replacedBy: row.replacedBy,
    swapRecipients: row.swapRecipients,
    swapDailyLimitUsd: row.swapDailyLimitMicros === null ? null : formatAtoms(row.swapDailyLimitMicros),
  };
}

const recipientsOf = (addresses: readonly string[] | undefined) => [...new Set((addresses ?? []).map((a) => a.toLowerCase()))];

/** How a key's swap policy reads in the audit log. */
const policyDetail = (row: Row) => ({
  swapRecipients: row.swapRecipients,
  swapDailyLimitUsd: row.swapDailyLimitMicros === null ? null : formatAtoms(row.swapDailyLimitMicros),
});

async function insertKey(db: Database, ownerId: string, spec: NewAgentKey, now: Date): Promise<{ key: string; row: Row }> {
  const key = agentKeyFormat.generate();
  const [row] = await db
    .insert(agentKeys)
    .values({
      id: newId("key"),
      ownerId,
      name: spec.name,
      kind: spec.kind ?? "agent",
      keyHash: hashKey(key),
      fragment: agentKeyFormat.fragment(key),
      scopes: [...new Set(spec.scopes)],
      ipAllowlist: spec.ipAllowlist && spec.ipAllowlist.length > 0 ? spec.ipAllowlist : null,
      createdAt: now,
      expiresAt: spec.expiresAt ?? null,
      swapRecipients: recipientsOf(spec.swapRecipients),
      swapDailyLimitMicros: spec.swapDailyLimitMicros ?? null,
    })
    .returning();
  return { key, row: row! };
}

/**
 * Mints a key; the secret is in the result and nowhere else. Agent keys count against the owner's
 * hourly allowance (lib/auth/mint-limit.ts; keys minted by rolling count too); the dashboard's desk key does not.
 */
export async function mintAgentKey(ctx: KeyContext, ownerId: string, spec: NewAgentKey): Promise<{ key: string; record: AgentKey }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if ((spec.kind ?? "agent") === "agent") {
      await claimMint(tx, ownerId, "agent key", now, async () =>
        (
          await tx
            .select({ at: agentKeys.createdAt })
            .from(agentKeys)
            .where(and(eq(agentKeys.ownerId, ownerId), eq(agentKeys.kind, "agent")))
            .orderBy(desc(agentKeys.createdAt))
            .limit(KEY_MINTS_PER_HOUR)
        ).map((r) => r.at),
      );
    }
    const { key, row } = await insertKey(tx, ownerId, spec, new Date(now));
    await recordAudit(tx, {
      ownerId,
      actor: "owner",
      action: "key.minted",
      keyId: row.id,
      detail: { name: row.name, scopes: row.scopes, kind: row.kind, ...policyDetail(row) },
      at: new Date(now),
    });
    return { key, record: present(row, now) };
  });
}

export async function listAgentKeys(ctx: KeyContext, ownerId: string): Promise<AgentKey[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db.select().from(agentKeys).where(eq(agentKeys.ownerId, ownerId)).orderBy(desc(agentKeys.createdAt), desc(agentKeys.id));
  return rows.map((r) => present(r, now));
}

/** One of the owner's keys, or null: another owner's key is indistinguishable from none. */
export async function getAgentKey(ctx: KeyContext, ownerId: string, keyId: string): Promise<AgentKey | null> {
  const [row] = await ctx.db
    .select()
    .from(agentKeys)
    .where(and(eq(agentKeys.id, keyId), eq(agentKeys.ownerId, ownerId)));
  return row ? present(row, ctx.clock.now()) : null;
}

/** Revokes at once; revoking a revoked key changes nothing. Null when the owner has no such key. */
export async function revokeAgentKey(ctx: KeyContext, ownerId: string, keyId: string): Promise<AgentKey | null> {
  const now = ctx.clock.now();
  const revoked = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(agentKeys)
      .set({ revokedAt: new Date(now) })
      .where(and(eq(agentKeys.id, keyId), eq(agentKeys.ownerId, ownerId), isNull(agentKeys.revokedAt)))
      .returning();
    if (row) await recordAudit(tx, { ownerId, actor: "owner", action: "key.revoked", keyId, detail: { name: row.name }, at: new Date(now) });
    return row;
  });
  if (revoked) {
    await announceKeyChange(ctx, keyId);
    return present(revoked, now);
  }
  return getAgentKey(ctx, ownerId, keyId);
}

/**
 * Changes what the key may do with swaps: the fields given replace the stored ones. Recorded in the
 * audit log with the policy before and after. Null when the owner has no such key. The swap service
 * reads the policy from the database on every request, so the key cache needs no change.
 */
export async function setSwapPolicy(ctx: KeyContext, ownerId: string, keyId: string, change: Partial<SwapPolicy>): Promise<AgentKey | null> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(agentKeys)
      .where(and(eq(agentKeys.id, keyId), eq(agentKeys.ownerId, ownerId)))
      .for("update");
    if (!old) return null;
    const [row] = await tx
      .update(agentKeys)
      .set({
        ...(change.swapRecipients === undefined ? {} : { swapRecipients: recipientsOf(change.swapRecipients) }),
        ...(change.swapDailyLimitMicros === undefined ? {} : { swapDailyLimitMicros: change.swapDailyLimitMicros }),
      })
      .where(eq(agentKeys.id, keyId))
      .returning();
    await recordAudit(tx, {
      ownerId,
      actor: "owner",
      action: "key.swap_policy_changed",
      keyId,
      detail: { before: policyDetail(old), after: policyDetail(row!) },
      at: new Date(now),
    });
    return present(row!, now);
  });
}

export class KeyNotRollableError extends Error {
  override name = "KeyNotRollableError";
}

/**
 * Replaces a key with a new one of the same name, scopes, allowlist and expiry; the old key keeps
 * working for the grace period (never longer than it would have). Null when the owner has no such key.
 */
export async function rollAgentKey(
  ctx: KeyContext,
  ownerId: string,
  keyId: string,
  graceSeconds: number,
): Promise<{ key: string; record: AgentKey; previous: AgentKey } | null> {
  const now = ctx.clock.now();
  const rolled = await ctx.db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(agentKeys)
      .where(and(eq(agentKeys.id, keyId), eq(agentKeys.ownerId, ownerId)))
      .for("update");
    if (!old) return null;
    const status = statusOf(old, now);
    if (status !== "active") throw new KeyNotRollableError(`This key is ${status}; only an active key can be rolled.`);
    if (old.replacedBy) throw new KeyNotRollableError("This key has already been rolled.");
    const { key, row } = await insertKey(
      tx,
      ownerId,
      {
        name: old.name,
        scopes: old.scopes as AgentScope[],
        ipAllowlist: old.ipAllowlist,
        expiresAt: old.expiresAt,
        kind: old.kind,
        swapRecipients: old.swapRecipients,
        swapDailyLimitMicros: old.swapDailyLimitMicros,
      },
      new Date(now),
    );
    const graceEnd = now + graceSeconds * 1000;
    const oldExpiry = old.expiresAt && old.expiresAt.getTime() < graceEnd ? old.expiresAt : new Date(graceEnd);
    const [previous] = await tx.update(agentKeys).set({ expiresAt: oldExpiry, replacedBy: row.id }).where(eq(agentKeys.id, old.id)).returning();
    await recordAudit(tx, { ownerId, actor: "owner", action: "key.rolled", keyId: old.id, detail: { newKeyId: row.id, graceSeconds }, at: new Date(now) });
    return { key, record: present(row, now), previous: present(previous!, now) };
  });
  // As for a revoke: a cached row of the old key would lack its new expiry.
  if (rolled) await announceKeyChange(ctx, keyId);
  return rolled;
}

/** The status of a key by its secret, without recording a use; "unknown" when no such key exists. */
export async function keyStatus(ctx: KeyContext, presented: string): Promise<AgentKeyStatus | "unknown"> {
  const [row] = await ctx.db
    .select()
    .from(agentKeys)
    .where(eq(agentKeys.keyHash, hashKey(presented)));
  return row ? statusOf(row, ctx.clock.now()) : "unknown";
}

/** Who is calling with an agent key. */
export interface AgentPrincipal {
  keyId: string;
  ownerId: string;
  kind: "agent" | "desk";
  scopes: AgentScope[];
}

export type KeyCheck = { ok: true; principal: AgentPrincipal } | { ok: false; status: 401 | 403; reason: string };

/**
 * Checks a presented key in this order: malformed or bad checksum → unknown → revoked → expired →
 * IP allowlist → scope. The first three answer 401, the last two 403. Without a scope, any active key
 * passes and the principal tells what it may do (the MCP endpoint lists tools by its scopes).
 */
export async function authenticateAgentKey(ctx: KeyContext, presented: string, request: { ip: string | undefined; scope?: AgentScope }): Promise<KeyCheck> {
  if (!agentKeyFormat.isWellFormed(presented)) return { ok: false, status: 401, reason: "The agent key is malformed." };
  const hash = hashKey(presented);
  const load = async () => (await ctx.db.select().from(agentKeys).where(eq(agentKeys.keyHash, hash)))[0];
  const row = ctx.cache ? await ctx.cache.lookup(hash, load) : await load();
  if (!row) return { ok: false, status: 401, reason: "The agent key is not recognised." };
  const now = ctx.clock.now();
  const status = statusOf(row, now);
  if (status === "revoked") return { ok: false, status: 401, reason: "The agent key has been revoked." };
  if (status === "expired") return { ok: false, status: 401, reason: "The agent key has expired." };
  if (row.ipAllowlist && !(request.ip && ipMatcher(row.ipAllowlist)(request.ip))) {
    return { ok: false, status: 403, reason: "Requests with this agent key are not allowed from this IP address." };
  }
  if (request.scope !== undefined && !row.scopes.includes(request.scope))
    return { ok: false, status: 403, reason: `The agent key lacks the "${request.scope}" scope.` };
  touchLastUsed(ctx, row, now);
  ctx.usage?.record(row.id);
  return { ok: true, principal: { keyId: row.id, ownerId: row.ownerId, kind: row.kind, scopes: row.scopes as AgentScope[] } };
}

/** Records use at most once a minute per key, off the request's critical path. */
function touchLastUsed(ctx: KeyContext, row: Row, now: number): void {
  if (row.lastUsedAt && now - row.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
  const threshold = new Date(now - LAST_USED_RESOLUTION_MS);
  // The cached row carries the time too, so the next requests in the minute skip the write.
  row.lastUsedAt = new Date(now);
  void ctx.db
    .update(agentKeys)
    .set({ lastUsedAt: new Date(now) })
    .where(and(eq(agentKeys.id, row.id), or(isNull(agentKeys.lastUsedAt), lt(agentKeys.lastUsedAt, threshold))))
    .catch(() => {});
}
