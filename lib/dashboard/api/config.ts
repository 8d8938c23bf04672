import "server-only";
import { SEARCH_API_BASE, TRADING_API_BASE } from "../../api/paths";
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

/** What the search console searches, in words: the configured provider of this deployment, or the remote search API. */
export function searchSource(): { provider: "index" | "searxng" | "brave" | "remote"; description: string } {
  const config = getConfig();
  if (process.env.BOURSE_SEARCH_API_URL) return { provider: "remote", description: `Searches go to the search API at ${config.searchApiUrl}.` };
  switch (config.search.provider) {
    case "index":
      return {
        provider: "index",
        description: "Searches look through the pages this deployment has scraped (its own index), not the whole web: scrape a page first to find it.",
      };
    case "searxng":
      return {
        provider: "searxng",
        description: `Searches go to the web through the SearXNG instance at ${new URL(config.search.searxngUrl ?? "http://searxng").host}.`,
      };
    case "brave":
      return { provider: "brave", description: "Searches go to the web through the Brave Search API." };
  }
}

/** Where people and their programs reach an API of this deployment (request samples, try-it). */
export function publicApiUrl(api: "trading" | "search"): string {
  const config = getConfig();
  if (api === "search") return process.env.BOURSE_SEARCH_API_URL ? config.searchApiUrl : `${config.publicUrl}${SEARCH_API_BASE}`;
  return config.remoteTradingApi ? config.tradingApiUrl : `${config.publicUrl}${TRADING_API_BASE}`;
}
