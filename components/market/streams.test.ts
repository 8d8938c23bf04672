import { describe, expect, it } from "vitest";
import type { Candle, Trade } from "@/lib/client/market-data";
import { mergeCandles, mergeTrades, parseBookEvent, parseTradesEvent } from "./streams";

const trade = (id: string, time: number): Trade => ({ id, venue: "alder", side: "BUY", price: "100.0", size: "1", time });
const candle = (time: number, close: string): Candle => ({ time, open: "100", high: "101", low: "99", close, volume: "2" });

describe("market streams", () => {
  it("puts new trades first, keeps each trade once and at most the limit", () => {
    const merged = mergeTrades([trade("b", 2), trade("a", 1)], [trade("c", 3), trade("b", 2)], 2);
    expect(merged.map((t) => t.id)).toEqual(["c", "b"]);
  });

  it("replaces candles by time and appends new ones, oldest first, within the limit", () => {
    const merged = mergeCandles([candle(0, "100"), candle(60, "101")], [candle(60, "102"), candle(120, "103")], 3);
    expect(merged.map((c) => [c.time, c.close])).toEqual([
      [0, "100"],
      [60, "102"],
      [120, "103"],
    ]);
    expect(mergeCandles(merged, [candle(180, "104")], 3).map((c) => c.time)).toEqual([60, 120, 180]);
  });

  it("reads a trades update onto what is held and a snapshot over it", () => {
    const update = parseTradesEvent("update", { seq: 4, data: [trade("n", 9)] });
    expect(update).toMatchObject({ kind: "update", seq: 4 });
    expect(update.apply([trade("o", 1)]).map((t) => t.id)).toEqual(["n", "o"]);
    const snapshot = parseTradesEvent("snapshot", { seq: 4, data: [trade("s", 5)] });
    expect(snapshot.apply([trade("o", 1)]).map((t) => t.id)).toEqual(["s"]);
  });

  it("refuses a malformed event, so the stream resyncs", () => {
    expect(() => parseBookEvent("update", { seq: 1, data: { bids: "no" } })).toThrow();
    expect(() => parseTradesEvent("update", { data: [] })).toThrow();
  });
});
