import type { McpSession } from "../session";
import type { McpTool } from "../tool";
import { getBalances, getOrderHistory, getPositions, listOpenOrders, listPairs } from "./account";
import { getBook, getCandles, getTrades, listMarkets, previewRouting } from "./market-data";
import { scrape, search, validateKey } from "./search";
import { swapExecute, swapQuote, swapStatus } from "./swap";
import { cancelAllOrders, cancelOrder, closePair, closePosition, openPair, openPosition, placeOrder } from "./trade";

/** Every tool, in the order they are listed. */
export const TOOLS: readonly McpTool[] = [
  listMarkets,
  getBook,
  getCandles,
  previewRouting,
  getTrades,
  getPositions,
  getBalances,
  listOpenOrders,
  getOrderHistory,
  listPairs,
  placeOrder,
  cancelOrder,
  cancelAllOrders,
  openPosition,
  closePosition,
  openPair,
  closePair,
  swapQuote,
  swapExecute,
  swapStatus,
  search,
  scrape,
  validateKey,
];

/** The tools a session may see: the public ones, those of its agent key's scopes, and the search tools with a search key. */
export function toolsFor(session: McpSession): McpTool[] {
  return TOOLS.filter((t) => {
    if (t.access === "public") return true;
    if (t.access === "search") return session.searchKey !== null;
    return session.agent?.scopes.includes(t.access) ?? false;
  });
}
