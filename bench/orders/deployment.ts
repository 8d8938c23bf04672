// A two-instance deployment for the orders bench: both on a scratch PostgreSQL database and a Redis
// prefix of their own; the first started is the venue host, the second a follower forwarding to it.
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import { startChildServer, type ChildServer } from "../../lib/testing/child-process";
import { createScratchDatabase } from "../../lib/testing/database";

export interface Deployment {
  host: ChildServer;
  follower: ChildServer;
  stop(): Promise<void>;
}

/** Where the deployment runs: BENCH_DATABASE_URL / BENCH_REDIS_URL, else this machine's default ports. */
export function deploymentSettings(): { databaseUrl: string; redisUrl: string } {
  return {
    databaseUrl: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    redisUrl: process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
  };
}

/** Why a deployment cannot run here (PostgreSQL or Redis not answering), or undefined when it can. */
export async function deploymentUnavailable(settings: { databaseUrl: string; redisUrl: string }): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: settings.databaseUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
  } catch (err) {
    return `PostgreSQL does not answer at BENCH_DATABASE_URL (${(err as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(settings.redisUrl, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    return `Redis does not answer at BENCH_REDIS_URL (${(err as Error).message})`;
  } finally {
    redis.disconnect();
  }
  return undefined;
}

/** Starts the host (which mints `keys` agent keys into `keyFile`, as the embedded server does), then a follower. */
export async function startDeployment(settings: { databaseUrl: string; redisUrl: string }, env: Record<string, string>, keyFile: string): Promise<Deployment> {
  const scratch = await createScratchDatabase(settings.databaseUrl, "bourse_bench_orders");
  const shared = {
    ...env,
    DATABASE_URL: scratch.url,
    REDIS_URL: settings.redisUrl,
    REDIS_PREFIX: `bourse-bench:${randomBytes(6).toString("hex")}:`,
    BOURSE_SECRET: randomBytes(32).toString("hex"),
  };
  const started: ChildServer[] = [];
  const stop = async () => {
    for (const s of started.reverse()) await s.stop();
    await scratch.drop();
  };
  try {
    started.push(await startChildServer("bench/orders/orders-server.ts", { ...shared, BENCH_KEY_FILE: keyFile }));
    started.push(await startChildServer("bench/orders/orders-server.ts", { ...shared, BENCH_KEYS: "0", BENCH_KEY_FILE: `${keyFile}.follower` }));
  } catch (err) {
    await stop();
    throw err;
  }
  return { host: started[0]!, follower: started[1]!, stop };
}
