import type { VenueCandle } from "./venue";

/** Copies of the candles with time in [from, to) of a list sorted oldest first (a binary search for the start). */
export function candlesInRange(list: readonly VenueCandle[], from: number, to: number): VenueCandle[] {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.time < from) lo = mid + 1;
    else hi = mid;
  }
  const out: VenueCandle[] = [];
  for (let i = lo; i < list.length && list[i]!.time < to; i++) out.push({ ...list[i]! });
  return out;
}
