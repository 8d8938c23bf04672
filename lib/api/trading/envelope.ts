import { z } from "zod";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import type { ApiError } from "../errors";
import { RISK_CATEGORIES } from "../../trading/execution/errors";

/** The trading API's envelope around a payload. `timestamp` is in milliseconds since the Unix epoch. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    data,
    error: z.null(),
    timestamp: z.int().meta({ description: "Milliseconds since the Unix epoch", example: 1767225600000 }),
  });
}

export const errorEnvelope = z
  .object({
    success: z.literal(false),
    data: z.null(),
    error: z.string().meta({ description: "What went wrong, in words" }),
    code: z.string().meta({ description: "Stable machine-readable category", example: "BAD_REQUEST" }),
    category: z.enum(RISK_CATEGORIES).optional().meta({ description: "RISK_REJECTED only: the risk rule that refused the order (never its threshold)" }),
    timestamp: z.int().meta({ description: "Milliseconds since the Unix epoch" }),
  })
  .meta({ id: "ErrorEnvelope", description: "Every trading API failure" });

export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid JSON or a value failed validation",
  401: "Missing, malformed, unknown, revoked or expired credential",
  403: "The credential lacks the scope, or the IP address is not allowed",
  404: "No such resource for this owner",
  409: "The resource's state does not allow this, or a request with the same Idempotency-Key is still running",
  422: "ORDER_REJECTED: a venue refused it",
  429: "RATE_LIMITED: the owner's hourly allowance of key mints is spent; wait Retry-After seconds",
  500: "Unexpected failure (INTERNAL_ERROR); retry with backoff",
};

/** OpenAPI response entries for the given error statuses (and 500, which any route can answer), in the error envelope. */
export function errorResponses(...statuses: (keyof typeof ERROR_DESCRIPTIONS)[]) {
  return Object.fromEntries(
    [...statuses, 500].map((s) => [s, { description: ERROR_DESCRIPTIONS[s]!, content: { "application/json": { schema: errorEnvelope } } }]),
  );
}

/** A success answer in the envelope. */
export function ok<T>(c: Context<AppEnv>, data: T) {
  return c.json({ success: true as const, data, error: null, timestamp: c.var.deps.clock.now() }, 200);
}

export function renderTradingError(c: Context<AppEnv>, err: ApiError): Response {
  const body: ErrorEnvelope = {
    success: false,
    data: null,
    error: err.message,
    code: err.code,
    ...(err.category === undefined ? {} : { category: err.category as ErrorEnvelope["category"] }),
    timestamp: c.var.deps.clock.now(),
  };
  return c.json(body, err.status, err.headers);
}
