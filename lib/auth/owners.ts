import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { owners } from "./schema";

/** Makes sure an owner record exists for an id vouched for by a trusted token issuer. */
export async function ensureOwner(db: Database, ownerId: string): Promise<void> {
  await db.insert(owners).values({ id: ownerId }).onConflictDoNothing({ target: owners.id });
}

export async function ownerExists(db: Database, ownerId: string): Promise<boolean> {
  const [row] = await db.select({ id: owners.id }).from(owners).where(eq(owners.id, ownerId));
  return Boolean(row);
}
