import "server-only";
import { mintOwnerToken } from "../auth/owner-tokens";
import { readOwnerSecret } from "../auth/owner-secrets";
import { ApiClientError } from "../client/http";
import { createTradingClient, type TradingClient } from "../client/trading";
import { dashboardDeps } from "./services";

// Tokens for the dashboard's own calls live one minute: each server action mints its own.
const DASHBOARD_TOKEN_SECONDS = 60;

/**
 * The trading API as this owner. Against this deployment the token is minted here for the call;
 * against a remote one (BOURSE_API_URL) it is the owner token pasted in settings. It never reaches the browser.
 */
export async function ownerTradingClient(ownerId: string): Promise<TradingClient> {
  const deps = dashboardDeps();
  const ctx = { db: deps.database.db, clock: deps.clock, config: deps.config, secret: deps.secret };
  const token = deps.config.remoteTradingApi
    ? await readOwnerSecret(ctx, ownerId, "remote_owner_token")
    : await mintOwnerToken(ctx, ownerId, DASHBOARD_TOKEN_SECONDS);
  if (!token) {
    throw new ApiClientError(
      `This dashboard uses the API at ${deps.config.tradingApiUrl}: paste an owner token for it in Settings.`,
      401,
      "UNAUTHORIZED",
      null,
    );
  }
  return createTradingClient({ baseUrl: deps.config.tradingApiUrl, token });
}
