import { z } from "zod";
import type { DatabaseHandle } from "../db/client";
import type { Clock } from "../clock";
import { APP_VERSION } from "../version";

export const healthSchema = z
  .object({
    status: z.enum(["ok", "degraded"]).meta({ description: "ok when every check passes" }),
    version: z.string().meta({ example: "0.1.0" }),
    uptime_seconds: z.int().min(0),
    timestamp: z.iso.datetime(),
    checks: z.object({
      database: z.object({
        status: z.enum(["ok", "error"]),
        driver: z.enum(["pglite", "postgres"]),
        latency_ms: z.number().min(0),
        error: z.string().optional(),
      }),
    }),
  })
  .meta({ id: "Health", description: "Application health" });

export type Health = z.infer<typeof healthSchema>;

const DATABASE_TIMEOUT_MS = 2000;

/** Checks that the database answers in time and reports version and uptime. */
export async function checkHealth(input: { database: DatabaseHandle; clock: Clock; startedAt: number }): Promise<Health> {
  const { database, clock, startedAt } = input;
  const t0 = performance.now();
  let dbError: string | undefined;
  try {
    await withTimeout(database.ping(), DATABASE_TIMEOUT_MS);
  } catch (err) {
    dbError = err instanceof TimeoutError ? err.message : "database unreachable";
  }
  const latency = Math.round((performance.now() - t0) * 100) / 100;
  const now = clock.now();
  return {
    status: dbError ? "degraded" : "ok",
    version: APP_VERSION,
    uptime_seconds: Math.max(0, Math.floor((now - startedAt) / 1000)),
    timestamp: new Date(now).toISOString(),
    checks: {
      database: { status: dbError ? "error" : "ok", driver: database.kind, latency_ms: latency, ...(dbError ? { error: dbError } : {}) },
    },
  };
}

class TimeoutError extends Error {}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
