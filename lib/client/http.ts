import { z } from "zod";

/** A failed call to either API, with what the API said about it. */
export class ApiClientError extends Error {
  override name = "ApiClientError";
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly requestId: string | null,
  ) {
    super(message);
  }
}

export interface HttpOptions {
  baseUrl: string;
  /** Bearer credential sent as Authorization. */
  token?: string;
  fetch?: typeof fetch;
  /** Milliseconds before a call is abandoned. */
  timeoutMs?: number;
  /** Sent with every call. */
  headers?: Record<string, string>;
}

const tradingFailure = z.object({ success: z.literal(false), error: z.string(), code: z.string().optional() });
const searchFailure = z.object({ error: z.string(), code: z.string() });

/**
 * GETs or POSTs JSON and returns the parsed body, or throws ApiClientError with the API's own
 * message and code (either API's error format), or a NETWORK_ERROR when nothing answered.
 */
export async function requestJson(
  opts: HttpOptions,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; acceptStatus?: number[] } = {},
): Promise<{ status: number; body: unknown; requestId: string | null }> {
  const doFetch = opts.fetch ?? fetch;
  const headers: Record<string, string> = { accept: "application/json", ...opts.headers, ...init.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await doFetch(`${opts.baseUrl}${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      // A DELETE or body-less POST sends nothing (and no Content-Type).
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      cache: "no-store",
    });
  } catch (err) {
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
  const failure = tradingFailure.safeParse(body);
  if (failure.success) throw new ApiClientError(failure.data.error, res.status, failure.data.code ?? "ERROR", requestId);
  const searchError = searchFailure.safeParse(body);
  if (searchError.success) throw new ApiClientError(searchError.data.error, res.status, searchError.data.code, requestId);
  throw new ApiClientError(`${opts.baseUrl}${path} answered ${res.status}`, res.status, "HTTP_ERROR", requestId);
}

/** Parses a trading envelope's data with the given schema. */
export function unwrapEnvelope<T extends z.ZodType>(body: unknown, data: T): z.output<T> {
  const envelope = z.object({ success: z.literal(true), data: z.unknown() }).parse(body);
  return data.parse(envelope.data);
}
