import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The one table of error codes both APIs answer with. The search API's contract names its codes;
 * codes it does not name are only used for routing (unknown path) there.
 */
export const ERROR_CODES = {
  INVALID_JSON: { status: 400, summary: "The request body is not valid JSON." },
  BAD_REQUEST: { status: 400, summary: "The body is valid JSON but a value failed validation." },
  IDEMPOTENCY_KEY_REUSED: { status: 400, summary: "The Idempotency-Key was used before with a different request; use a new key." },
  UNAUTHORIZED: { status: 401, summary: "The Authorization header is missing, or the key or token is invalid." },
  INSUFFICIENT_CREDITS: { status: 402, summary: "The credit balance is below the reservation the request needs." },
  FORBIDDEN: { status: 403, summary: "The key or plan does not allow this operation." },
  RISK_REJECTED: { status: 403, summary: "The server-side risk policy refuses the order; `category` names the rule, never its threshold." },
  VENUE_ACCOUNT_NOT_LINKED: {
    status: 403,
    summary: "The call needs the owner's account on a real venue, which is not linked: link it in the dashboard (the message names the venue).",
  },
  VENUE_CREDENTIALS_REJECTED: {
    status: 403,
    summary: "The real venue refused the owner's linked credentials (revoked, expired or lacking trading rights): link the account again.",
  },
  NOT_FOUND: { status: 404, summary: "No such route or resource." },
  CONFLICT: { status: 409, summary: "The resource is not in a state that allows this operation." },
  ORDER_REJECTED: { status: 422, summary: "A venue refused the order (for a pair: what had filled was unwound, nothing is left open)." },
  CREDENTIALS_REJECTED: { status: 422, summary: "A venue refused the account credentials being linked when they were checked; its reason is in the message." },
  PAYLOAD_TOO_LARGE: { status: 413, summary: "The request body is larger than the service accepts." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, summary: "Request bodies must be JSON sent with Content-Type: application/json." },
  RATE_LIMITED: { status: 429, summary: "The endpoint's request window, or a real venue's rate limit, is exhausted; wait Retry-After seconds." },
  INTERNAL_ERROR: { status: 500, summary: "An unexpected failure; retry with capped exponential backoff." },
  SERVICE_UNAVAILABLE: { status: 503, summary: "A dependency is unavailable; retry with capped exponential backoff." },
} as const satisfies Record<string, { status: ContentfulStatusCode; summary: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** An error meant for the client: its message is safe to show, its status and code are stable. */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { status?: ContentfulStatusCode; headers?: Record<string, string>; category?: string } = {},
  ) {
    super(message);
    this.status = options.status ?? ERROR_CODES[code].status;
    this.headers = options.headers ?? {};
    this.category = options.category;
  }
  readonly headers: Record<string, string>;
  /** RISK_REJECTED: which rule (lib/trading/execution/errors RISK_CATEGORIES). */
  readonly category: string | undefined;
}
