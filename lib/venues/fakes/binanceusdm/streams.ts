// Market streams: /ws/<stream>, /stream?streams=a/b (messages wrapped in {stream, data}), and /ws with
// SUBSCRIBE requests, also under /public, /market and /private as ccxt pro opens them. Diff depth carries
// Binance's update ids (U, u, pu) so a client can join it to the REST snapshot's lastUpdateId.
import type { WebSocket } from "ws";
import { intervalMs, mergeCandles } from "../core/candle-intervals";
import type { FakeExchangeEvent } from "../core/fake-exchange";
import type { FakeMarket } from "../core/fake-market";
import { sendJson } from "../core/fake-server";
import { priceText, sizeText } from "../core/wire-units";
import type { LevelDelta, LevelView } from "../../../engine/types";
import type { BinanceUsdmVenue } from "./venue";
import { aggTrade, funding, kline } from "./wire";

type Stream =
  | { kind: "diffDepth" | "aggTrade" | "trade" | "markPrice" | "bookTicker"; market: FakeMarket }
  | { kind: "partialDepth"; market: FakeMarket; levels: number }
  | { kind: "kline"; market: FakeMarket; interval: string; ms: number };

interface Connection {
  combined: boolean;
  streams: Map<string, Stream>;
}

/** Where a websocket path leads: raw (/ws, /ws/<stream>) or combined (/stream), optionally under /public, /market or /private. */
export function streamPath(path: string): { combined: boolean; streams: string[] } | undefined {
  const rest = path.replace(/^\/(public|market|private)(?=\/)/, "");
  if (rest === "/stream") return { combined: true, streams: [] };
  if (rest === "/ws") return { combined: false, streams: [] };
  if (rest.startsWith("/ws/")) return { combined: false, streams: rest.slice(4).split("/").filter(Boolean) };
  return undefined;
}

export class BinanceStreams {
  private readonly connections = new Map<WebSocket, Connection>();

  constructor(private readonly venue: BinanceUsdmVenue) {}

  attach(socket: WebSocket, path: string, query: URLSearchParams): void {
    const where = streamPath(path)!;
    const names = where.combined ? (query.get("streams") ?? "").split("/").filter(Boolean) : where.streams;
    const connection: Connection = { combined: where.combined, streams: new Map() };
    for (const name of names) {
      const stream = this.readStream(name);
      if (stream !== undefined) connection.streams.set(name, stream);
    }
    this.connections.set(socket, connection);
    socket.on("close", () => this.connections.delete(socket));
    socket.on("message", (data) => this.onMessage(socket, connection, String(data)));
  }

  publish(event: FakeExchangeEvent): void {
    for (const [socket, connection] of this.connections) {
      for (const [name, stream] of connection.streams) {
        for (const payload of this.payloads(stream, event)) sendJson(socket, connection.combined ? { stream: name, data: payload } : payload);
      }
    }
  }

  private onMessage(socket: WebSocket, connection: Connection, text: string): void {
    let request: { method?: unknown; params?: unknown; id?: unknown };
    try {
      request = JSON.parse(text) as typeof request;
    } catch {
      sendJson(socket, { error: { code: 3, msg: "Invalid JSON: expected value at line 1 column 1" }, id: null });
      return;
    }
    const id = request.id ?? null;
    const names = Array.isArray(request.params) ? request.params.filter((p): p is string => typeof p === "string") : [];
    switch (request.method) {
      case "SUBSCRIBE": {
        const streams = names.map((name) => [name, this.readStream(name)] as const);
        const unknown = streams.find(([, stream]) => stream === undefined);
        if (unknown !== undefined) {
          sendJson(socket, { error: { code: 2, msg: `Invalid request: unknown stream ${unknown[0]}` }, id });
          return;
        }
        for (const [name, stream] of streams) connection.streams.set(name, stream!);
        sendJson(socket, { result: null, id });
        return;
      }
      case "UNSUBSCRIBE":
        for (const name of names) connection.streams.delete(name);
        sendJson(socket, { result: null, id });
        return;
      case "LIST_SUBSCRIPTIONS":
        sendJson(socket, { result: [...connection.streams.keys()], id });
        return;
      default:
        sendJson(socket, { error: { code: 2, msg: `Invalid request: unknown variant \`${String(request.method)}\`` }, id });
    }
  }

  private readStream(name: string): Stream | undefined {
    const [symbol = "", channel = "", ...options] = name.split("@");
    const market = this.venue.exchange.market(symbol.toUpperCase());
    if (market === undefined || symbol !== symbol.toLowerCase()) return undefined;
    const speed = options.length === 0 || (options.length === 1 && /^(100|250|500)ms$/.test(options[0]!));
    if (channel === "depth" && speed) return { kind: "diffDepth", market };
    const partial = /^depth(5|10|20)$/.exec(channel);
    if (partial !== null && speed) return { kind: "partialDepth", market, levels: Number(partial[1]) };
    if ((channel === "aggTrade" || channel === "trade" || channel === "bookTicker") && options.length === 0) return { kind: channel, market };
    if (channel === "markPrice" && (options.length === 0 || (options.length === 1 && options[0] === "1s"))) return { kind: "markPrice", market };
    const interval = /^kline_(.+)$/.exec(channel)?.[1];
    const ms = interval === undefined ? undefined : intervalMs(interval);
    if (interval !== undefined && ms !== undefined && options.length === 0) return { kind: "kline", market, interval, ms };
    return undefined;
  }

  /** What an event means for a stream: none, one or several messages. */
  private payloads(stream: Stream, event: FakeExchangeEvent): unknown[] {
    const now = this.venue.exchange.now();
    const { market } = stream;
    const symbol = market.spec.id;
    if (event.type === "step") {
      if (stream.kind === "kline") return [this.kline(stream, now)];
      if (stream.kind === "markPrice") return [markPrice(market, now)];
      return [];
    }
    if (event.market !== symbol) return [];
    if (event.type === "trades") {
      if (stream.kind === "aggTrade") return event.trades.map((t) => ({ e: "aggTrade", E: now, s: symbol, ...aggTrade(t, market) }));
      if (stream.kind === "trade") {
        return event.trades.map((t) => {
          const { a, p, q, T, m } = aggTrade(t, market);
          return { e: "trade", E: now, T, s: symbol, t: a, p, q, X: "MARKET", m };
        });
      }
      return stream.kind === "kline" ? [this.kline(stream, now)] : [];
    }
    const ids = { U: event.firstUpdateId, u: event.lastUpdateId, pu: event.firstUpdateId - 1 };
    const level = (l: LevelView | LevelDelta) => [priceText(market.spec, l.price), sizeText(market.spec, l.size)];
    if (stream.kind === "diffDepth") {
      const latest = new Map<string, LevelDelta>();
      for (const d of event.deltas) latest.set(`${d.side}:${d.price}`, d);
      const changed = [...latest.values()];
      const side = (s: "BUY" | "SELL") => changed.filter((d) => d.side === s).map(level);
      return [{ e: "depthUpdate", E: now, T: now, s: symbol, ...ids, b: side("BUY"), a: side("SELL") }];
    }
    if (stream.kind === "partialDepth") {
      const book = market.sim.book.snapshot(stream.levels);
      return [{ e: "depthUpdate", E: now, T: now, s: symbol, ...ids, b: book.bids.map(level), a: book.asks.map(level) }];
    }
    if (stream.kind === "bookTicker") {
      const book = market.sim.book.snapshot(1);
      const [bid, ask] = [book.bids[0], book.asks[0]];
      return [
        {
          e: "bookTicker",
          u: ids.u,
          s: symbol,
          b: level(bid ?? zero)[0],
          B: level(bid ?? zero)[1],
          a: level(ask ?? zero)[0],
          A: level(ask ?? zero)[1],
          T: now,
          E: now,
        },
      ];
    }
    return [];
  }

  private kline(stream: Extract<Stream, { kind: "kline" }>, now: number): unknown {
    const { market, ms, interval } = stream;
    const start = Math.floor(now / ms) * ms;
    const c = mergeCandles(this.venue.exchange.candles(market.spec.id, start, now + 1), ms).at(-1);
    const row = c === undefined ? undefined : kline(market, c, ms);
    return {
      e: "kline",
      E: now,
      s: market.spec.id,
      k: {
        t: start,
        T: start + ms - 1,
        s: market.spec.id,
        i: interval,
        f: -1,
        L: -1,
        o: row?.[1] ?? "0",
        c: row?.[4] ?? "0",
        h: row?.[2] ?? "0",
        l: row?.[3] ?? "0",
        v: row?.[5] ?? "0",
        n: 0,
        x: false,
        q: row?.[7] ?? "0",
        V: "0",
        Q: "0",
        B: "0",
      },
    };
  }
}

const zero: LevelView = { price: 0, size: 0, count: 0 };

function markPrice(market: FakeMarket, now: number) {
  const { spec, sim } = market;
  const next = funding(market, now);
  return {
    e: "markPriceUpdate",
    E: now,
    s: spec.id,
    p: priceText(spec, sim.markPrice),
    ap: priceText(spec, sim.markPrice),
    P: priceText(spec, sim.indexPrice),
    i: priceText(spec, sim.indexPrice),
    r: next.rate,
    T: next.nextFundingTime,
  };
}
