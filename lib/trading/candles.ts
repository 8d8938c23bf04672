// Aggregated candles from the venues' one-minute candles. Pure; prices in base ticks, volume in lots.
//
// High, low and volume are those of the combined tape. Open and close are the median of the venues'
// (the middle of three): the first and last trade of the combined tape would jump between venues'
// premiums, and since each venue opens a minute where it closed the last, medians keep candles
// continuous. Every venue's open and close lies within its own range, so the median stays within the
// combined high and low.

import type { VenueCandle } from "../venues/venue";

export const CANDLE_INTERVALS = { "1m": 60_000, "5m": 300_000, "15m": 900_000, "1h": 3_600_000, "4h": 14_400_000, "1d": 86_400_000 } as const;
export type CandleInterval = keyof typeof CANDLE_INTERVALS;

export interface Candle {
  /** Start of the interval, ms since the epoch (UTC-aligned: 4h candles start at 0, 4, 8… h; 1d at midnight). */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volumeLots: number;
}

/** The time span of the newest `limit` candles of an interval up to `now`: [from, to). */
export function candleWindow(interval: CandleInterval, limit: number, now: number): { from: number; to: number } {
  const ms = CANDLE_INTERVALS[interval];
  const to = Math.floor(now / ms) * ms + ms;
  return { from: to - limit * ms, to };
}

/** Combines the venues' one-minute candles (each oldest first) minute by minute. */
export function combineMinutes(venues: readonly (readonly VenueCandle[])[]): Candle[] {
  const byMinute = new Map<number, VenueCandle[]>();
  for (const candles of venues) {
    for (const c of candles) {
      const list = byMinute.get(c.time);
      if (list === undefined) byMinute.set(c.time, [c]);
      else list.push(c);
    }
  }
  return [...byMinute.keys()]
    .sort((a, b) => a - b)
    .map((time) => {
      const list = byMinute.get(time)!;
      return {
        time,
        open: median(list.map((c) => c.open)),
        high: Math.max(...list.map((c) => c.high)),
        low: Math.min(...list.map((c) => c.low)),
        close: median(list.map((c) => c.close)),
        volumeLots: list.reduce((s, c) => s + c.volumeLots, 0),
      };
    });
}

/** Rolls one-minute candles (oldest first) up into candles of `interval`, oldest first. */
export function rollUp(minutes: readonly Candle[], interval: CandleInterval): Candle[] {
  const ms = CANDLE_INTERVALS[interval];
  if (ms === CANDLE_INTERVALS["1m"]) return minutes.slice();
  const out: Candle[] = [];
  let current: Candle | undefined;
  for (const m of minutes) {
    const time = Math.floor(m.time / ms) * ms;
    if (current === undefined || current.time !== time) {
      current = { ...m, time };
      out.push(current);
      continue;
    }
    current.high = Math.max(current.high, m.high);
    current.low = Math.min(current.low, m.low);
    current.close = m.close;
    current.volumeLots += m.volumeLots;
  }
  return out;
}

/** The middle value; for an even count, the lower of the two middle ones (a price some venue printed). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[(sorted.length - 1) >> 1]!;
}
