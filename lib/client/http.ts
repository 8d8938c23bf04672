import { z } from "zod";

/** The APIs' error codes, and the client's own: NETWORK_ERROR (nothing answered), TIMEOUT, INVALID_RESPONSE, HTTP_ERROR. */
export type ApiErrorCode =
  | "INVALID_JSON"
  | "BAD_REQUEST"
  | "IDEMPOTENCY_KEY_REUSED"
  | "UNAUTHORIZED"
  | "INSUFFICIENT_CREDITS"
  | "FORBIDDEN"
  | "RISK_REJECTED"
  | "NOT_FOUND"
  | "CONFLICT"
  | "ORDER_REJECTED"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "RATE_LIMITED"
  | "INTERNAL_ERROR"
  | "SERVICE_UNAVAILABLE"
  | "NETWORK_ERROR"
  | "TIMEOUT"
  | "INVALID_RESPONSE"
  | "HTTP_ERROR";

/** A failed call to either API, with what the API said about it. */
export class ApiClientError extends Error {
  override name = "ApiClientError";
  /** RISK_REJECTED: the risk rule that refused it (never its threshold). */
  readonly category: string | undefined;
  /** Seconds the API asked to wait (Retry-After), when it did. */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    message: string,
    readonly status: number,
    /** One of ApiErrorCode, or a code a newer server added. */
    readonly code: ApiErrorCode | (string & {}),
    readonly requestId: string | null,
    details: { category?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.category = details.category;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/** A call's outcome as a value: what it answered, or why it failed. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiClientError };

/** Awaits a client call as a Result: ApiClientError becomes a value, anything else still throws. */
export async function settle<T>(call: Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await call };
  } catch (err) {
    if (err instanceof ApiClientError) return { ok: false, error: err };
    throw err;
  }
}

export interface HttpOptions {
  baseUrl: string;
  /** Bearer credential sent as Authorization. */
  token?: string;
  fetch?: typeof fetch;
  /** Milliseconds before an attempt is abandoned. */
  timeoutMs?: number;
  /** Sent with every call. */
  headers?: Record<string, string>;
  /**
   * Further attempts of a call that may be repeated (a GET, or a request with an Idempotency-Key) when
   * nothing answered, or the API answered 502, 503, 504, or 429 or 409 asking to retry within 10 s.
   * Default 2; 0 turns retries off. A call that timed out is not repeated: its time is spent.
   */
  retries?: number;
}

const tradingFailure = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string().optional(),
  category: z.string().optional(),
});
const searchFailure = z.object({ error: z.string(), code: z.string() });

const TRANSIENT = new Set([429, 502, 503, 504]);
/** The longest wait before a retry; a longer Retry-After is left to the caller. */
const MAX_WAIT_MS = 10_000;

/**
 * GETs or POSTs JSON and returns the parsed body, or throws ApiClientError with the API's own
 * message and code (either API's error format), or a NETWORK_ERROR when nothing answered. A call that
 * may be repeated is retried on transient failures with capped, jittered backoff (or the Retry-After asked).
 */
export async function requestJson(
  opts: HttpOptions,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; acceptStatus?: number[] } = {},
): Promise<{ status: number; body: unknown; requestId: string | null }> {
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  const headers: Record<string, string> = { accept: "application/json", ...opts.headers, ...init.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const repeatable = method === "GET" || headers["idempotency-key"] !== undefined;
  const attempts = 1 + (repeatable ? (opts.retries ?? 2) : 0);
  for (let attempt = 1; ; attempt++) {
    try {
      return await attemptJson(opts, path, { method, headers, body: init.body, acceptStatus: init.acceptStatus });
    } catch (err) {
      if (!(err instanceof ApiClientError) || attempt >= attempts || !transient(err)) throw err;
      await sleep(err.retryAfterSeconds === undefined ? backoffMs(attempt) : err.retryAfterSeconds * 1000);
    }
  }
}

function transient(err: ApiClientError): boolean {
  if (err.retryAfterSeconds !== undefined && err.retryAfterSeconds * 1000 > MAX_WAIT_MS) return false;
  return err.code === "NETWORK_ERROR" || TRANSIENT.has(err.status) || (err.status === 409 && err.retryAfterSeconds !== undefined);
}

/** 250 ms doubling per attempt up to MAX_WAIT_MS, each wait between half and all of it. */
const backoffMs = (attempt: number) => Math.min(MAX_WAIT_MS, 250 * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function attemptJson(
  opts: HttpOptions,
  path: string,
  init: { method: string; headers: Record<string, string>; body: unknown; acceptStatus?: number[] },
): Promise<{ status: number; body: unknown; requestId: string | null }> {
  const doFetch = opts.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(`${opts.baseUrl}${path}`, {
      method: init.method,
      // A DELETE or body-less POST sends nothing (and no Content-Type).
      headers: init.headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      cache: "no-store",
    });
  } catch (err) {
    if (err instanceof Error && err.name === "TimeoutError") throw new ApiClientError(`${opts.baseUrl}${path} did not answer in time`, 0, "TIMEOUT", null);
    const reason = err instanceof Error ? err.message : String(err);
    throw new ApiClientError(`Could not reach ${opts.baseUrl}: ${reason}`, 0, "NETWORK_ERROR", null);
  }
  const requestId = res.headers.get("x-request-id");
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiClientError(`${opts.baseUrl}${path} answered ${res.status} with a body that is not JSON`, res.status, "INVALID_RESPONSE", requestId);
  }
  if (res.ok || init.acceptStatus?.includes(res.status)) return { status: res.status, body, requestId };
  const retryAfter = Number(res.headers.get("retry-after") ?? Number.NaN);
  const details = { retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : undefined };
  const failure = tradingFailure.safeParse(body);
  if (failure.success)
    throw new ApiClientError(failure.data.error, res.status, failure.data.code ?? "ERROR", requestId, { ...details, category: failure.data.category });
  const searchError = searchFailure.safeParse(body);
  if (searchError.success) throw new ApiClientError(searchError.data.error, res.status, searchError.data.code, requestId, details);
  throw new ApiClientError(`${opts.baseUrl}${path} answered ${res.status}`, res.status, "HTTP_ERROR", requestId, details);
}

/** Parses a trading envelope's data with the given schema. */
export function unwrapEnvelope<T extends z.ZodType>(body: unknown, data: T): z.output<T> {
  const envelope = z.object({ success: z.literal(true), data: z.unknown() }).parse(body);
  return data.parse(envelope.data);
}
