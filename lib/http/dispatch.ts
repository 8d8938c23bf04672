import type { IncomingMessage, ServerResponse } from "node:http";
import { isApiPath } from "../api/paths";
import { REQUEST_ID_HEADER, resolveRequestId } from "./request-id";

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * The one server's routing: the two APIs go straight to Hono, everything else to Next.
 * Hono stamps X-Request-ID itself; for Next the header is set before Next starts writing.
 */
export function createDispatcher(handlers: { api: NodeHandler; next: NodeHandler }): NodeHandler {
  return (req, res) => {
    if (isApiPath(pathOf(req.url))) return handlers.api(req, res);
    res.setHeader(REQUEST_ID_HEADER, resolveRequestId(req.headers["x-request-id"]));
    return handlers.next(req, res);
  };
}

function pathOf(url: string | undefined): string {
  if (!url) return "/";
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}
