import { requestHeader } from "./request-header";
import type { MiddlewareHandler } from "hono";
import { authenticateAgentKey, type KeyContext } from "../../auth/agent-keys";
import { ensureOwner } from "../../auth/owners";
import { OwnerTokenError, ownerTokenVerifier } from "../../auth/owner-tokens";
import type { AgentScope } from "../../auth/scopes";
import { bearerToken } from "../../http/bearer";
import { clientIpResolver } from "../../http/client-ip";
import type { ApiDeps, AppEnv } from "../context";
import { ApiError } from "../errors";

export interface AuthGuards {
  /** Owner token (JWT) required; sets c.var.ownerId. */
  owner: MiddlewareHandler<AppEnv>;
  /** Agent key with the scope required; sets c.var.agent. */
  agentKey(scope: AgentScope): MiddlewareHandler<AppEnv>;
}

/** What the agent-key functions need, from the API's dependencies: this instance's cache, the deployment's bus. */
export function keyContext(deps: ApiDeps): KeyContext {
  return { db: deps.database.db, clock: deps.clock, cache: deps.agentKeyCache, bus: deps.cluster.bus, usage: deps.keyUsage };
}

function unauthorized(message: string): ApiError {
  return new ApiError("UNAUTHORIZED", message, { headers: { "WWW-Authenticate": 'Bearer realm="bourse"' } });
}

export function authGuards(deps: ApiDeps): AuthGuards {
  const verifyOwnerToken = ownerTokenVerifier({ db: deps.database.db, clock: deps.clock, config: deps.config, secret: deps.secret });
  const external = Boolean(deps.config.ownerJwt.jwksUrl);
  const resolveIp = clientIpResolver(deps.config.trustedProxies);
  const keyCtx = keyContext(deps);

  const owner: MiddlewareHandler<AppEnv> = async (c, next) => {
    const token = bearerToken(requestHeader(c, "authorization"));
    if (!token) throw unauthorized("An owner token is required: Authorization: Bearer <owner JWT>.");
    let ownerId: string;
    try {
      ({ ownerId } = await verifyOwnerToken(token));
    } catch (err) {
      if (err instanceof OwnerTokenError) throw unauthorized(`Invalid owner token: ${err.message}.`);
      throw err;
    }
    // Owners vouched for by an external issuer get their record on first sight.
    if (external) await ensureOwner(deps.database.db, ownerId);
    c.set("ownerId", ownerId);
    await next();
  };

  const agentKey =
    (scope: AgentScope): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      const key = bearerToken(requestHeader(c, "authorization"));
      if (!key) throw unauthorized("An agent key is required: Authorization: Bearer bourse_sk_live_….");
      const ip = resolveIp(c.env?.incoming?.socket.remoteAddress, requestHeader(c, "x-forwarded-for"));
      const check = await authenticateAgentKey(keyCtx, key, { ip, scope });
      if (!check.ok) throw check.status === 401 ? unauthorized(check.reason) : new ApiError("FORBIDDEN", check.reason);
      c.set("agent", check.principal);
      await next();
    };

  return { owner, agentKey };
}
