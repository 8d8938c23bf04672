import type { MiddlewareHandler } from "hono";
import { authenticateSearchKey } from "../../auth/search-keys";
import { bearerToken } from "../../http/bearer";
import type { AppEnv } from "../context";
import { ApiError } from "../errors";

function unauthorized(message: string): ApiError {
  return new ApiError("UNAUTHORIZED", message, { headers: { "WWW-Authenticate": 'Bearer realm="bourse-search"' } });
}

/**
 * A search API key is required (`Authorization: Bearer bourse_sr_live_…`); sets c.var.searchKey.
 * Owner tokens and dashboard sessions are not API keys and are refused like any unknown key.
 */
export const requireSearchKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  const presented = bearerToken(c.req.header("authorization"));
  if (!presented) throw unauthorized("An API key is required: Authorization: Bearer <API_KEY>.");
  const check = await authenticateSearchKey({ db: c.var.deps.database.db, clock: c.var.deps.clock }, presented);
  if (!check.ok) throw unauthorized(check.reason);
  c.set("searchKey", check.principal);
  await next();
};
