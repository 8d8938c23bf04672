import { candleWindow, combineMinutes, rollUp, type Candle, type CandleInterval } from "./candle-merge";
import { CANDLE_LIMIT } from "./limits";
import { listedMarket, type MarketSource } from "./source";
import { marketFormat } from "../units";

export interface CandleView {
  /** Start of the interval, ms since the epoch. */
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  /** Base units traded on all venues. */
  volume: string;
}

/** The newest `limit` candles of an interval (the current, unfinished one last), oldest first. */
export function aggregatedCandles(source: MarketSource, symbol: string, interval: CandleInterval, limit: number = CANDLE_LIMIT.default): CandleView[] {
  const { spec } = listedMarket(source, symbol);
  const f = marketFormat(spec);
  return candlesOf(source, symbol, interval, limit).map((c) => ({
    time: c.time,
    open: f.price(c.open),
    high: f.price(c.high),
    low: f.price(c.low),
    close: f.price(c.close),
    volume: f.size(c.volumeLots),
  }));
}

/** The candles in integers, for callers that compute with them (24h change, streams). */
export function candlesOf(source: MarketSource, symbol: string, interval: CandleInterval, limit: number): Candle[] {
  const { listings } = listedMarket(source, symbol);
  const { from, to } = candleWindow(interval, limit, source.now());
  return rollUp(combineMinutes(listings.map(({ venue }) => venue.candles(symbol, from, to))), interval);
}
