import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/api";
import { STREAM_MAX_UPDATES_PER_SECOND, STREAM_SNAPSHOT } from "../../trading/market-data/limits";
import { openFeeds } from "../../trading/market-data/streams";
import { errorEnvelope } from "./envelope";
import { aggregatedBookSchema, candleSchema, tradeSchema } from "../../trading/contract/market-data";
import { z } from "zod";

let t: TestApi;
let off: TestApi;
beforeAll(async () => {
  [t, off] = await Promise.all([createTestApi({ VENUES: "embedded" }), createTestApi({ VENUES: "off" })]);
  step(10_000);
});
afterAll(() => Promise.all([t.close(), off.close()]));

/** Moves the market forward: the clock, then the simulated exchange (which tells its listeners). */
function step(ms: number): void {
  t.clock.advance(ms);
  t.deps.exchange!.advanceTo(t.clock.now());
}

const source = () => ({ venues: t.deps.venues, now: () => t.clock.now() });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SseEvent {
  event: string;
  id: string;
  seq: number;
  data: unknown;
}

/** Reads server-sent events from a byte stream, one at a time. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  // A read outlives a timeout that raced it: keep it for the next call rather than lose its chunk.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  return {
    async next(timeoutMs = 5_000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split("\n").filter((l) => !l.startsWith(":"));
          if (lines.length === 0) continue;
          const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? "";
          const payload = JSON.parse(field("data")) as { seq: number; data: unknown };
          return { event: field("event"), id: field("id"), seq: payload.seq, data: payload.data };
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error("no event in time");
        pending ??= reader.read();
        const chunk = await Promise.race([pending, sleep(left).then(() => null)]);
        if (chunk === null) continue;
        pending = undefined;
        if (chunk.done) throw new Error("stream ended");
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    /** Events that arrive within `ms`. */
    async drain(ms: number): Promise<SseEvent[]> {
      const out: SseEvent[] = [];
      const until = Date.now() + ms;
      for (;;) {
        const left = until - Date.now();
        if (left <= 0) return out;
        try {
          out.push(await this.next(left));
        } catch {
          return out;
        }
      }
    },
    cancel: () => reader.cancel(),
  };
}

async function open(path: string) {
  const res = await t.request(path);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  return sseReader(res.body!);
}

describe("market streams", () => {
  it("sends the book at once, then numbered updates as the venues move, and lets go when the client leaves", async () => {
    const stream = await open("/api/aggregated/book/stream?symbol=BTC-USD&depth=5&group=10");
    const first = await stream.next();
    expect(first).toMatchObject({ event: "snapshot", id: String(first.seq) });
    const snapshot = aggregatedBookSchema.parse(first.data);
    expect(snapshot).toMatchObject({ symbol: "BTC-USD", depth: 5, group: 10 });
    expect(openFeeds(source())).toBe(1);

    step(1_000);
    const update = await stream.next();
    expect(update).toMatchObject({ event: "update", seq: first.seq + 1, id: String(first.seq + 1) });
    expect(aggregatedBookSchema.parse(update.data).time).toBe(t.clock.now());

    await stream.cancel();
    await sleep(20);
    expect(openFeeds(source())).toBe(0);
  });

  it(`coalesces a burst of changes into at most ${STREAM_MAX_UPDATES_PER_SECOND} updates a second, without gaps`, async () => {
    const stream = await open("/api/aggregated/book/stream?symbol=ETH-USD&depth=3");
    const first = await stream.next();
    // A burst of market steps (each changes every venue's book), spread over ~300 ms of wall time.
    const burst = (async () => {
      for (let i = 0; i < 30; i++) {
        step(250);
        await sleep(10);
      }
    })();
    const events = await stream.drain(400);
    await burst;
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThanOrEqual(Math.ceil((400 / 1000) * STREAM_MAX_UPDATES_PER_SECOND) + 1);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => first.seq + 1 + i));
    await stream.cancel();
  });

  it("sends the book at least every second while nothing moves, so ages and staleness stay current", async () => {
    // The clock stands still, so the exchange takes no step and no venue announces anything.
    const stream = await open("/api/aggregated/book/stream?symbol=BNB-USD&depth=1");
    const first = await stream.next();
    const started = Date.now();
    const update = await stream.next(2_500);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(update).toMatchObject({ event: "update", seq: first.seq + 1 });
    expect(aggregatedBookSchema.parse(update.data).time).toBe(t.clock.now());
    await stream.cancel();
  });

  it("streams trades: the recent tape, then the new trades, newest first", async () => {
    const stream = await open("/api/trades/BTC-USD/stream");
    const first = await stream.next();
    const tape = z.array(tradeSchema).parse(first.data);
    expect(first.event).toBe("snapshot");
    expect(tape.length).toBeGreaterThan(0);
    expect(tape.length).toBeLessThanOrEqual(STREAM_SNAPSHOT.trades);
    const seen = new Set(tape.map((tr) => tr.id));
    // Trades arrive at random: step until the venues have traded.
    let update: SseEvent | undefined;
    for (let i = 0; i < 120 && update === undefined; i++) {
      step(1_000);
      update = (await stream.drain(120))[0];
    }
    expect(update).toMatchObject({ event: "update", seq: first.seq + 1 });
    const trades = z.array(tradeSchema).parse(update!.data);
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.map((tr) => tr.time)).toEqual(trades.map((tr) => tr.time).sort((a, b) => b - a));
    expect(trades.some((tr) => !seen.has(tr.id))).toBe(true);
    await stream.cancel();
  });

  it("streams candles: a snapshot of the interval, then the last two candles", async () => {
    const stream = await open("/api/aggregated/candles/stream?symbol=SOL-USD&interval=5m");
    const first = await stream.next();
    const candles = z.array(candleSchema).parse(first.data);
    expect(candles).toHaveLength(STREAM_SNAPSHOT.candles);
    step(300_000); // into the next five minutes
    const update = await stream.next();
    const last = z.array(candleSchema).parse(update.data);
    expect(last).toHaveLength(2);
    expect(last[1]!.time - last[0]!.time).toBe(300_000);
    expect(last[1]!.time).toBe(Math.floor(t.clock.now() / 300_000) * 300_000);
    await stream.cancel();
  });

  it("refuses like the endpoints do, in the envelope, before any event", async () => {
    for (const [api, path, status] of [
      [t, "/api/aggregated/book/stream?symbol=NOPE", 404],
      [t, "/api/aggregated/book/stream?symbol=BTC-USD&depth=0", 400],
      [t, "/api/aggregated/candles/stream?symbol=BTC-USD&interval=7m", 400],
      [t, "/api/trades/NOPE/stream", 404],
      [off, "/api/trades/BTC-USD/stream", 503],
    ] as const) {
      const res = await api.request(path);
      expect(res.status, path).toBe(status);
      errorEnvelope.parse(await res.json());
    }
    expect(openFeeds(source())).toBe(0);
  });

  it("over a real connection: shares one feed between clients and closes it when the last disconnects", async () => {
    const server = http.createServer(getRequestListener(t.api.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/trades/ETH-USD/stream`;
    try {
      const connect = () =>
        new Promise<{ req: http.ClientRequest; firstChunk: string }>((resolve, reject) => {
          const req = http.get(url, (res) => {
            expect(res.statusCode).toBe(200);
            res.once("data", (chunk: Buffer) => resolve({ req, firstChunk: chunk.toString() }));
          });
          req.on("error", (err) => (req.destroyed ? undefined : reject(err)));
        });
      const a = await connect();
      const b = await connect();
      expect(a.firstChunk).toMatch(/^event: snapshot\ndata: /);
      expect(b.firstChunk).toMatch(/^event: snapshot\ndata: /);
      expect(openFeeds(source())).toBe(1);
      a.req.destroy();
      await sleep(50);
      expect(openFeeds(source())).toBe(1);
      b.req.destroy();
      for (let i = 0; i < 50 && openFeeds(source()) > 0; i++) await sleep(20);
      expect(openFeeds(source())).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
