import type { MiddlewareHandler } from "hono";
import type { ApiDeps, AppEnv } from "../context";
import { REQUEST_ID_HEADER, resolveRequestId } from "../../http/request-id";

/** Gives each request its id and dependencies, stamps the id on the response and logs the outcome. */
export function requestContext(deps: ApiDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = resolveRequestId(c.req.header(REQUEST_ID_HEADER));
    c.set("requestId", requestId);
    c.set("deps", deps);
    // Behind the Node server the header goes straight onto the Node response (Hono then keeps its
    // cheap plain-object headers); in-process, Hono folds it into every response it builds.
    const outgoing = c.env?.outgoing;
    if (outgoing) outgoing.setHeader(REQUEST_ID_HEADER, requestId);
    else c.header(REQUEST_ID_HEADER, requestId);
    await next();
    const status = c.res.status;
    const line = {
      reqId: requestId,
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - started) * 100) / 100,
    };
    if (status >= 500) deps.log.error(line, "request failed");
    else deps.log.info(line, "request");
  };
}
