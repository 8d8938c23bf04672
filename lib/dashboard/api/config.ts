import "server-only";
import { getConfig } from "../../config";
import { dashboardDeps } from "../services";

// The few facts about this deployment that pages need, rather than the whole service container.

/** The dashboard's clock, for "2 minutes ago" on pages rendered on the server. */
export function dashboardNow(): number {
  return dashboardDeps().clock.now();
}

/** The API base the browser reads market data from: this origin's /api, or the remote API the dashboard uses (BOURSE_API_URL). */
export function browserMarketApiUrl(): string {
  const config = getConfig();
  return config.remoteTradingApi ? config.tradingApiUrl : "/api";
}
