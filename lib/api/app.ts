import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { MintLimitError } from "../auth/mint-limit";
import type { ApiDeps, AppEnv } from "./context";
import { ApiError } from "./errors";
import { createMcpApi } from "./mcp/app";
import { apiEntry } from "./middleware/api-entry";
import { isSearchApiPath, MCP_BASE, SEARCH_API_BASE, TRADING_API_BASE } from "./paths";
import { createSearchApi } from "./search/app";
import { renderSearchError } from "./search/error-body";
import { createTradingApi } from "./trading/app";
import { renderTradingError } from "./trading/envelope";

/** Both APIs on one Hono app: the search API at /api/web, the MCP endpoint at /api/mcp, the trading API at /api. */
export function createApi(deps: ApiDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use("*", apiEntry(deps));
  app.route(SEARCH_API_BASE, createSearchApi(deps));
  app.route(MCP_BASE, createMcpApi(deps));
  app.route(TRADING_API_BASE, createTradingApi(deps));
  app.notFound((c) => renderError(c, new ApiError("NOT_FOUND", `No route for ${c.req.method} ${c.req.path}.`)));
  app.onError((err, c) => renderError(c, asApiError(err, c)));
  return app;
}

function renderError(c: Context<AppEnv>, err: ApiError): Response | Promise<Response> {
  return isSearchApiPath(c.req.path) ? renderSearchError(c, err) : renderTradingError(c, err);
}

/** Client errors pass through; anything else is logged in full and answered without internals. */
function asApiError(err: Error, c: Context<AppEnv>): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof MintLimitError) return new ApiError("RATE_LIMITED", err.message, { headers: { "Retry-After": String(err.retryAfterSeconds) } });
  if (err instanceof HTTPException && err.status < 500) {
    // Only Hono's own validators raise these; their one 400 is a body that did not parse.
    return err.status === 400
      ? new ApiError("INVALID_JSON", "The request body is not valid JSON.")
      : new ApiError("BAD_REQUEST", err.message || "Bad request.", { status: err.status });
  }
  c.var.deps.log.error({ reqId: c.var.requestId, err }, "unhandled error");
  return new ApiError("INTERNAL_ERROR", "An unexpected error occurred. Retry with backoff; quote the request id if it persists.");
}
