import "server-only";
import { getConfig } from "../config";
import { createSearchClient } from "./search";
import { createTradingClient } from "./trading";

/** Clients for server components: they reach the APIs the configuration names (this server by default). */
export function serverClients() {
  const config = getConfig();
  return {
    trading: createTradingClient({ baseUrl: config.tradingApiUrl }),
    search: createSearchClient({ baseUrl: config.searchApiUrl }),
  };
}
