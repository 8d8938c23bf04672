import type { Clock } from "../clock";

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  /** Requests left in the current window after this one. */
  remaining: number;
  /** When the current window ends, in ms since epoch. */
  resetAtMs: number;
  /** Whole seconds until the window ends, at least 1. */
  retryAfterSeconds: number;
}

export interface RateLimiter<Name extends string> {
  /** Counts a request of `client` against `name`'s window; a refused request is not counted. */
  take(name: Name, client: string): RateLimitDecision;
  /** The window's state for `client` (allowed: whether a request now would pass), without counting anything. */
  peek(name: Name, client: string): RateLimitDecision;
}

/**
 * Fixed windows aligned to multiples of the window length since the epoch (every minute on the
 * minute for a one-minute rule), counted per client in this process only. Windows of the past are
 * dropped when a new one begins, so memory stays proportional to the clients of the current window.
 */
export function createRateLimiter<Name extends string>(clock: Clock, rules: Readonly<Record<Name, RateLimitRule>>): RateLimiter<Name> {
  const state = new Map<Name, { windowStart: number; counts: Map<string, number> }>();

  function windowOf(name: Name, now: number) {
    const { windowMs } = rules[name];
    const windowStart = now - (now % windowMs);
    let current = state.get(name);
    if (!current || current.windowStart !== windowStart) {
      current = { windowStart, counts: new Map() };
      state.set(name, current);
    }
    return current;
  }

  function decide(name: Name, client: string, count: boolean): RateLimitDecision {
    const now = clock.now();
    const { limit, windowMs } = rules[name];
    const window = windowOf(name, now);
    const used = window.counts.get(client) ?? 0;
    const allowed = used < limit;
    const after = count && allowed ? used + 1 : used;
    if (after !== used) window.counts.set(client, after);
    const resetAtMs = window.windowStart + windowMs;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - after),
      resetAtMs,
      retryAfterSeconds: Math.max(1, Math.ceil((resetAtMs - now) / 1000)),
    };
  }

  return {
    take: (name, client) => decide(name, client, true),
    peek: (name, client) => decide(name, client, false),
  };
}

/** X-RateLimit-Limit, -Remaining and -Reset (Unix seconds), and Retry-After (seconds) when refused. */
export function rateLimitHeaders(d: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    "X-RateLimit-Limit": String(d.limit),
    "X-RateLimit-Remaining": String(d.remaining),
    "X-RateLimit-Reset": String(Math.ceil(d.resetAtMs / 1000)),
  };
  if (!d.allowed) headers["Retry-After"] = String(d.retryAfterSeconds);
  return headers;
}
