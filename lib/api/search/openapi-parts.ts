import { z } from "zod";
import { searchErrorBody } from "./error-body";

export const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });

/** The X-RateLimit headers every search and scrape response carries, errors included. */
export const rateLimitHeaderDocs = z.object({
  "X-RateLimit-Limit": z.string().meta({ description: "Requests allowed in the current window (60 search, 10 scrape)", example: "60" }),
  "X-RateLimit-Remaining": z.string().meta({ description: "Requests left in the window", example: "59" }),
  "X-RateLimit-Reset": z.string().meta({ description: "Unix time (seconds) when the window resets", example: "1767225660" }),
});

const retryAfterDocs = rateLimitHeaderDocs.extend({
  "Retry-After": z.string().meta({ description: "Seconds until the window resets", example: "17" }),
});

const ERROR_DESCRIPTIONS = {
  400: "INVALID_JSON: the body is not JSON; BAD_REQUEST: a value failed validation (each field named), or an Idempotency-Key reused for another request",
  401: "UNAUTHORIZED: the Authorization header is missing, or the key is malformed, unknown or revoked",
  402: "INSUFFICIENT_CREDITS: the balance is below the request's reservation",
  403: "FORBIDDEN: an option needs a higher plan (include_contacts: Starter, include_social: Builder, follow_internal_links: Unicorn), or the owner is not an administrator",
  404: "NOT_FOUND: no such key for this owner",
  409: "CONFLICT: a request with the same Idempotency-Key is still running",
  429: "RATE_LIMITED: the endpoint's window is spent; wait Retry-After seconds",
  500: "INTERNAL_ERROR: an unexpected failure (502 when the search provider failed); nothing was charged. Retry with capped exponential backoff",
} as const;

type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** OpenAPI entries for the given error statuses (and 500), in the search error body; rate-limit headers on metered routes. */
export function errorResponses(statuses: ErrorStatus[], opts: { rateLimited?: boolean } = {}) {
  return Object.fromEntries(
    [...new Set<ErrorStatus>([...statuses, 500])].map((s) => [
      s,
      {
        description: ERROR_DESCRIPTIONS[s],
        ...(opts.rateLimited ? { headers: s === 429 ? retryAfterDocs : rateLimitHeaderDocs } : {}),
        ...json(searchErrorBody),
      },
    ]),
  );
}

/** The optional Idempotency-Key header of the paid routes. */
export const idempotencyHeader = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, "must be 1 to 255 visible ASCII characters")
    .optional()
    .meta({
      description:
        "Makes a retry safe: a request with the key of an earlier one is answered with that request's result and charged nothing more (remembered 24 hours, per API key). Reused with a different body: 400.",
      example: "9f1c2e4a-5b6d-4e7f-8a9b-0c1d2e3f4a5b",
    }),
});
