import type { Context, MiddlewareHandler } from "hono";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import { CONSOLE_CALLER_HEADER, verifyConsoleCaller } from "../../auth/console-caller";
import { addressSubject, clientIpResolver } from "../../http/client-ip";
import { createRateLimiter, rateLimitHeaders, type RateLimitDecision, type RateLimiter, type WindowCounter } from "../../http/rate-limit";
import type { AppEnv } from "../context";
import { ApiError } from "../errors";
import { requestHeader } from "../middleware/request-header";
import { SEARCH_API_BASE } from "../paths";

export type SearchWindow = "search" | "scrape";
export type SearchRateLimiter = RateLimiter<SearchWindow>;

/** The contract's windows: per client (see rateLimitSubject), one minute each; across the deployment when its counter is shared. */
export const SEARCH_RATE_LIMITS = {
  search: { limit: 60, windowMs: 60_000 },
  scrape: { limit: 10, windowMs: 60_000 },
} as const;

export function createSearchRateLimiter(clock: Clock, counter?: WindowCounter): SearchRateLimiter {
  return createRateLimiter<SearchWindow>(clock, SEARCH_RATE_LIMITS, counter);
}

const LIMITED: Readonly<Record<string, SearchWindow>> = {
  [`POST ${SEARCH_API_BASE}/v1/search`]: "search",
  [`POST ${SEARCH_API_BASE}/v1/scrape`]: "scrape",
};

const resolvers = new WeakMap<Config, ReturnType<typeof clientIpResolver>>();

/** The caller's address under TRUSTED_PROXIES; "unknown" when there is no socket (in-process calls). */
export function clientIpOf(c: Context<AppEnv>): string {
  const config = c.var.deps.config;
  let resolve = resolvers.get(config);
  if (!resolve) {
    resolve = clientIpResolver(config.trustedProxies);
    resolvers.set(config, resolve);
  }
  return resolve(c.env?.incoming?.socket.remoteAddress, requestHeader(c, "x-forwarded-for")) ?? "unknown";
}

/**
 * Whom the windows count: the owner named by the dashboard's signed console header, otherwise the
 * client's address (an IPv6 client by its /64).
 */
function rateLimitSubject(c: Context<AppEnv>): string {
  const { secret, clock } = c.var.deps;
  const owner = verifyConsoleCaller(secret, c.req.header(CONSOLE_CALLER_HEADER), clock.now());
  return owner ? `owner:${owner}` : addressSubject(clientIpOf(c));
}

/**
 * Counts this request against its endpoint's window, once per request, and stamps the X-RateLimit
 * headers on whatever the response turns out to be. Undefined for routes without a window. Called by
 * the route's middleware and, for requests refused before it (a body that is not JSON), by the error renderer.
 */
export async function takeRateLimitSlot(c: Context<AppEnv>): Promise<RateLimitDecision | undefined> {
  const taken = c.get("rateLimit");
  if (taken) return taken;
  const window = LIMITED[`${c.req.method} ${c.req.path}`];
  if (!window) return undefined;
  const decision = await c.var.deps.searchRateLimiter.take(window, rateLimitSubject(c));
  c.set("rateLimit", decision);
  for (const [name, value] of Object.entries(rateLimitHeaders(decision))) c.header(name, value);
  return decision;
}

export function rateLimitedError(d: RateLimitDecision): ApiError {
  return new ApiError("RATE_LIMITED", `Rate limit of ${d.limit} requests per minute reached for this endpoint; retry in ${d.retryAfterSeconds} s.`, {
    headers: { "Retry-After": String(d.retryAfterSeconds) },
  });
}

/** First on /v1/search and /v1/scrape: before the key is checked, so refused keys use up the window too. */
export const rateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const decision = await takeRateLimitSlot(c);
  if (decision && !decision.allowed) throw rateLimitedError(decision);
  await next();
};
