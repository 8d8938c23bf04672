import { ConfigError, type Config } from "../../config";
import type { Database } from "../../db/client";
import { createBraveProvider } from "./brave";
import { createIndexProvider } from "./page-index";
import type { SearchProvider } from "./provider";
import { createSearxngProvider } from "./searxng";

type ProviderSettings = Pick<Config, "search">;

function required(value: string | undefined, variable: string, provider: string): string {
  if (!value) throw new ConfigError(`Invalid environment:\n  ${variable}: required when SEARCH_PROVIDER=${provider}`);
  return value;
}

/** Throws a ConfigError naming what SEARCH_PROVIDER needs and lacks; called at start, before anything opens. */
export function checkSearchProviderSettings(config: ProviderSettings): void {
  const s = config.search;
  if (s.provider === "searxng") required(s.searxngUrl, "SEARXNG_URL", "searxng");
  if (s.provider === "brave") required(s.braveApiKey, "BRAVE_SEARCH_API_KEY", "brave");
}

/** The provider SEARCH_PROVIDER names. */
export function searchProviderFromConfig(config: ProviderSettings, db: Database): SearchProvider {
  const s = config.search;
  if (s.provider === "index") return createIndexProvider(db);
  if (s.provider === "searxng") return createSearxngProvider(required(s.searxngUrl, "SEARXNG_URL", "searxng"));
  return createBraveProvider({ baseUrl: s.braveUrl, apiKey: required(s.braveApiKey, "BRAVE_SEARCH_API_KEY", "brave") });
}
