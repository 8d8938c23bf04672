import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { Context } from "hono";
import { AGENT_KEY_PREFIX, authenticateAgentKey, type AgentPrincipal } from "../../auth/agent-keys";
import { authenticateSearchKey, SEARCH_KEY_PREFIX, type SearchPrincipal } from "../../auth/search-keys";
import { addressSubject } from "../../http/client-ip";
import { bearerToken } from "../../http/bearer";
import type { Caller } from "../../trading/execution/context";
import type { WebServices } from "../../web/search/paid-work";
import type { ApiDeps, AppEnv } from "../context";
import { ApiError } from "../errors";
import { keyContext } from "../middleware/auth";
import { requestHeader } from "../middleware/request-header";
import { clientIpOf } from "../search/rate-limit";
import { SECOND_KEY_HEADER } from "../../mcp/contract";

/** One MCP request's caller: whichever keys it presented, checked for this very request. */
export interface McpSession {
  deps: ApiDeps;
  web: WebServices;
  requestId: string;
  /** Whom the search windows count, as for the search API: the client's address (for search keys only). */
  rateLimitSubject: string;
  agent: AgentPrincipal | null;
  searchKey: SearchPrincipal | null;
}

export type OpenedSession = { ok: true; session: McpSession } | { ok: false; status: 401 | 403; message: string };

/**
 * Authenticates the keys of a request: `Authorization: Bearer` holds an agent key or a search key, and
 * X-Bourse-Key the other kind when both are used. No key at all is a public session (market data only).
 * Every request is checked again, so a revoked or expired key is refused at its next call.
 */
export async function openSession(c: Context<AppEnv>, web: WebServices): Promise<OpenedSession> {
  const deps = c.var.deps;
  const presented = [bearerToken(requestHeader(c, "authorization")), requestHeader(c, SECOND_KEY_HEADER)?.trim() || null].filter(
    (k): k is string => k !== null,
  );
  const ip = clientIpOf(c);
  let agent: AgentPrincipal | null = null;
  let searchKey: SearchPrincipal | null = null;
  for (const key of presented) {
    if (key.startsWith(AGENT_KEY_PREFIX) && agent === null) {
      const check = await authenticateAgentKey(keyContext(deps), key, { ip });
      if (!check.ok) return { ok: false, status: check.status, message: check.reason };
      agent = check.principal;
    } else if (key.startsWith(SEARCH_KEY_PREFIX) && searchKey === null) {
      const check = await authenticateSearchKey({ db: deps.database.db, clock: deps.clock }, key);
      if (!check.ok) return { ok: false, status: 401, message: check.reason };
      searchKey = check.principal;
    } else {
      return {
        ok: false,
        status: 401,
        message: `Present at most one agent key (${AGENT_KEY_PREFIX}…) and one search key (${SEARCH_KEY_PREFIX}…): Authorization: Bearer <key>, and X-Bourse-Key: <the other key>.`,
      };
    }
  }
  const rateLimitSubject = searchKey === null ? "" : addressSubject(ip);
  return { ok: true, session: { deps, web, requestId: c.var.requestId, rateLimitSubject, agent, searchKey } };
}

/** The agent key's owner and key, as the trading services take them. Tools needing a scope are only listed to agent keys. */
export function callerOf(session: McpSession): Caller {
  const agent = agentOf(session);
  return { ownerId: agent.ownerId, keyId: agent.keyId };
}

export function agentOf(session: McpSession): AgentPrincipal {
  if (session.agent === null) throw new ApiError("UNAUTHORIZED", "This tool needs an agent key.");
  return session.agent;
}

export function searchKeyOf(session: McpSession): SearchPrincipal {
  if (session.searchKey === null) throw new ApiError("UNAUTHORIZED", "This tool needs a search key.");
  return session.searchKey;
}

const sessions = new WeakMap<AuthInfo, McpSession>();

/**
 * The AuthInfo the transport hands to every handler of the request: how a handler of a server shared
 * by requests (lib/api/mcp/server.ts) finds the session of the request it serves.
 */
export function authInfoFor(session: McpSession): AuthInfo {
  const info: AuthInfo = { token: "", clientId: session.agent?.keyId ?? session.searchKey?.keyId ?? "public", scopes: [...(session.agent?.scopes ?? [])] };
  sessions.set(info, session);
  return info;
}

/** The session of the request a handler serves. */
export function sessionOf(extra: { authInfo?: AuthInfo }): McpSession {
  const session = extra.authInfo === undefined ? undefined : sessions.get(extra.authInfo);
  if (session === undefined) throw new Error("an MCP request reached a handler without its session");
  return session;
}
