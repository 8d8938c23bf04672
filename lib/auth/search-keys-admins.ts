import { eq } from "drizzle-orm";
import type { Administrators } from "../config";
import type { Database } from "../db/client";
import { ownerWallets } from "./schema";

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
