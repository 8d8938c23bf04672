import { z } from "zod";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../context";
import type { ApiError, ErrorCode } from "../errors";
import { rateLimitedError, takeRateLimitSlot } from "./rate-limit";

export const searchErrorBody = z
  .object({
    error: z.string().meta({ description: "Human-readable text" }),
    code: z.string().meta({ description: "Machine-readable category", example: "BAD_REQUEST" }),
    message: z.string().meta({ description: "Same text as error" }),
    request_id: z.string().meta({ description: "Same value as the X-Request-ID header" }),
    timestamp: z.iso.datetime().meta({ description: "ISO 8601 time of creation" }),
    documentation_url: z.url().meta({ description: "Where this error is explained" }),
    retry_after: z.int().optional().meta({ description: "Seconds to wait; on RATE_LIMITED bodies" }),
  })
  .meta({ id: "SearchError", description: "Every search API failure" });

export type SearchErrorBody = z.infer<typeof searchErrorBody>;

// The search contract names its codes; failures it files under "validation" are BAD_REQUEST there.
const SEARCH_CODE: Partial<Record<ErrorCode, { code: ErrorCode; status?: ContentfulStatusCode }>> = {
  UNSUPPORTED_MEDIA_TYPE: { code: "BAD_REQUEST", status: 400 },
  PAYLOAD_TOO_LARGE: { code: "BAD_REQUEST" },
};

export function searchDocumentationUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/reference/search#error-${code}`;
}

export async function renderSearchError(c: Context<AppEnv>, failure: ApiError): Promise<Response> {
  // A search or scrape refused before its route ran (a body that is not JSON) still counts against its
  // window and carries the rate-limit headers; a client whose window is spent is told that first.
  const window = await takeRateLimitSlot(c);
  const err = window && !window.allowed && failure.code !== "RATE_LIMITED" ? rateLimitedError(window) : failure;
  const mapped = SEARCH_CODE[err.code];
  const code = mapped?.code ?? err.code;
  const status = mapped?.status ?? err.status;
  const { deps, requestId } = c.var;
  const retryAfter = err.headers["Retry-After"];
  const body: SearchErrorBody = {
    error: err.message,
    code,
    message: err.message,
    request_id: requestId,
    timestamp: new Date(deps.clock.now()).toISOString(),
    documentation_url: searchDocumentationUrl(deps.config.publicUrl, code),
    ...(retryAfter !== undefined ? { retry_after: Number(retryAfter) } : {}),
  };
  return c.json(body, status, err.headers);
}
