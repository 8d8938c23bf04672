// The markets list as plain functions: which rows a search shows and in which order (tested in
// markets-list.test.ts).

/** One market as the list shows it. Decimal strings as on the wire; fractions for change and funding. */
export interface MarketRow {
  symbol: string;
  base: string;
  quote: string;
  price: string;
  priceDecimals: number;
  /** 24h change in percent ("-1.25" is −1.25%). */
  change24h: string;
  /** 24h volume in quote currency (an estimate: base volume × price). */
  volume24h: string;
  /** Funding rate of the next payment, a fraction. */
  fundingRate: string;
  /** Recent closes, oldest first, for the sparkline. */
  closes: readonly number[];
}

export const SORT_KEYS = ["symbol", "price", "change24h", "volume24h", "fundingRate"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = "asc" | "desc";
export interface SortOrder {
  key: SortKey;
  direction: SortDirection;
}

/** Largest volume first: what most people look for first. */
export const DEFAULT_SORT: SortOrder = { key: "volume24h", direction: "desc" };

/** Rows whose symbol or base asset contains the query, case-insensitively. */
export function searchMarkets(rows: readonly MarketRow[], query: string): MarketRow[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...rows];
  return rows.filter((row) => row.symbol.toLowerCase().includes(q) || row.base.toLowerCase().includes(q));
}

/** Rows in the given order; ties keep symbol order, so the list never shuffles between refreshes. */
export function sortMarkets(rows: readonly MarketRow[], order: SortOrder): MarketRow[] {
  const sign = order.direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const primary = order.key === "symbol" ? a.symbol.localeCompare(b.symbol) : Number(a[order.key]) - Number(b[order.key]);
    return primary !== 0 ? sign * primary : a.symbol.localeCompare(b.symbol);
  });
}

/** Clicking the sorted column flips its direction; another column starts with its natural direction. */
export function nextSort(current: SortOrder, key: SortKey): SortOrder {
  if (current.key === key) return { key, direction: current.direction === "asc" ? "desc" : "asc" };
  return { key, direction: key === "symbol" ? "asc" : "desc" };
}
