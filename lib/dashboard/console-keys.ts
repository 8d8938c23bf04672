import "server-only";
import * as consoleKeys from "../auth/search-keys-console";
import { dashboardDeps } from "./services";

// The search console's own state: the owner's search keys it holds, sealed, to call the API with.

function context(): consoleKeys.ConsoleKeyContext {
  const deps = dashboardDeps();
  return { db: deps.database.db, clock: deps.clock, secret: deps.secret };
}

export const keepConsoleKey = (ownerId: string, keyId: string, key: string) => consoleKeys.keepConsoleKey(context(), ownerId, keyId, key);
export const forgetConsoleKey = (ownerId: string, keyId: string) => consoleKeys.forgetConsoleKey(context(), ownerId, keyId);
/** Ids of the owner's keys the console can call the API with. */
export const consoleKeyIds = (ownerId: string) => consoleKeys.consoleKeyIds(context(), ownerId);
/** The key itself, opened for one call; null when the console does not hold it. */
export const openConsoleKey = (ownerId: string, keyId: string) => consoleKeys.openConsoleKey(context(), ownerId, keyId);
