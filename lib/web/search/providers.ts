import { ConfigError, type Config } from "../../config";
import type { Database } from "../../db/client";
import { createBraveProvider } from "./brave";
import { createIndexProvider } from "./page-index";
import type { SearchProvider } from "./provider";
import { createSearxngProvider } from "./searxng";

/** The provider SEARCH_PROVIDER names; a provider without its settings stops the start with a ConfigError. */
export function searchProviderFromConfig(config: Pick<Config, "search">, db: Database): SearchProvider {
  const s = config.search;
  switch (s.provider) {
    case "index":
      return createIndexProvider(db);
    case "searxng":
      if (!s.searxngUrl) throw new ConfigError("Invalid environment:\n  SEARXNG_URL: required when SEARCH_PROVIDER=searxng");
      return createSearxngProvider(s.searxngUrl);
    case "brave":
      if (!s.braveApiKey) throw new ConfigError("Invalid environment:\n  BRAVE_SEARCH_API_KEY: required when SEARCH_PROVIDER=brave");
      return createBraveProvider({ baseUrl: s.braveUrl, apiKey: s.braveApiKey });
  }
}
