import type { VenueCandle } from "../../venue";

const MINUTE = 60_000;
const UNIT_MS: Record<string, number> = { m: MINUTE, h: 60 * MINUTE, d: 1_440 * MINUTE, w: 10_080 * MINUTE };

/** An interval as both venues spell it ("1m", "15m", "4h", "1d", "1w") in ms, or undefined. */
export function intervalMs(interval: string): number | undefined {
  const match = /^(\d+)([mhdw])$/.exec(interval);
  if (match === null) return undefined;
  const ms = Number(match[1]) * UNIT_MS[match[2]!]!;
  return ms > 0 ? ms : undefined;
}

/** One-minute candles (oldest first) merged into candles of `ms` each, aligned to the epoch. */
export function mergeCandles(minutes: readonly VenueCandle[], ms: number): VenueCandle[] {
  const groups = new Map<number, VenueCandle[]>();
  for (const c of minutes) {
    const start = Math.floor(c.time / ms) * ms;
    const group = groups.get(start);
    if (group === undefined) groups.set(start, [c]);
    else group.push(c);
  }
  return [...groups].map(([time, group]) => ({
    time,
    open: group[0]!.open,
    high: Math.max(...group.map((c) => c.high)),
    low: Math.min(...group.map((c) => c.low)),
    close: group.at(-1)!.close,
    volumeLots: group.reduce((sum, c) => sum + c.volumeLots, 0),
  }));
}
