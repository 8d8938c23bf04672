"use client";

import { useQuery } from "@tanstack/react-query";
import { decimalsOf } from "@/components/market/format";
import { useMarketApi } from "@/components/market/market-api";
import { tokenPairsQuery } from "@/components/market/queries";
import type { TokenPair } from "@/lib/client/market-data";

export interface MarketFormat {
  priceDecimals: number;
  sizeDecimals: number;
}

export const marketFormat = (pair: TokenPair): MarketFormat => ({ priceDecimals: decimalsOf(pair.tickSize), sizeDecimals: decimalsOf(pair.lotSize) });

/** The listed markets (kept current) and each one's price and size decimals, by symbol. */
export function useMarkets(): { pairs: TokenPair[]; formatOf(symbol: string): MarketFormat | undefined } {
  const api = useMarketApi();
  const pairs = useQuery(tokenPairsQuery(api)).data ?? [];
  return {
    pairs,
    formatOf: (symbol) => {
      const pair = pairs.find((p) => p.symbol === symbol);
      return pair ? marketFormat(pair) : undefined;
    },
  };
}
