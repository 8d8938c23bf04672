import type { FakeMarket } from "../core/fake-market";
import type { FakeResponse } from "../core/fake-server";
import { mandatory } from "./signed-request";
import type { BinanceUsdmVenue } from "./venue";
import { binanceError } from "./wire";

/** A request that passed the checks its endpoint needs. */
export interface BinanceCall {
  venue: BinanceUsdmVenue;
  params: URLSearchParams;
  /** The caller's API key (its account); "" on public endpoints. */
  apiKey: string;
  now: number;
}

export interface Route {
  /** NONE: public; USER_STREAM: the API key only; SIGNED: key, signature and timestamp. */
  security: "NONE" | "USER_STREAM" | "SIGNED";
  /** The request weight Binance counts for it. */
  weight: number | ((params: URLSearchParams) => number);
  answer(call: BinanceCall): FakeResponse;
}

export const ok = (body: unknown): FakeResponse => ({ status: 200, body });

/** The market the `symbol` parameter names, or Binance's refusal. */
export function marketParam(call: BinanceCall): FakeMarket | FakeResponse {
  const symbol = call.params.get("symbol");
  if (symbol === null || symbol === "") return mandatory("symbol");
  return call.venue.exchange.market(symbol.toUpperCase()) ?? binanceError(400, -1121, "Invalid symbol.");
}

/** Answers with the market the `symbol` parameter names, or refuses as Binance does. */
export const withMarket =
  (answer: (call: BinanceCall, market: FakeMarket) => FakeResponse) =>
  (call: BinanceCall): FakeResponse => {
    const market = marketParam(call);
    return "spec" in market ? answer(call, market) : market;
  };

/** The markets an optional `symbol` parameter selects: all of them when absent. */
export function marketsParam(call: BinanceCall): FakeMarket[] | FakeResponse {
  if (!call.params.has("symbol")) return call.venue.exchange.marketList();
  const market = marketParam(call);
  return "spec" in market ? [market] : market;
}

/** A whole-number parameter within [1, max], its default when absent. */
export function limitParam(call: BinanceCall, fallback: number, max: number): number {
  const value = Number(call.params.get("limit") ?? fallback);
  return Number.isSafeInteger(value) && value > 0 ? Math.min(value, max) : fallback;
}

export function optionalTime(call: BinanceCall, name: string): number | undefined {
  const value = call.params.get(name);
  return value === null ? undefined : Number(value);
}

/** Weight by the `limit` asked for: [[upTo, weight], …] as Binance tabulates it. */
export function weightByLimit(table: readonly (readonly [number, number])[], fallback: number): (params: URLSearchParams) => number {
  return (params) => {
    const limit = Number(params.get("limit") ?? fallback);
    return (table.find(([upTo]) => limit <= upTo) ?? table.at(-1)!)[1];
  };
}
