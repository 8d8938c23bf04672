import type { Side, VenueTrade } from "../../venues/venue";
import { kWayMerge } from "./book-merge";
import { TRADES_LIMIT } from "./limits";
import { listedMarket, type MarketSource } from "./source";
import { marketFormat } from "../units";

export interface TradeView {
  id: string;
  venue: string;
  /** The taker's side. */
  side: Side;
  price: string;
  size: string;
  /** ms since the epoch. */
  time: number;
}

/** The newest trades across venues, newest first. */
export function recentTrades(source: MarketSource, symbol: string, limit: number = TRADES_LIMIT.default): TradeView[] {
  const { spec, listings } = listedMarket(source, symbol);
  const f = marketFormat(spec);
  // Each venue's tape is newest first; ties in time keep the venues' order.
  const tapes = listings.map(({ venue }) => venue.trades(symbol, limit).map((trade) => ({ venue: venue.name, trade })));
  return kWayMerge(tapes, (a, b) => b.trade.time - a.trade.time)
    .slice(0, limit)
    .map(({ venue, trade }) => tradeView(venue, trade, f));
}

export function tradeView(venue: string, trade: VenueTrade, f: ReturnType<typeof marketFormat>): TradeView {
  return { id: trade.id, venue, side: trade.side, price: f.price(trade.price), size: f.size(trade.size), time: trade.time };
}
