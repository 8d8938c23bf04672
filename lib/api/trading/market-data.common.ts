import type { Context, TypedResponse } from "hono";
import type { z } from "zod";
import { MarketDataError, type MarketDataErrorKind } from "../../trading/market-data/errors";
import type { MarketSource } from "../../trading/market-data/source";
import type { Serialized } from "../../trading/market-data/serialized";
import type { ApiDeps, AppEnv } from "../context";
import { ApiError, type ErrorCode } from "../errors";
import { describeIssues } from "../validation";
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
  return marketSourceOf(c.var.deps);
}

export function marketSourceOf({ venues, clock }: Pick<ApiDeps, "venues" | "clock">): MarketSource {
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
  const bytes = successEnvelopeBytes(data, c.var.deps.clock.now());
  // The body is the JSON of { success, data: T, … }: typed as `ok` would type it, for the route's response schema.
  return c.body(bytes, 200, { "content-type": "application/json" }) as unknown as TypedResponse<
    { success: true; data: T; error: null; timestamp: number },
    200,
    "json"
  >;
}

/** The success envelope around serialized data, encoded; the same string in the same millisecond is encoded once. */
export function successEnvelopeBytes(data: string, now: number): Uint8Array<ArrayBuffer> {
  if (lastAnswer.data !== data || lastAnswer.at !== now) {
    lastAnswer = { data, at: now, bytes: Buffer.from(`{"success":true,"data":${data},"error":null,"timestamp":${now}}`) };
  }
  return lastAnswer.bytes;
}

let lastAnswer: { data: string; at: number; bytes: Uint8Array<ArrayBuffer> } = { data: "", at: -1, bytes: new Uint8Array() };

/**
 * The query parsed with its schema, synchronously, failing as the validator middleware would
 * (BAD_REQUEST naming each field). For the book, the most-polled route, which skips the asynchronous
 * validator: about 10 µs a request (bench/market-data).
 */
export function parseQuery<T extends z.ZodType>(c: Context<AppEnv>, schema: T): z.infer<T> {
  // Pollers repeat the same few query strings: each is parsed once (per schema) and remembered.
  const raw = queryStringOf(c.req.url);
  const known = knownQuery(schema, raw);
  if (known !== undefined) return known;
  const result = schema.safeParse(c.req.query());
  if (!result.success) throw new ApiError("BAD_REQUEST", describeIssues(result.error, "query"));
  const parsed = parsedQueries.get(schema) ?? new Map<string, unknown>();
  parsedQueries.set(schema, parsed);
  if (parsed.size >= MAX_PARSED_QUERIES) parsed.clear();
  parsed.set(raw, result.data);
  return result.data;
}

/** "?a=1&b=2" of a URL or path, "" when it has none. */
export function queryStringOf(url: string): string {
  const mark = url.indexOf("?");
  return mark < 0 ? "" : url.slice(mark);
}

/** A query string `parseQuery` already accepted for this schema, parsed; undefined when it has not seen it. */
export function knownQuery<T extends z.ZodType>(schema: T, raw: string): z.infer<T> | undefined {
  return parsedQueries.get(schema)?.get(raw) as z.infer<T> | undefined;
}

/** Valid query strings remembered per schema; cleared when full, so odd queries cannot grow it without bound. */
const MAX_PARSED_QUERIES = 512;
const parsedQueries = new WeakMap<z.ZodType, Map<string, unknown>>();
