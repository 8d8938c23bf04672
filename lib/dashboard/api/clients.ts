import "server-only";
import { getConfig } from "../../config";
import { createMarketDataClient } from "../../client/market-data";
import { createSearchClient, type SearchClient } from "../../client/search";
import { createSwapClient, type SwapClient } from "../../client/swap";
import { createTradingClient, type TradingClient } from "../../client/trading";
import { openConsoleKey } from "../console-keys";
import { consoleCallerHeaders, deskKey, searchOwnerToken, tradingOwnerToken } from "./credentials";
import { refusal } from "./failure";

// The dashboard's clients of the APIs, each with the owner's credential attached on the server: the
// APIs the configuration names (this server's by default), reached over HTTP like by any other client.

// Orders can wait for the owner lock behind an agent's burst: give them longer than a read.
const EXECUTION_TIMEOUT_MS = 30_000;
// A scrape that follows links may take up to three minutes (SCRAPE_DEADLINE_MS); wait a little longer.
const PAID_CALL_TIMEOUT_MS = 200_000;
// Pages rendered on the server do not wait long for public reads.
const PAGE_READ_TIMEOUT_MS = 5_000;

/** 401 for a remote API whose credential the owner has not pasted in Settings yet. */
function missingCredential(what: string) {
  return refusal(`This dashboard uses the API at ${getConfig().tradingApiUrl}: paste ${what} in Settings.`, 401, "UNAUTHORIZED");
}

/** The trading API as this owner (owner token), for keys, audit, kill switch and risk limits. */
export async function ownerTradingClient(ownerId: string): Promise<TradingClient> {
  const token = await tradingOwnerToken(ownerId);
  if (!token) throw missingCredential("an owner token for it");
  return createTradingClient({ baseUrl: getConfig().tradingApiUrl, token });
}

/**
 * The trading API as this owner's trade desk (the desk key). Orders placed through it are the desk
 * key's, so the kill switch for every key (or for the desk key) stops them too.
 */
export async function deskTradingClient(ownerId: string): Promise<TradingClient> {
  const key = await deskKey(ownerId);
  if (!key) throw missingCredential("an agent key with the trade and account:read scopes");
  return createTradingClient({ baseUrl: getConfig().tradingApiUrl, token: key, timeoutMs: EXECUTION_TIMEOUT_MS });
}

/** The swap endpoints of the trading API as this owner's swap desk (the desk key). */
export async function deskSwapClient(ownerId: string): Promise<SwapClient> {
  const key = await deskKey(ownerId);
  if (!key) throw missingCredential("an agent key with the swap scope");
  return createSwapClient({ baseUrl: getConfig().tradingApiUrl, token: key, timeoutMs: EXECUTION_TIMEOUT_MS });
}

/** The search API as this owner (an owner token minted for the call, for that deployment's audience), for key management. */
export async function ownerSearchClient(ownerId: string): Promise<SearchClient> {
  return createSearchClient({ baseUrl: getConfig().searchApiUrl, token: await searchOwnerToken(ownerId) });
}

/** The search API with one of the owner's console-held keys, opened here for the call; 403 when the console does not hold it. */
export async function consoleSearchClient(ownerId: string, keyId: string): Promise<SearchClient> {
  const key = await openConsoleKey(ownerId, keyId);
  if (!key) throw refusal("This console does not hold that key: mint one here, or paste it under Keys.", 403, "KEY_NOT_IN_CONSOLE");
  // Counted per owner in the search API's rate limits, not as the server's own address.
  return createSearchClient({ baseUrl: getConfig().searchApiUrl, token: key, timeoutMs: PAID_CALL_TIMEOUT_MS, headers: consoleCallerHeaders(ownerId) });
}

/** The search API with a key the owner has just pasted, to check it before keeping it. */
export function pastedSearchKeyClient(key: string): SearchClient {
  return createSearchClient({ baseUrl: getConfig().searchApiUrl, token: key });
}

/** The APIs' public endpoints (market data, OpenAPI documents), for pages rendered on the server. */
export function publicClients() {
  const config = getConfig();
  return {
    trading: createTradingClient({ baseUrl: config.tradingApiUrl }),
    search: createSearchClient({ baseUrl: config.searchApiUrl }),
    marketData: createMarketDataClient({ baseUrl: config.tradingApiUrl, timeoutMs: PAGE_READ_TIMEOUT_MS }),
  };
}
