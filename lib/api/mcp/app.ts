import { Hono } from "hono";
import type { ApiDeps, AppEnv } from "../context";
import { requestHeader } from "../middleware/request-header";
import { webServices } from "../search/app";
import { transportFor } from "./server";
import { authInfoFor, openSession } from "./session";
import { rpcError } from "./stateless-http";

/**
 * The MCP endpoint (Streamable HTTP, stateless): each POST is one JSON-RPC exchange, answered as JSON,
 * by the server holding exactly the tools of that request's keys. No session is kept, so any instance
 * can answer and a revoked key is refused at its next call; there is no server-to-client stream (GET).
 */
export function createMcpApi(deps: ApiDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const web = webServices(deps);
  app.on(["GET", "DELETE"], "/", (c) => c.json(rpcError(-32001, "This endpoint is stateless: POST JSON-RPC messages to it."), 405, { allow: "POST" }));
  app.post("/", async (c) => {
    const opened = await openSession(c, web);
    if (!opened.ok)
      return c.json(rpcError(-32001, opened.message), opened.status, opened.status === 401 ? { "WWW-Authenticate": 'Bearer realm="bourse"' } : {});
    // The API's entry middleware has read and parsed the body already.
    const body: unknown = await (c.req.bodyCache.json ?? c.req.json());
    const answer = await transportFor(opened.session).post(body, {
      accept: requestHeader(c, "accept"),
      protocolVersion: requestHeader(c, "mcp-protocol-version"),
      authInfo: authInfoFor(opened.session),
    });
    return answer.status === 202 ? c.body(null, 202) : c.json(answer.body, answer.status);
  });
  return app;
}
