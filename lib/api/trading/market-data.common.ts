import type { Context } from "hono";
import type { z } from "zod";
import { MarketDataError, type MarketDataErrorKind } from "../../trading/market-data/errors";
import type { MarketSource } from "../../trading/market-data/source";
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
