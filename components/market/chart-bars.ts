// How new candles reach the chart without losing the owner's zoom: bars at or after the chart's last
// bar are applied one by one (the chart moves its view only when the last bar is in sight); anything
// else (the first load, another interval, history that changed) replaces the data.

/** A candle as the chart draws it: time in seconds since the epoch, numbers for drawing only. */
export interface ChartBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export type ChartUpdate = { kind: "replace"; bars: readonly ChartBar[] } | { kind: "append"; bars: readonly ChartBar[] };

/** The least the chart must do to go from what it shows (`shown`) to `next`. */
export function planChartUpdate(shown: readonly ChartBar[], next: readonly ChartBar[]): ChartUpdate {
  const lastShown = shown.at(-1);
  if (!lastShown || next.length === 0) return { kind: "replace", bars: next };
  const fromIndex = next.findIndex((bar) => bar.time >= lastShown.time);
  // The new window no longer reaches the last shown bar, or history before it moved: start over.
  if (fromIndex === -1 || next[fromIndex]!.time !== lastShown.time || !sameHistory(shown, next, fromIndex)) return { kind: "replace", bars: next };
  return { kind: "append", bars: next.slice(fromIndex) };
}

/** Whether the bars before `fromIndex` in `next` match the shown bars at the same times (sampled: first and last of them). */
function sameHistory(shown: readonly ChartBar[], next: readonly ChartBar[], fromIndex: number): boolean {
  if (fromIndex === 0) return true;
  const firstNext = next[0]!;
  const beforeLast = next[fromIndex - 1]!;
  const byTime = (t: number) => shown.find((bar) => bar.time === t);
  const a = byTime(firstNext.time);
  const b = byTime(beforeLast.time);
  return a !== undefined && b !== undefined && sameBar(a, firstNext) && sameBar(b, beforeLast);
}

function sameBar(a: ChartBar, b: ChartBar): boolean {
  return a.time === b.time && a.open === b.open && a.high === b.high && a.low === b.low && a.close === b.close && a.volume === b.volume;
}
