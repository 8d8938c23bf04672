import { and, eq } from "drizzle-orm";
import type { Clock } from "../clock";
import { secretBox } from "../crypto/secret-box";
import type { Database } from "../db/client";
import { searchConsoleKeys } from "./schema";

const PURPOSE = "search_console_key";

export interface ConsoleKeyContext {
  db: Database;
  clock: Clock;
  secret: string;
}

/**
 * Keeps a search key for the owner's console, sealed with the server secret: the console calls the
 * search API with it server-side, and it never goes back to the browser.
 */
export async function keepConsoleKey(ctx: ConsoleKeyContext, ownerId: string, keyId: string, key: string): Promise<void> {
  const row = { keyId, ownerId, sealed: secretBox(ctx.secret, PURPOSE).seal(key), addedAt: new Date(ctx.clock.now()) };
  await ctx.db
    .insert(searchConsoleKeys)
    .values(row)
    .onConflictDoUpdate({ target: searchConsoleKeys.keyId, set: { sealed: row.sealed, addedAt: row.addedAt } });
}

/** Ids of the owner's keys the console holds. */
export async function consoleKeyIds(ctx: ConsoleKeyContext, ownerId: string): Promise<Set<string>> {
  const rows = await ctx.db.select({ keyId: searchConsoleKeys.keyId }).from(searchConsoleKeys).where(eq(searchConsoleKeys.ownerId, ownerId));
  return new Set(rows.map((r) => r.keyId));
}

/** The key itself, when the console holds it for this owner. */
export async function openConsoleKey(ctx: ConsoleKeyContext, ownerId: string, keyId: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ sealed: searchConsoleKeys.sealed })
    .from(searchConsoleKeys)
    .where(and(eq(searchConsoleKeys.keyId, keyId), eq(searchConsoleKeys.ownerId, ownerId)));
  return row ? secretBox(ctx.secret, PURPOSE).open(row.sealed) : null;
}

export async function forgetConsoleKey(ctx: ConsoleKeyContext, ownerId: string, keyId: string): Promise<void> {
  await ctx.db.delete(searchConsoleKeys).where(and(eq(searchConsoleKeys.keyId, keyId), eq(searchConsoleKeys.ownerId, ownerId)));
}
