// /ws: Hyperliquid's subscriptions (l2Book, trades, candle, allMids) with a snapshot on subscribe and a push
// whenever the market changes, and its ping/pong.
import type { WebSocket } from "ws";
import { intervalMs, mergeCandles } from "../core/candle-intervals";
import type { FakeExchangeEvent } from "../core/fake-exchange";
import type { FakeMarket } from "../core/fake-market";
import { sendJson } from "../core/fake-server";
import type { HyperliquidVenue } from "./venue";
import { allMids, candle, l2Book, publicTrade } from "./wire";

type Subscription =
  | { type: "l2Book"; market: FakeMarket }
  | { type: "trades"; market: FakeMarket }
  | { type: "candle"; market: FakeMarket; interval: string; ms: number }
  | { type: "allMids" };

const RECENT_TRADES = 20;

export class HyperliquidStreams {
  /** Each socket's subscriptions by key. */
  private readonly sockets = new Map<WebSocket, Map<string, Subscription>>();

  constructor(private readonly venue: HyperliquidVenue) {}

  attach(socket: WebSocket): void {
    const subscriptions = new Map<string, Subscription>();
    this.sockets.set(socket, subscriptions);
    socket.on("close", () => this.sockets.delete(socket));
    socket.on("message", (data) => this.onMessage(socket, subscriptions, String(data)));
  }

  publish(event: FakeExchangeEvent): void {
    for (const [socket, subscriptions] of this.sockets) {
      for (const sub of subscriptions.values()) {
        const message = this.update(sub, event);
        if (message !== undefined) sendJson(socket, message);
      }
    }
  }

  private onMessage(socket: WebSocket, subscriptions: Map<string, Subscription>, text: string): void {
    let message: { method?: unknown; subscription?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      sendJson(socket, { channel: "error", data: `Error parsing JSON into valid websocket request: ${text}` });
      return;
    }
    if (message.method === "ping") {
      sendJson(socket, { channel: "pong" });
      return;
    }
    const sub = this.readSubscription(message.subscription);
    if ((message.method !== "subscribe" && message.method !== "unsubscribe") || sub === undefined) {
      sendJson(socket, { channel: "error", data: `Invalid subscription ${JSON.stringify(message.subscription ?? null)}` });
      return;
    }
    const key = subscriptionKey(sub);
    if (message.method === "unsubscribe") {
      subscriptions.delete(key);
      sendJson(socket, { channel: "subscriptionResponse", data: { method: "unsubscribe", subscription: message.subscription } });
      return;
    }
    if (subscriptions.has(key)) {
      sendJson(socket, { channel: "error", data: `Already subscribed: ${JSON.stringify(message.subscription)}` });
      return;
    }
    subscriptions.set(key, sub);
    sendJson(socket, { channel: "subscriptionResponse", data: { method: "subscribe", subscription: message.subscription } });
    sendJson(socket, this.snapshot(sub));
  }

  private readSubscription(raw: unknown): Subscription | undefined {
    if (typeof raw !== "object" || raw === null) return undefined;
    const { type, coin, interval } = raw as Record<string, unknown>;
    if (type === "allMids") return { type };
    const market = this.venue.market(coin);
    if (market === undefined) return undefined;
    if (type === "l2Book" || type === "trades") return { type, market };
    const ms = typeof interval === "string" ? intervalMs(interval) : undefined;
    if (type === "candle" && ms !== undefined) return { type, market, interval: interval as string, ms };
    return undefined;
  }

  private snapshot(sub: Subscription): unknown {
    const { exchange } = this.venue;
    switch (sub.type) {
      case "l2Book":
        return { channel: "l2Book", data: l2Book(exchange, sub.market) };
      case "trades":
        return {
          channel: "trades",
          data: exchange
            .trades(sub.market.spec.id, RECENT_TRADES)
            .reverse()
            .map((t) => publicTrade(sub.market, t)),
        };
      case "candle":
        return { channel: "candle", data: this.currentCandle(sub) };
      case "allMids":
        return { channel: "allMids", data: { mids: allMids(exchange) } };
    }
  }

  /** The message an event means for a subscription, if any. */
  private update(sub: Subscription, event: FakeExchangeEvent): unknown {
    if (event.type === "step") return sub.type === "candle" || sub.type === "allMids" ? this.snapshot(sub) : undefined;
    if (sub.type === "allMids" || sub.market.spec.id !== event.market) return undefined;
    if (event.type === "book") return sub.type === "l2Book" ? this.snapshot(sub) : undefined;
    if (sub.type === "trades") return { channel: "trades", data: event.trades.map((t) => publicTrade(sub.market, t)) };
    return sub.type === "candle" ? this.snapshot(sub) : undefined;
  }

  private currentCandle(sub: Extract<Subscription, { type: "candle" }>): unknown {
    const now = this.venue.exchange.now();
    const start = Math.floor(now / sub.ms) * sub.ms;
    const merged = mergeCandles(this.venue.exchange.candles(sub.market.spec.id, start, now + 1), sub.ms);
    const last = merged.at(-1);
    return last === undefined ? null : candle(sub.market, last, sub.interval, sub.ms);
  }
}

function subscriptionKey(sub: Subscription): string {
  switch (sub.type) {
    case "allMids":
      return "allMids";
    case "candle":
      return `candle:${sub.market.spec.id}:${sub.interval}`;
    default:
      return `${sub.type}:${sub.market.spec.id}`;
  }
}
