import "server-only";
import { connection } from "next/server";
import type { ApiFailure } from "@/components/ui/api-unavailable";
import type { AggregatedBook, Candle, TokenPair } from "@/lib/client/market-data";
import { pageRead, publicClients } from "@/lib/dashboard/api";
import { defaultGroup } from "./book-group";
import { marketPrice } from "./market-rows";
import { BOOK_DEPTH, loadSparklines } from "./queries";

// The markets pages' server reads: through the trading API the dashboard is configured with (this
// server's by default), like any other client of it.

export type Loaded<T> = ({ ok: true } & T) | { ok: false; failure: ApiFailure };

async function load<T>(read: () => Promise<T>): Promise<Loaded<T>> {
  // Market data is read for each request, never at build time.
  await connection();
  const loaded = await pageRead(read);
  return loaded.ok ? { ok: true, ...loaded.value } : loaded;
}

/** Every market, with a day of hourly closes each for the sparklines. */
export function loadMarkets(): Promise<Loaded<{ pairs: TokenPair[]; sparklines: Record<string, Candle[]> }>> {
  return load(async () => {
    const client = publicClients().marketData;
    const pairs = await client.tokenPairs();
    return {
      pairs,
      sparklines: await loadSparklines(
        client,
        pairs.map((p) => p.symbol),
      ),
    };
  });
}

/**
 * Every market, and one with its book at the opening group (book null when it alone could not be read:
 * the page reads it again live). `symbol` null: the first market. Pair null: no such market.
 */
export function loadMarket(symbol: string | null): Promise<Loaded<{ pairs: TokenPair[]; pair: TokenPair | null; book: AggregatedBook | null }>> {
  return load(async () => {
    const client = publicClients().marketData;
    const pairs = await client.tokenPairs();
    const pair = (symbol === null ? pairs[0] : pairs.find((p) => p.symbol === symbol)) ?? null;
    if (!pair) return { pairs, pair, book: null };
    const book = await client.book({ symbol: pair.symbol, depth: BOOK_DEPTH, group: defaultGroup(pair.tickSize, marketPrice(pair)) }).catch(() => null);
    return { pairs, pair, book };
  });
}
