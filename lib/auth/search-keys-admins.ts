import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { owners, ownerWallets } from "./schema";

/**
 * Administrators of search plans and credits: owners whose email or linked wallet address is in
 * BOURSE_ADMINS (compared case-insensitively). Read at each check, so a newly linked wallet counts at once.
 */
export async function isSearchAdmin(db: Database, admins: readonly string[], ownerId: string): Promise<boolean> {
  if (admins.length === 0) return false;
  const wanted = new Set(admins.map((a) => a.toLowerCase()));
  const [owner] = await db.select({ email: owners.email }).from(owners).where(eq(owners.id, ownerId));
  if (owner?.email && wanted.has(owner.email.toLowerCase())) return true;
  const wallets = await db.select({ address: ownerWallets.address }).from(ownerWallets).where(eq(ownerWallets.ownerId, ownerId));
  return wallets.some((w) => wanted.has(w.address.toLowerCase()));
}
