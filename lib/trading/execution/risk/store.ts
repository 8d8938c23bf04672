import { recordAudit } from "../../../auth/audit";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { killSwitches, riskDayStarts, riskOverrides } from "../../schema";
import { limitsFromConfig, parseOverride, tighten, type RiskLimits, type RiskOverride } from "./limits";
import type { RiskConfig } from "../../../config";

/** An override for all of an owner's keys is stored under this key id. */
const ALL_KEYS = "";
/** A kill switch for every key of an owner. */
const EVERY_KEY = "*";

/** One stored override: for all of an owner's keys (keyId "") or one key. */
export interface OverrideRow {
  keyId: string;
  limits: RiskOverride;
}

/** Every override an owner stored (what the risk cache holds). */
export async function overrideRowsOf(db: Database, ownerId: string): Promise<OverrideRow[]> {
  const rows = await db.select({ keyId: riskOverrides.keyId, limits: riskOverrides.limits }).from(riskOverrides).where(eq(riskOverrides.ownerId, ownerId));
  return rows.map((r) => ({ keyId: r.keyId, limits: r.limits as RiskOverride }));
}

/**
 * The limits as each layer leaves them, loosest first: the operator's, then tightened by the owner's
 * override for all keys, then by the key's own. A refusal names the loosest layer that refuses.
 */
export function limitLayers(config: RiskConfig, rows: readonly OverrideRow[], keyId: string | null): { whose: string; limits: RiskLimits }[] {
  let limits = limitsFromConfig(config);
  const layers = [{ whose: "the deployment's", limits }];
  const all = rows.find((r) => r.keyId === ALL_KEYS);
  const own = keyId === null ? undefined : rows.find((r) => r.keyId === keyId);
  for (const [row, whose] of [
    [all, "your account's"],
    [own, "this key's"],
  ] as const) {
    if (row === undefined) continue;
    limits = tighten(limits, row.limits);
    layers.push({ whose, limits });
  }
  return layers;
}

/** Stores an owner's override for all keys (keyId null) or one key; an empty override removes it. */
export async function setOverride(db: Database, ownerId: string, keyId: string | null, input: Record<string, unknown>, now: number): Promise<RiskOverride> {
  const limits = parseOverride(input);
  const key = keyId ?? ALL_KEYS;
  await db.transaction(async (tx) => {
    if (Object.keys(limits).length === 0) await tx.delete(riskOverrides).where(and(eq(riskOverrides.ownerId, ownerId), eq(riskOverrides.keyId, key)));
    else {
      const values = { ownerId, keyId: key, limits: limits as Record<string, string | number>, updatedAt: now };
      await tx
        .insert(riskOverrides)
        .values(values)
        .onConflictDoUpdate({ target: [riskOverrides.ownerId, riskOverrides.keyId], set: { limits: values.limits, updatedAt: now } });
    }
    await recordAudit(tx, {
      ownerId,
      actor: "owner",
      action: "risk_limits.changed",
      ...scopeOf(keyId),
      detail: { ...scopeOf(keyId).detail, limits },
      at: new Date(now),
    });
  });
  return limits;
}

/** An audit event's key and scope: one key, or every key. */
function scopeOf(keyId: string | null): { keyId?: string; detail: { scope: string } } {
  return keyId === null ? { detail: { scope: "all keys" } } : { keyId, detail: { scope: "key" } };
}

/** An owner's overrides as stored: the one for all their keys ({} when none) and each key's own. */
export interface OwnerOverrides {
  allKeys: RiskOverride;
  keys: Record<string, RiskOverride>;
}

/** Reads back what `setOverride` stored for an owner (for the owner's own dashboard; never an agent's endpoint). */
export async function overridesOf(db: Database, ownerId: string): Promise<OwnerOverrides> {
  const rows = await db.select({ keyId: riskOverrides.keyId, limits: riskOverrides.limits }).from(riskOverrides).where(eq(riskOverrides.ownerId, ownerId));
  const out: OwnerOverrides = { allKeys: {}, keys: {} };
  for (const row of rows) {
    const limits = parseOverride(row.limits);
    if (row.keyId === ALL_KEYS) out.allKeys = limits;
    else out.keys[row.keyId] = limits;
  }
  return out;
}

/** The key ids an owner's switches are engaged for (EVERY_KEY among them for all keys). */
export async function switchedKeys(db: Database, ownerId: string): Promise<Set<string>> {
  const rows = await db.select({ keyId: killSwitches.keyId }).from(killSwitches).where(eq(killSwitches.ownerId, ownerId));
  return new Set(rows.map((r) => r.keyId));
}

/** Whether a kill switch covers this key, read from the database (the swaps' guard; the order gate reads the risk cache). */
export async function killSwitchEngaged(db: Database, ownerId: string, keyId: string | null): Promise<boolean> {
  return switchCovers(await switchedKeys(db, ownerId), keyId);
}

/** Whether the engaged switches cover this key (its own, or the owner's for every key). */
export const switchCovers = (switched: ReadonlySet<string>, keyId: string | null) => switched.has(EVERY_KEY) || (keyId !== null && switched.has(keyId));

export async function engageSwitch(db: Database, ownerId: string, keyId: string | null, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    const engaged = await tx
      .insert(killSwitches)
      .values({ ownerId, keyId: keyId ?? EVERY_KEY, engagedAt: now })
      .onConflictDoNothing()
      .returning({ keyId: killSwitches.keyId });
    if (engaged.length > 0) await recordAudit(tx, { ownerId, actor: "owner", action: "kill_switch.engaged", ...scopeOf(keyId), at: new Date(now) });
  });
}

export async function releaseSwitch(db: Database, ownerId: string, keyId: string | null, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(killSwitches)
      .where(and(eq(killSwitches.ownerId, ownerId), eq(killSwitches.keyId, keyId ?? EVERY_KEY)))
      .returning({ keyId: killSwitches.keyId });
    if (gone.length > 0) await recordAudit(tx, { ownerId, actor: "owner", action: "kill_switch.released", ...scopeOf(keyId), at: new Date(now) });
    return gone.length > 0;
  });
}

/** The switches an owner has engaged: `all` for every key, and the keys pulled one by one. */
export async function switchesOf(db: Database, ownerId: string): Promise<{ all: boolean; keys: { keyId: string; engagedAt: number }[] }> {
  const rows = await db.select().from(killSwitches).where(eq(killSwitches.ownerId, ownerId));
  return {
    all: rows.some((r) => r.keyId === EVERY_KEY),
    keys: rows.filter((r) => r.keyId !== EVERY_KEY).map((r) => ({ keyId: r.keyId, engagedAt: r.engagedAt })),
  };
}

/** The owner's equity when the day began for risk: the first value recorded for the UTC day wins. */
export async function dayStartEquity(db: Database, ownerId: string, day: string, equity: bigint): Promise<bigint> {
  await db.insert(riskDayStarts).values({ ownerId, day, equity }).onConflictDoNothing();
  const [row] = await db
    .select({ equity: riskDayStarts.equity })
    .from(riskDayStarts)
    .where(and(eq(riskDayStarts.ownerId, ownerId), eq(riskDayStarts.day, day)));
  return row?.equity ?? equity;
}
