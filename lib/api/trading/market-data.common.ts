import type { Context, TypedResponse } from "hono";
import type { z } from "zod";
import { MarketDataError, type MarketDataErrorKind } from "../../trading/market-data/errors";
import type { MarketSource } from "../../trading/market-data/source";
import type { Serialized } from "../../trading/market-data/format";
import type { AppEnv } from "../context";
import { ApiError, type ErrorCode } from "../errors";
import { errorEnvelope, errorResponses } from "./envelope";

export const marketTags = ["Market data"];

export const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });

/** The failures every market-data operation documents. */
export const marketDataErrors = {
  ...errorResponses(400, 404),
  503: { description: "No venue is connected (VENUES=off): SERVICE_UNAVAILABLE", ...json(errorEnvelope) },
};

const CODES: Record<MarketDataErrorKind, ErrorCode> = { unknown_symbol: "NOT_FOUND", invalid: "BAD_REQUEST", unavailable: "SERVICE_UNAVAILABLE" };

/** The venues' in-memory state and the clock: what market data is read from. */
export function marketSource(c: Context<AppEnv>): MarketSource {
  const { venues, clock } = c.var.deps;
  return { venues, now: () => clock.now() };
}

/** Runs a market-data call, answering its refusals as the trading API's errors. */
export function marketCall<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof MarketDataError) throw new ApiError(CODES[err.kind], err.message);
    throw err;
  }
}

/**
 * A success envelope around a payload already serialized: the book, the most-polled answer, keeps its
 * levels serialized between changes of the venues' books. Same bytes as `ok` would write.
 */
export function okSerialized<T>(c: Context<AppEnv>, data: Serialized<T>) {
  const body = `{"success":true,"data":${data},"error":null,"timestamp":${c.var.deps.clock.now()}}`;
  // The body is the JSON of { success, data: T, … }: typed as `ok` would type it, for the route's response schema.
  return c.body(body, 200, { "content-type": "application/json" }) as unknown as TypedResponse<{ success: true; data: T; error: null; timestamp: number }, 200, "json">;
}
