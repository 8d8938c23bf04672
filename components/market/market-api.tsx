"use client";

// Where the browser reads the public market data: the trading API's base URL, chosen by the server
// (this deployment's /api, or the remote API the dashboard is pointed at), and a client for it.

import { createContext, useContext, useMemo, type ReactNode } from "react";
import { createMarketDataClient, type MarketDataClient } from "@/lib/client/market-data";

export interface MarketApi {
  baseUrl: string;
  client: MarketDataClient;
}

const MarketApiContext = createContext<MarketApi | null>(null);

export function MarketApiProvider({ baseUrl, children }: { baseUrl: string; children: ReactNode }) {
  const value = useMemo(() => ({ baseUrl, client: createMarketDataClient({ baseUrl }) }), [baseUrl]);
  return <MarketApiContext.Provider value={value}>{children}</MarketApiContext.Provider>;
}

export function useMarketApi(): MarketApi {
  const api = useContext(MarketApiContext);
  if (!api) throw new Error("useMarketApi needs a <MarketApiProvider> above it.");
  return api;
}
