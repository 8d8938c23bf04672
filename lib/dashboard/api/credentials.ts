import "server-only";
import { CONSOLE_CALLER_HEADER, signConsoleCaller } from "../../auth/console-caller";
import { deskKeyFor } from "../../auth/desk-key";
import { mintOwnerToken } from "../../auth/owner-tokens";
import { readOwnerSecret } from "../../auth/owner-secrets";
import { dashboardDeps } from "../services";

// Tokens for the dashboard's own calls live one minute: each action or read mints its own.
const OWNER_TOKEN_SECONDS = 60;

function context() {
  const deps = dashboardDeps();
  return { db: deps.database.db, clock: deps.clock, config: deps.config, secret: deps.secret };
}

/** An owner token for this deployment's APIs, minted for the call. */
export function mintedOwnerToken(ownerId: string): Promise<string> {
  return mintOwnerToken(context(), ownerId, OWNER_TOKEN_SECONDS);
}

/**
 * An owner token for the search API, minted for the call with that deployment's audience: ours for
 * this deployment, the remote's for BOURSE_SEARCH_API_URL (which this deployment's key routes refuse).
 */
export function searchOwnerToken(ownerId: string): Promise<string> {
  const ctx = context();
  return mintOwnerToken(ctx, ownerId, OWNER_TOKEN_SECONDS, ctx.config.searchApiAudience);
}

/**
 * The owner token for the trading API: minted here against this deployment, or the one pasted in
 * Settings against a remote one (BOURSE_API_URL; null when none was pasted). It stays on the server.
 */
export async function tradingOwnerToken(ownerId: string): Promise<string | null> {
  const ctx = context();
  return ctx.config.remoteTradingApi ? readOwnerSecret(ctx, ownerId, "remote_owner_token") : mintedOwnerToken(ownerId);
}

/**
 * The agent key the owner's desks (trade, swap) call the API with: the sealed desk key against this
 * deployment, or the agent key pasted in Settings against a remote one (null when none was pasted).
 * It stays on the server.
 */
export async function deskKey(ownerId: string): Promise<string | null> {
  const ctx = context();
  return ctx.config.remoteTradingApi ? readOwnerSecret(ctx, ownerId, "remote_agent_key") : deskKeyFor(ctx, ownerId);
}

/** Names the owner to the search API's rate limits, which would otherwise count the server's own address. */
export function consoleCallerHeaders(ownerId: string): Record<string, string> {
  const ctx = context();
  return { [CONSOLE_CALLER_HEADER]: signConsoleCaller(ctx.secret, ownerId, ctx.clock.now()) };
}
