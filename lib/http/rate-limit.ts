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
  take(name: Name, client: string): Promise<RateLimitDecision>;
  /** The window's state for `client` (allowed: whether a request now would pass), without counting anything. */
  peek(name: Name, client: string): Promise<RateLimitDecision>;
}

/** One client's count in one window of one rule. */
export interface WindowSlot {
  name: string;
  client: string;
  /** In ms since epoch; a multiple of windowMs. */
  windowStart: number;
  windowMs: number;
  limit: number;
}

/** Where the windows' counts live: this process's memory, or the deployment's Redis (lib/cluster/shared-limits). */
export interface WindowCounter {
  /** The slot's count before this request; counts the request too when `take` and that count is below the limit. */
  count(slot: WindowSlot, take: boolean): Promise<number>;
}

/**
 * Counts in this process only. Windows of the past are dropped when a new one begins, so memory
 * stays proportional to the clients of the current window.
 */
export function memoryWindowCounter(): WindowCounter {
  const state = new Map<string, { windowStart: number; counts: Map<string, number> }>();
  return {
    async count(slot, take) {
      let window = state.get(slot.name);
      if (!window || window.windowStart !== slot.windowStart) {
        window = { windowStart: slot.windowStart, counts: new Map() };
        state.set(slot.name, window);
      }
      const used = window.counts.get(slot.client) ?? 0;
      if (take && used < slot.limit) window.counts.set(slot.client, used + 1);
      return used;
    },
  };
}

/**
 * Fixed windows aligned to multiples of the window length since the epoch (every minute on the
 * minute for a one-minute rule), counted per client by `counter` (in this process by default).
 */
export function createRateLimiter<Name extends string>(
  clock: Clock,
  rules: Readonly<Record<Name, RateLimitRule>>,
  counter: WindowCounter = memoryWindowCounter(),
): RateLimiter<Name> {
  async function decide(name: Name, client: string, take: boolean): Promise<RateLimitDecision> {
    const now = clock.now();
    const { limit, windowMs } = rules[name];
    const windowStart = now - (now % windowMs);
    const used = await counter.count({ name, client, windowStart, windowMs, limit }, take);
    const allowed = used < limit;
    const after = take && allowed ? used + 1 : used;
    const resetAtMs = windowStart + windowMs;
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
