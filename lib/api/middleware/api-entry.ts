import type { MiddlewareHandler } from "hono";
import type { ApiDeps, AppEnv } from "../context";
import { REQUEST_ID_HEADER, resolveRequestId } from "../../http/request-id";
import { ApiError } from "../errors";
import { refuseInvalidRequestText } from "./invalid-text";
import { hasBody, parseJsonBody } from "./json-body";

/**
 * The one middleware every API request passes (each layer costs measurably, see bench/api-baseline):
 * request id on the context and the response, dependencies on the context, invalid text refused (in the
 * path, query, headers and body: PostgreSQL would refuse it later, as a 500), the JSON body parsed,
 * and an access-log line with the request id (debug for successes, info for 4xx, error for 5xx).
 */
export function apiEntry(deps: ApiDeps): MiddlewareHandler<AppEnv> {
  const { log } = deps;
  const limit = deps.config.apiBodyLimitBytes;
  return async (c, next) => {
    const started = performance.now();
    // Behind the Node server, read and write the id on Node's own request and response: asking Hono
    // for a header makes @hono/node-server build a full Headers object, and setting one makes Hono
    // merge headers into every response. In-process (app.request) there is only Hono's side.
    const incoming = c.env?.incoming;
    const outgoing = c.env?.outgoing;
    const requestId = resolveRequestId(incoming ? incoming.headers["x-request-id"] : c.req.header(REQUEST_ID_HEADER));
    c.set("requestId", requestId);
    c.set("deps", deps);
    if (outgoing) outgoing.setHeader(REQUEST_ID_HEADER, requestId);
    else c.header(REQUEST_ID_HEADER, requestId);
    // A body that fails to parse throws here, before the route; the app's error handler answers it.
    let failure: unknown;
    try {
      refuseInvalidRequestText(incoming, c.req.raw);
      if (hasBody(c.req.method)) await parseJsonBody(c, limit);
      await next();
    } catch (err) {
      failure = err;
      throw err;
    } finally {
      const status = failure === undefined ? c.res.status : failure instanceof ApiError ? failure.status : 500;
      const level = status >= 500 ? "error" : status >= 400 ? "info" : "debug";
      if (log.isLevelEnabled(level)) {
        const ms = Math.round((performance.now() - started) * 100) / 100;
        log[level]({ reqId: requestId, method: c.req.method, path: c.req.path, status, ms }, "request");
      }
    }
  };
}
