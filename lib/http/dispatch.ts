import type { IncomingMessage, ServerResponse } from "node:http";
import { isApiPath } from "../api/paths";
import { CLIENT_IP_HEADER } from "./client-ip";
import { REQUEST_ID_HEADER, resolveRequestId } from "./request-id";
import type { SecurityHeaders } from "./security-headers";

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** Answers a request itself and returns true, or returns false to let the usual handler answer it. */
export type FastLane = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The one server's routing: the two APIs go straight to Hono (after the fast lanes, which may answer a
 * hot request without it), everything else to Next. Hono stamps X-Request-ID itself; for Next the
 * header is set before Next starts writing. The security headers go on every answer here, before
 * either handler runs, so the fast lanes, the APIs, pages and static files all carry them.
 */
export function createDispatcher(handlers: {
  api: NodeHandler;
  next: NodeHandler;
  fastLanes?: readonly FastLane[];
  headers?: SecurityHeaders;
  /** The client's address (TRUSTED_PROXIES applied), handed to the dashboard in CLIENT_IP_HEADER. */
  clientIp?: (req: IncomingMessage) => string | undefined;
}): NodeHandler {
  const lanes = handlers.fastLanes ?? [];
  const pageHeaders = Object.entries(handlers.headers?.page ?? {});
  const apiHeaders = Object.entries(handlers.headers?.api ?? {});
  return (req, res) => {
    if (isApiPath(pathOf(req.url))) {
      for (const [name, value] of apiHeaders) res.setHeader(name, value);
      for (const lane of lanes) if (lane(req, res)) return;
      return handlers.api(req, res);
    }
    for (const [name, value] of pageHeaders) res.setHeader(name, value);
    // Never the client's own claim: overwritten, or removed when there is no address.
    const ip = handlers.clientIp?.(req);
    if (ip) req.headers[CLIENT_IP_HEADER] = ip;
    else delete req.headers[CLIENT_IP_HEADER];
    res.setHeader(REQUEST_ID_HEADER, resolveRequestId(req.headers["x-request-id"]));
    return handlers.next(req, res);
  };
}

function pathOf(url: string | undefined): string {
  if (!url) return "/";
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}
