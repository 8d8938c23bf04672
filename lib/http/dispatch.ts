import type { IncomingMessage, ServerResponse } from "node:http";
import { isApiPath } from "../api/paths";
import { REQUEST_ID_HEADER, resolveRequestId } from "./request-id";

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** Answers a request itself and returns true, or returns false to let the usual handler answer it. */
export type FastLane = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The one server's routing: the two APIs go straight to Hono (after the fast lanes, which may answer a
 * hot request without it), everything else to Next. Hono stamps X-Request-ID itself; for Next the
 * header is set before Next starts writing.
 */
export function createDispatcher(handlers: { api: NodeHandler; next: NodeHandler; fastLanes?: readonly FastLane[] }): NodeHandler {
  const lanes = handlers.fastLanes ?? [];
  return (req, res) => {
    if (isApiPath(pathOf(req.url))) {
      for (const lane of lanes) if (lane(req, res)) return;
      return handlers.api(req, res);
    }
    res.setHeader(REQUEST_ID_HEADER, resolveRequestId(req.headers["x-request-id"]));
    return handlers.next(req, res);
  };
}

function pathOf(url: string | undefined): string {
  if (!url) return "/";
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}
