// robots.txt fetched through the guarded fetcher, interpreted per RFC 9309 and cached per origin.
import { type Clock, systemClock } from "../../clock";
import { FetchFailure, type FetchPolicy, guardedFetch } from "../fetch/guarded-fetch";
import { TtlCache } from "../../cache/ttl-cache";
import { ALLOW_ALL, DISALLOW_ALL, isAllowed, parseRobotsTxt, type RobotsTxt } from "./robots-txt";

/** RFC 9309: a parser must read at least 500 KiB; anything after it is ignored. */
export const ROBOTS_MAX_BYTES = 500 * 1024;

export interface RobotsOptions {
  readonly productToken: string;
  readonly fetchPolicy: FetchPolicy;
  /** Origins remembered at once. */
  readonly cacheEntries?: number;
  /** How long a fetched file (or a 4xx) is trusted; the RFC asks for at most 24 hours. */
  readonly ttlMs?: number;
  /** How long "unreachable, disallow all" is remembered before trying again. */
  readonly failureTtlMs?: number;
  readonly clock?: Clock;
}

export interface RobotsPolicy {
  /** Whether the URL may be fetched by us. */
  allows(url: URL, signal?: AbortSignal): Promise<boolean>;
}

export function createRobotsPolicy(options: RobotsOptions): RobotsPolicy {
  const clock = options.clock ?? systemClock;
  const cache = new TtlCache<string, Promise<RobotsTxt>>({ maxEntries: options.cacheEntries ?? 1000, clock });
  const ttl = Math.min(options.ttlMs ?? 24 * 3600_000, 24 * 3600_000);
  const failureTtl = options.failureTtlMs ?? 5 * 60_000;

  const load = (origin: string): Promise<RobotsTxt> => {
    const cached = cache.get(origin);
    if (cached) return cached;
    // The promise is cached at once, so concurrent checks of one origin share one fetch.
    const pending = fetchRobots(origin, options).then(({ robots, reachable }) => {
      if (!reachable) cache.set(origin, pending, failureTtl);
      return robots;
    });
    cache.set(origin, pending, ttl);
    return pending;
  };

  return {
    async allows(url) {
      return isAllowed(await load(url.origin), `${url.pathname}${url.search}`);
    },
  };
}

async function fetchRobots(origin: string, options: RobotsOptions): Promise<{ robots: RobotsTxt; reachable: boolean }> {
  try {
    const res = await guardedFetch(`${origin}/robots.txt`, options.fetchPolicy, { accept: "text/plain,*/*;q=0.5", truncateAt: ROBOTS_MAX_BYTES });
    if (res.status >= 200 && res.status < 300) return { robots: parseRobotsTxt(res.body.toString("utf8"), options.productToken), reachable: true };
    if (res.status >= 400 && res.status < 500) return { robots: ALLOW_ALL, reachable: true };
    return { robots: DISALLOW_ALL, reachable: false };
  } catch (e) {
    // More than five redirects: the RFC lets us treat the file as unavailable, like a 4xx.
    if (e instanceof FetchFailure && e.code === "TOO_MANY_REDIRECTS") return { robots: ALLOW_ALL, reachable: true };
    return { robots: DISALLOW_ALL, reachable: false };
  }
}
