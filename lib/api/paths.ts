/** Where each API is mounted on the one server. */
export const TRADING_API_BASE = "/api";
export const SEARCH_API_BASE = "/api/web";
/** The MCP endpoint (Streamable HTTP) over both APIs' services. */
export const MCP_BASE = "/api/mcp";

// next-auth's routes live under /api/auth and belong to the dashboard, not to either API.
const DASHBOARD_API_PREFIX = "/api/auth";

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** True when a request path belongs to one of the two APIs (and so to Hono, not Next). */
export function isApiPath(pathname: string): boolean {
  return isUnder(pathname, TRADING_API_BASE) && !isUnder(pathname, DASHBOARD_API_PREFIX);
}

export function isSearchApiPath(pathname: string): boolean {
  return isUnder(pathname, SEARCH_API_BASE);
}
