import "server-only";
import type { ApiFailure } from "@/components/ui/api-unavailable";
import { ApiClientError } from "@/lib/client/http";
import { createMarketDataClient, type TokenPair } from "@/lib/client/market-data";
import { getConfig } from "@/lib/config";

/** The markets the desk can trade, read through the trading API the dashboard is configured with. */
export async function loadTradeMarkets(): Promise<{ ok: true; pairs: TokenPair[] } | { ok: false; failure: ApiFailure }> {
  try {
    return { ok: true, pairs: await createMarketDataClient({ baseUrl: getConfig().tradingApiUrl, timeoutMs: 5_000 }).tokenPairs() };
  } catch (err) {
    if (!(err instanceof ApiClientError)) throw err;
    return { ok: false, failure: { message: err.message, status: err.status, code: err.code, requestId: err.requestId } };
  }
}
