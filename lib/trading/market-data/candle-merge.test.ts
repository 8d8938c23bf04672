import { describe, expect, it } from "vitest";
import { candleWindow, combineMinutes, rollUp } from "./candle-merge";

const c = (time: number, open: number, high: number, low: number, close: number, volumeLots: number) => ({ time, open, high, low, close, volumeLots });

describe("candles", () => {
  it("combines the venues' minutes: range and volume of the whole tape, median open and close", () => {
    const out = combineMinutes([[c(0, 100, 110, 95, 105, 3), c(60_000, 105, 106, 104, 104, 1)], [c(0, 102, 103, 101, 101, 2)], [c(0, 98, 99, 90, 97, 4)]]);
    expect(out).toEqual([c(0, 100, 110, 90, 101, 9), c(60_000, 105, 106, 104, 104, 1)]);
  });

  it("rolls minutes up into UTC-aligned intervals", () => {
    const minutes = [c(0, 10, 12, 9, 11, 1), c(60_000, 11, 15, 11, 14, 2), c(300_000, 14, 14, 8, 9, 5)];
    expect(rollUp(minutes, "5m")).toEqual([c(0, 10, 15, 9, 14, 3), c(300_000, 14, 14, 8, 9, 5)]);
    expect(rollUp(minutes, "1m")).toEqual(minutes);
    expect(rollUp(minutes, "1d")).toEqual([c(0, 10, 15, 8, 9, 8)]);
  });

  it("windows the newest candles, the current one included", () => {
    const now = Date.UTC(2026, 0, 1, 10, 7, 30);
    expect(candleWindow("5m", 3, now)).toEqual({ from: Date.UTC(2026, 0, 1, 9, 55), to: Date.UTC(2026, 0, 1, 10, 10) });
    expect(candleWindow("4h", 1, now)).toEqual({ from: Date.UTC(2026, 0, 1, 8), to: Date.UTC(2026, 0, 1, 12) });
  });
});

describe("median", () => {
  it("is the middle value, the lower middle one for an even count", async () => {
    const { median } = await import("./candle-merge");
    for (const [values, expected] of [
      [[5], 5],
      [[7, 3], 3],
      [[1, 2, 3], 2],
      [[3, 1, 2], 2],
      [[2, 3, 1], 2],
      [[2, 2, 1], 2],
      [[4, 1, 3, 2], 2],
      [[5, 1, 4, 2, 3], 3],
    ] as const) {
      expect(median(values)).toBe(expected);
    }
  });
});
