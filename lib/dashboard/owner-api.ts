import "server-only";
import { mintOwnerToken } from "../auth/owner-tokens";
import { createTradingClient, type TradingClient } from "../client/trading";
import { dashboardDeps } from "./services";

// Tokens for the dashboard's own calls live one minute: each server action mints its own.
const DASHBOARD_TOKEN_SECONDS = 60;

/** The trading API as this owner, with a freshly minted owner token (never sent to the browser). */
export async function ownerTradingClient(ownerId: string): Promise<TradingClient> {
  const deps = dashboardDeps();
  const token = await mintOwnerToken({ db: deps.database.db, clock: deps.clock, config: deps.config, secret: deps.secret }, ownerId, DASHBOARD_TOKEN_SECONDS);
  return createTradingClient({ baseUrl: deps.config.tradingApiUrl, token });
}
