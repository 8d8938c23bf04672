import type { DatabaseHandle } from "../db/client";
import type { Clock } from "../clock";
import { APP_VERSION } from "../version";
import type { Health } from "./contract/health";
import type { ClusterRuntime } from "../cluster/runtime";
import type { VenueHosting } from "../cluster/venue-host";

export { healthSchema, type Health } from "./contract/health";

const DATABASE_TIMEOUT_MS = 2000;

/** Checks that the database (and the deployment's Redis) answer in time and reports version, uptime and role. */
export async function checkHealth(input: {
  database: DatabaseHandle;
  clock: Clock;
  startedAt: number;
  cluster: ClusterRuntime;
  hosting: Pick<VenueHosting, "isHost">;
}): Promise<Health> {
  const { database, clock, startedAt, cluster } = input;
  const redis = cluster.redis;
  const [db, redisCheck] = await Promise.all([
    timed(() => database.ping(), "database unreachable"),
    redis === undefined ? undefined : timed(() => redis.commands.ping().then(() => {}), "redis unreachable"),
  ]);
  const now = clock.now();
  return {
    status: db.error || redisCheck?.error ? "degraded" : "ok",
    version: APP_VERSION,
    uptime_seconds: Math.max(0, Math.floor((now - startedAt) / 1000)),
    timestamp: new Date(now).toISOString(),
    instance: { id: cluster.instanceId, role: redis === undefined ? "single" : input.hosting.isHost() ? "host" : "follower" },
    checks: {
      database: { status: db.error ? "error" : "ok", driver: database.kind, latency_ms: db.latency, ...(db.error ? { error: db.error } : {}) },
      ...(redisCheck === undefined
        ? {}
        : { redis: { status: redisCheck.error ? "error" : "ok", latency_ms: redisCheck.latency, ...(redisCheck.error ? { error: redisCheck.error } : {}) } }),
    },
  };
}

async function timed(ping: () => Promise<void>, unreachable: string): Promise<{ latency: number; error?: string }> {
  const t0 = performance.now();
  let error: string | undefined;
  try {
    await withTimeout(ping(), DATABASE_TIMEOUT_MS);
  } catch (err) {
    error = err instanceof TimeoutError ? err.message : unreachable;
  }
  return { latency: Math.round((performance.now() - t0) * 100) / 100, error };
}

class TimeoutError extends Error {}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
