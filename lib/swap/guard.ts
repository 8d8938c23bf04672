// The owner's rules for what one agent key may do with swaps: the kill switch, where a swap may pay
// out to, and how much the key's executed swaps may be worth per UTC day.
import { and, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { SwapQuoteView } from "./contract";
import { agentKeys, ownerWallets } from "../auth/schema";
import type { Clock } from "../clock";
import type { Database } from "../db/client";
import { ceilDiv, decimalToFraction } from "../decimal";
import { KILL_SWITCH_MESSAGE } from "../trading/execution/errors";
import { killSwitchEngaged } from "../trading/execution/risk/store";
import { SwapError } from "./errors";
import { swaps, swapWallets } from "./schema";

/** Who asks for a swap: the owner, and the agent key used (null: the owner's service itself, under every-key rules only). */
export interface SwapCaller {
  ownerId: string;
  keyId: string | null;
}

interface KeyPolicy {
  recipients: ReadonlySet<string>;
  dailyLimitMicros: bigint | null;
}

const NO_KEY: KeyPolicy = { recipients: new Set(), dailyLimitMicros: null };

const RECIPIENT_REFUSED =
  "This key may pay out only to the swap's own sender, the owner's wallets, and the recipients the owner allowed for it; toAddress is none of them.";
const DAILY_REFUSED = "This swap would take the key over its daily swap limit (per UTC day); the owner can raise it.";
const VALUE_UNKNOWN = "The swap's US dollar value is unknown, so the key's daily swap limit cannot be checked.";

/** A non-negative decimal string of US dollars in millionths, rounded up ("1.0000001" → 1000001n). */
function usdMicrosCeil(text: string): bigint {
  const f = decimalToFraction(text);
  return ceilDiv(f.num * 1_000_000n, f.den);
}

export function startOfUtcDay(now: number): Date {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

export type SwapGuard = ReturnType<typeof createSwapGuard>;

export function createSwapGuard(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  async function policyOf(caller: SwapCaller): Promise<KeyPolicy> {
    if (caller.keyId === null) return NO_KEY;
    const [row] = await db
      .select({ recipients: agentKeys.swapRecipients, limit: agentKeys.swapDailyLimitMicros })
      .from(agentKeys)
      .where(and(eq(agentKeys.id, caller.keyId), eq(agentKeys.ownerId, caller.ownerId)));
    return row ? { recipients: new Set(row.recipients), dailyLimitMicros: row.limit } : NO_KEY;
  }

  /** The owner's own addresses: the server-held swap wallet and the wallets they sign in with (lower-case). */
  async function ownersWallets(ownerId: string): Promise<Set<string>> {
    const [held, linked] = await Promise.all([
      db.select({ address: swapWallets.address }).from(swapWallets).where(eq(swapWallets.ownerId, ownerId)),
      db.select({ address: ownerWallets.address }).from(ownerWallets).where(eq(ownerWallets.ownerId, ownerId)),
    ]);
    return new Set([...held, ...linked].map((r) => r.address.toLowerCase()));
  }

  /** The key and the keys it replaced (rolls), so a roll does not start the day's count again. */
  async function lineage(caller: SwapCaller & { keyId: string }): Promise<string[]> {
    const rows = await db.select({ id: agentKeys.id, replacedBy: agentKeys.replacedBy }).from(agentKeys).where(eq(agentKeys.ownerId, caller.ownerId));
    const ids = [caller.keyId];
    for (let i = 0; i < ids.length; i++) for (const r of rows) if (r.replacedBy === ids[i] && !ids.includes(r.id)) ids.push(r.id);
    return ids;
  }

  /** US dollars (millionths) of the key's executed swaps since the UTC day began; failed ones do not count. */
  async function usedToday(caller: SwapCaller & { keyId: string }): Promise<bigint> {
    const [row] = await db
      .select({ total: sql<string | null>`sum(${swaps.notionalMicros})` })
      .from(swaps)
      .where(
        and(
          eq(swaps.ownerId, caller.ownerId),
          inArray(swaps.keyId, await lineage(caller)),
          gte(swaps.createdAt, startOfUtcDay(clock.now())),
          ne(swaps.status, "FAILED"),
        ),
      );
    return BigInt(row?.total ?? 0);
  }

  /** Refuses while a kill switch covers the caller's key (its own, or the owner's for every key). */
  async function assertNotKilled(caller: SwapCaller): Promise<void> {
    if (await killSwitchEngaged(db, caller.ownerId, caller.keyId)) throw new SwapError("risk", KILL_SWITCH_MESSAGE, "KILL_SWITCH");
  }

  /**
   * Refuses a recipient the key may not pay out to. A swap may always pay its own sender; anyone else
   * must be one of the owner's wallets or on the key's list.
   */
  async function assertRecipient(caller: SwapCaller, recipient: string | null, sender: string | null): Promise<void> {
    if (recipient === null) return;
    const to = recipient.toLowerCase();
    if (sender !== null && to === sender.toLowerCase()) return;
    if ((await policyOf(caller)).recipients.has(to)) return;
    if ((await ownersWallets(caller.ownerId)).has(to)) return;
    throw new SwapError("risk", RECIPIENT_REFUSED, "SWAP_RECIPIENT");
  }

  /**
   * Refuses a swap that would take the key's executed swaps today over its daily limit. Execute calls
   * it under the owner's swap lock, together with recording the swap, so parallel executes cannot both pass.
   */
  async function assertDailyRoom(caller: SwapCaller, quote: SwapQuoteView): Promise<bigint | null> {
    const value = quote.fromAmountUSD === null ? null : usdMicrosCeil(quote.fromAmountUSD);
    if (caller.keyId === null) return value;
    const { dailyLimitMicros } = await policyOf(caller);
    if (dailyLimitMicros === null) return value;
    if (value === null) throw new SwapError("risk", VALUE_UNKNOWN, "SWAP_DAILY_NOTIONAL");
    if ((await usedToday({ ownerId: caller.ownerId, keyId: caller.keyId })) + value > dailyLimitMicros) {
      throw new SwapError("risk", DAILY_REFUSED, "SWAP_DAILY_NOTIONAL");
    }
    return value;
  }

  return { assertNotKilled, assertRecipient, assertDailyRoom };
}
