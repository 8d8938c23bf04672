import { and, eq } from "drizzle-orm";
import type { Clock } from "../clock";
import { secretBox } from "../crypto/secret-box";
import type { Database } from "../db/client";
import { keyStatus, mintAgentKey } from "./agent-keys";
import { owners, ownerSecrets } from "./schema";
import { AGENT_SCOPES } from "./scopes";

const SECRET_NAME = "desk_key";
export const DESK_KEY_NAME = "Dashboard desk";

export interface DeskKeyContext {
  db: Database;
  clock: Clock;
  secret: string;
}

/**
 * The agent key the dashboard trades with for this owner: kept sealed at rest, minted on first use
 * and again whenever the owner has revoked it (it is listed and revocable like any other key).
 */
export async function deskKeyFor(ctx: DeskKeyContext, ownerId: string): Promise<string> {
  const box = secretBox(ctx.secret, SECRET_NAME);
  const usable = async (db: Database, key: string) => (await keyStatus({ db, clock: ctx.clock }, key)) === "active";
  const [stored] = await ctx.db
    .select()
    .from(ownerSecrets)
    .where(and(eq(ownerSecrets.ownerId, ownerId), eq(ownerSecrets.name, SECRET_NAME)));
  if (stored) {
    const key = box.open(stored.sealed);
    if (await usable(ctx.db, key)) return key;
  }
  return ctx.db.transaction(async (tx) => {
    // One desk key per owner even when two requests arrive together: the owner row serialises them.
    await tx.select({ id: owners.id }).from(owners).where(eq(owners.id, ownerId)).for("update");
    const [again] = await tx
      .select()
      .from(ownerSecrets)
      .where(and(eq(ownerSecrets.ownerId, ownerId), eq(ownerSecrets.name, SECRET_NAME)));
    if (again && again.sealed !== stored?.sealed) {
      const key = box.open(again.sealed);
      if (await usable(tx, key)) return key;
    }
    const { key } = await mintAgentKey({ db: tx, clock: ctx.clock }, ownerId, { name: DESK_KEY_NAME, scopes: [...AGENT_SCOPES], kind: "desk" });
    const row = { ownerId, name: SECRET_NAME, sealed: box.seal(key), updatedAt: new Date(ctx.clock.now()) };
    await tx
      .insert(ownerSecrets)
      .values(row)
      .onConflictDoUpdate({ target: [ownerSecrets.ownerId, ownerSecrets.name], set: { sealed: row.sealed, updatedAt: row.updatedAt } });
    return key;
  });
}
