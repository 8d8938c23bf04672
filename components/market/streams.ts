// The market streams' events (GET …/stream: `snapshot` and `update`, data {seq, data}) read into the
// query entries they keep live. Module-level functions, so the stream hooks see stable parsers.
import { z } from "zod";
import { aggregatedBookSchema, candleSchema, tradeSchema } from "@/lib/trading/contract/market-data";
import type { AggregatedBook, Candle, Trade } from "@/lib/client/market-data";
import { CANDLE_LIMIT, TRADES_LIMIT } from "./queries";
import type { StreamMessage } from "./use-live-query";

export const STREAM_EVENTS = ["snapshot", "update"] as const;

function envelope<T extends z.ZodType>(data: T) {
  return z.object({ seq: z.int().min(0), data });
}

const bookEvent = envelope(aggregatedBookSchema);
const tradesEvent = envelope(z.array(tradeSchema));
const candlesEvent = envelope(z.array(candleSchema));

const kindOf = (event: string): StreamMessage<unknown>["kind"] => (event === "snapshot" ? "snapshot" : "update");

/** Every book event is a whole book. */
export function parseBookEvent(event: string, raw: unknown): StreamMessage<AggregatedBook> {
  const { seq, data } = bookEvent.parse(raw);
  return { kind: kindOf(event), seq, apply: () => data };
}

/** Updates bring the trades since the last one, newest first; a trade may repeat: kept once, by id. */
export function mergeTrades(current: readonly Trade[], incoming: readonly Trade[], limit: number): Trade[] {
  const seen = new Set<string>();
  const out: Trade[] = [];
  for (const trade of [...incoming, ...current]) {
    if (seen.has(trade.id)) continue;
    seen.add(trade.id);
    out.push(trade);
  }
  return out.sort((a, b) => b.time - a.time).slice(0, limit);
}

export function parseTradesEvent(event: string, raw: unknown): StreamMessage<Trade[]> {
  const { seq, data } = tradesEvent.parse(raw);
  const kind = kindOf(event);
  return { kind, seq, apply: (current) => (kind === "snapshot" ? data.slice(0, TRADES_LIMIT) : mergeTrades(current ?? [], data, TRADES_LIMIT)) };
}

/** Updates bring the last candles again (the one that closed, the current one): replaced by time, oldest first. */
export function mergeCandles(current: readonly Candle[], incoming: readonly Candle[], limit: number): Candle[] {
  const byTime = new Map(current.map((c) => [c.time, c]));
  for (const candle of incoming) byTime.set(candle.time, candle);
  return [...byTime.values()].sort((a, b) => a.time - b.time).slice(-limit);
}

export function parseCandlesEvent(event: string, raw: unknown): StreamMessage<Candle[]> {
  const { seq, data } = candlesEvent.parse(raw);
  const kind = kindOf(event);
  return { kind, seq, apply: (current) => (kind === "snapshot" ? data : mergeCandles(current ?? [], data, CANDLE_LIMIT)) };
}
