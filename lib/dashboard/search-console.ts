import "server-only";
import { consoleKeyIds, openConsoleKey, type ConsoleKeyContext } from "../auth/search-keys-console";
import { mintOwnerToken } from "../auth/owner-tokens";
import { ApiClientError } from "../client/http";
import { createSearchClient, type SearchClient } from "../client/search";
import { dashboardDeps } from "./services";
import { currentOwner } from "./session";

// Tokens for the dashboard's own calls live one minute: each action or read mints its own.
const DASHBOARD_TOKEN_SECONDS = 60;
// A scrape that follows links may take up to three minutes (SCRAPE_DEADLINE_MS); wait a little longer.
const PAID_CALL_TIMEOUT_MS = 200_000;

export function consoleKeyContext(): ConsoleKeyContext {
  const deps = dashboardDeps();
  return { db: deps.database.db, clock: deps.clock, secret: deps.secret };
}

/** The search API as this owner (an owner token minted for the call), for key management. */
export async function ownerSearchClient(ownerId: string): Promise<SearchClient> {
  const deps = dashboardDeps();
  const token = await mintOwnerToken({ db: deps.database.db, clock: deps.clock, config: deps.config, secret: deps.secret }, ownerId, DASHBOARD_TOKEN_SECONDS);
  return createSearchClient({ baseUrl: deps.config.searchApiUrl, token });
}

/**
 * The search API with one of the owner's console-held keys, opened here for the call; the key never
 * leaves the server. Throws a 403-like ApiClientError when the console does not hold that key.
 */
export async function consoleSearchClient(ownerId: string, keyId: string): Promise<SearchClient> {
  const key = await openConsoleKey(consoleKeyContext(), ownerId, keyId);
  if (!key) throw new ApiClientError("This console does not hold that key: mint one here, or paste it under Keys.", 403, "KEY_NOT_IN_CONSOLE", null);
  return createSearchClient({ baseUrl: dashboardDeps().config.searchApiUrl, token: key, timeoutMs: PAID_CALL_TIMEOUT_MS });
}

/** The search API with a key the owner has just pasted, to check it before keeping it. */
export function pastedKeyClient(key: string): SearchClient {
  return createSearchClient({ baseUrl: dashboardDeps().config.searchApiUrl, token: key });
}

/** Ids of the owner's keys the console can call the API with. */
export function consoleKeys(ownerId: string): Promise<Set<string>> {
  return consoleKeyIds(consoleKeyContext(), ownerId);
}

/**
 * Runs a read for the console's own same-origin endpoints: signed in, or 401; the API's refusal passed
 * on with its message, code and request id (502 when nothing answered). Never cached.
 */
export async function consoleRead(read: (ownerId: string) => Promise<unknown>): Promise<Response> {
  const owner = await currentOwner();
  if (!owner) return Response.json({ error: "Sign in to use the search console.", code: "UNAUTHORIZED", requestId: null }, { status: 401 });
  try {
    return Response.json(await read(owner.ownerId), { headers: { "cache-control": "no-store" } });
  } catch (err) {
    if (!(err instanceof ApiClientError)) throw err;
    return Response.json({ error: err.message, code: err.code, requestId: err.requestId }, { status: err.status >= 400 ? err.status : 502 });
  }
}
