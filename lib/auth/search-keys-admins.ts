import { eq } from "drizzle-orm";
import { changePlan, grantCredits, ledgerEntryView } from "../billing/ledger";
import type { Plan } from "../billing/plans";
import type { Administrators } from "../config";
import type { Database } from "../db/client";
import type { AdminSearchKeyView, CreditsAddedView } from "./contract/search-keys";
import { ownerWallets } from "./schema";
import { findSearchKey, type SearchKeyContext } from "./search-keys";

/**
 * Administrators of search plans and credits: owners named by id in BOURSE_ADMINS, or holding a listed
 * wallet (linked only after its signature verifies). Emails never count: nothing proves who typed one in.
 * Read at each check, so a newly linked wallet counts at once.
 */
export async function isSearchAdmin(db: Database, admins: Administrators, ownerId: string): Promise<boolean> {
  if (admins.ownerIds.includes(ownerId)) return true;
  if (admins.wallets.length === 0) return false;
  const wallets = await db.select({ address: ownerWallets.address }).from(ownerWallets).where(eq(ownerWallets.ownerId, ownerId));
  return wallets.some((w) => admins.wallets.includes(w.address));
}

/** Moves any owner's key to `plan` (recorded in the ledger as done by `actor`); null when there is no such key. */
export async function changeSearchKeyPlan(ctx: SearchKeyContext, keyId: string, plan: Plan, actor: string): Promise<AdminSearchKeyView | null> {
  const changed = await changePlan(ctx, keyId, plan, actor);
  return changed && (await findSearchKey(ctx, keyId));
}

/** Adds credits to any owner's key; a repeated Idempotency-Key adds nothing and answers the first grant. Null when there is no such key. */
export async function addSearchKeyCredits(ctx: SearchKeyContext, keyId: string, grant: Parameters<typeof grantCredits>[2]): Promise<CreditsAddedView | null> {
  if (!(await findSearchKey(ctx, keyId))) return null;
  const { entry, replayed } = await grantCredits(ctx, keyId, grant);
  const key = (await findSearchKey(ctx, keyId))!;
  return { key, entry: ledgerEntryView(entry), replayed };
}
