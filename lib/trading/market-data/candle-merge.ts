// Aggregated candles from the venues' one-minute candles. Pure; prices in base ticks, volume in lots.
//
// High, low and volume are those of the combined tape. Open and close are the median of the venues'
// (the middle of three): the first and last trade of the combined tape would jump between venues'
// premiums, and since each venue opens a minute where it closed the last, medians keep candles
// continuous. Every venue's open and close lies within its own range, so the median stays within the
// combined high and low.

import type { VenueCandle } from "../../venues/venue";

export const CANDLE_INTERVALS = { "1m": 60_000, "5m": 300_000, "15m": 900_000, "1h": 3_600_000, "4h": 14_400_000, "1d": 86_400_000 } as const;
export type CandleInterval = keyof typeof CANDLE_INTERVALS;

/** An aggregated candle has a venue candle's shape: base ticks and lots, `time` the interval's start (UTC-aligned). */
export type Candle = VenueCandle;

/** The time span of the newest `limit` candles of an interval up to `now`: [from, to). */
export function candleWindow(interval: CandleInterval, limit: number, now: number): { from: number; to: number } {
  const ms = CANDLE_INTERVALS[interval];
  const to = Math.floor(now / ms) * ms + ms;
  return { from: to - limit * ms, to };
}

/** Combines the venues' one-minute candles (each oldest first) minute by minute: a merge on time. */
export function combineMinutes(venues: readonly (readonly VenueCandle[])[]): Candle[] {
  const out: Candle[] = [];
  const next = venues.map(() => 0);
  const opens: number[] = [];
  const closes: number[] = [];
  for (;;) {
    let time = Infinity;
    for (let i = 0; i < venues.length; i++) {
      const c = venues[i]![next[i]!];
      if (c !== undefined && c.time < time) time = c.time;
    }
    if (time === Infinity) return out;
    const candle: Candle = { time, open: 0, high: -Infinity, low: Infinity, close: 0, volumeLots: 0 };
    opens.length = 0;
    closes.length = 0;
    for (let i = 0; i < venues.length; i++) {
      const c = venues[i]![next[i]!];
      if (c === undefined || c.time !== time) continue;
      next[i]!++;
      opens.push(c.open);
      closes.push(c.close);
      if (c.high > candle.high) candle.high = c.high;
      if (c.low < candle.low) candle.low = c.low;
      candle.volumeLots += c.volumeLots;
    }
    candle.open = median(opens);
    candle.close = median(closes);
    out.push(candle);
  }
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
  const a = values[0]!;
  const b = values[1]!;
  const c = values[2]!;
  switch (values.length) {
    case 1:
      return a;
    case 2:
      return Math.min(a, b);
    case 3: // three venues: no sort
      return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    default: {
      const sorted = [...values].sort((x, y) => x - y);
      return sorted[(sorted.length - 1) >> 1]!;
    }
  }
}
