import type { Context } from "hono";
import type { AppEnv } from "../context";

/**
 * A request header (its name in lower case). Behind the Node server it is read from Node's own request:
 * asking Hono makes @hono/node-server build a Headers object of them all first, on every request.
 * In-process (app.request) there is only Hono's side.
 */
export function requestHeader(c: Context<AppEnv>, name: string): string | undefined {
  const incoming = c.env?.incoming;
  if (incoming === undefined) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
