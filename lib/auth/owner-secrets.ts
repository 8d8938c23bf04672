import { and, eq } from "drizzle-orm";
import type { Clock } from "../clock";
import { secretBox } from "../crypto/secret-box";
import type { Database } from "../db/client";
import { ownerSecrets } from "./schema";

/** Credentials an owner pastes for a remote deployment of the trading API. */
export type RemoteCredential = "remote_owner_token" | "remote_agent_key";

export interface OwnerSecretContext {
  db: Database;
  clock: Clock;
  secret: string;
}

/** Stores a per-owner secret sealed with the server secret (one purpose per name). */
export async function storeOwnerSecret(ctx: OwnerSecretContext, ownerId: string, name: RemoteCredential, value: string): Promise<void> {
  const row = { ownerId, name, sealed: secretBox(ctx.secret, name).seal(value), updatedAt: new Date(ctx.clock.now()) };
  await ctx.db
    .insert(ownerSecrets)
    .values(row)
    .onConflictDoUpdate({ target: [ownerSecrets.ownerId, ownerSecrets.name], set: { sealed: row.sealed, updatedAt: row.updatedAt } });
}

export async function readOwnerSecret(ctx: OwnerSecretContext, ownerId: string, name: RemoteCredential): Promise<string | null> {
  const [row] = await ctx.db
    .select()
    .from(ownerSecrets)
    .where(and(eq(ownerSecrets.ownerId, ownerId), eq(ownerSecrets.name, name)));
  return row ? secretBox(ctx.secret, name).open(row.sealed) : null;
}

export async function deleteOwnerSecret(ctx: OwnerSecretContext, ownerId: string, name: RemoteCredential): Promise<void> {
  await ctx.db.delete(ownerSecrets).where(and(eq(ownerSecrets.ownerId, ownerId), eq(ownerSecrets.name, name)));
}
