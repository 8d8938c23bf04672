import { it } from "vitest";
import type { Hono } from "hono";
import { createApi } from "../api/app";
import type { ApiDeps, AppEnv } from "../api/context";
import { manualClock } from "../clock";
import { parseConfig } from "../config";
import { silentLogger } from "../log";
import { startServices } from "../server/services";
import type { DatabaseTarget } from "../db/client";
import { createScratchDatabase, createTestDatabase } from "./database";
import { scratchRedisPrefix, testRedisUrl } from "./redis";

export interface TestApi {
  api: Hono<AppEnv>;
  deps: ApiDeps;
  clock: ReturnType<typeof manualClock>;
  /** Calls the API in-process, as a client would over HTTP. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The real API on a fresh, migrated database with a manual clock. With BOURSE_TEST_TOPOLOGY=follower
 * (the integration-follower project), the API of a follower instance of a two-instance deployment.
 */
export async function createTestApi(env: Record<string, string> = {}): Promise<TestApi> {
  if (process.env.BOURSE_TEST_TOPOLOGY === "follower") return followerTestApi(env);
  const testDb = await createTestDatabase();
  const instance = await startTestInstance(testDb.target, manualClock(), env);
  return {
    ...instance,
    close: async () => {
      await instance.close();
      await testDb.drop();
    },
  };
}

/**
 * Moves a cluster's clock and its host's simulated market, then waits until every follower's mirror has
 * what the host sent: after it, every instance answers market data as the host does.
 */
export async function advanceCluster(cluster: TestCluster, ms: number): Promise<void> {
  cluster.clock.advance(ms);
  hostOf(cluster).deps.exchange!.advanceTo(cluster.clock.now());
  await settleCluster(cluster);
}

function hostOf(cluster: TestCluster): TestApi {
  const host = cluster.instances.find((i) => i.deps.hosting.isHost());
  if (host === undefined) throw new Error("no instance of the cluster hosts the venues");
  return host;
}

/** Waits until every follower's mirror has applied what the host has sent so far. */
export async function settleCluster(cluster: TestCluster): Promise<void> {
  const host = hostOf(cluster);
  const seq = host.deps.hosting.flushFeed()!;
  for (const follower of cluster.instances.filter((i) => i !== host)) {
    for (let i = 0; ; i++) {
      const at = follower.deps.hosting.mirrorPosition();
      if (at !== undefined && at.seq >= seq) break;
      if (i > 500) throw new Error(`a follower's mirror stayed at ${JSON.stringify(at)}, the host is at ${seq}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

/**
 * A follower of a two-instance deployment, as a TestApi: every request first waits until the follower's
 * mirror has what the host's market has at the shared clock, so a test that moves the market and then
 * reads sees what it would see on the host. `deps.exchange` is the host's simulator (tests drive time there).
 */
async function followerTestApi(env: Record<string, string>): Promise<TestApi> {
  const cluster = await createTestCluster(2, env);
  const [host, follower] = cluster.instances as [TestApi, TestApi];
  const deps = Object.create(follower.deps, { exchange: { get: () => host.deps.exchange } }) as ApiDeps;
  const settled = () => (host.deps.exchange === undefined ? Promise.resolve() : settleCluster(cluster));
  return {
    api: follower.api,
    deps,
    clock: cluster.clock,
    request: async (path, init) => {
      await settled();
      return follower.api.request(path, init);
    },
    close: () => cluster.close(),
  };
}

export interface TestCluster {
  /** In start order: the first holds the venues (the host) unless a test stops it. */
  instances: TestApi[];
  clock: ReturnType<typeof manualClock>;
  /** Starts one more instance of the deployment. */
  join(): Promise<TestApi>;
  close(): Promise<void>;
}

/**
 * `size` instances of one deployment in this process: one scratch PostgreSQL database, one Redis prefix
 * (TEST_DATABASE_URL and TEST_REDIS_URL must be set), one manual clock. Started one after the other, so
 * the first is elected venue host.
 */
export async function createTestCluster(size = 2, env: Record<string, string> = {}): Promise<TestCluster> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl || !testRedisUrl) throw new Error("a test cluster needs TEST_DATABASE_URL and TEST_REDIS_URL");
  const scratch = await createScratchDatabase(adminUrl, "bourse_cluster");
  const clock = manualClock();
  const clusterEnv = { DATABASE_URL: scratch.url, REDIS_URL: testRedisUrl, REDIS_PREFIX: scratchRedisPrefix(), ...env };
  const target = { kind: "postgres" as const, url: scratch.url, maxConnections: 20 };
  const instances: TestApi[] = [];
  const join = async () => {
    const instance = await startTestInstance(target, clock, clusterEnv);
    instances.push(instance);
    return instance;
  };
  for (let i = 0; i < size; i++) await join();
  return {
    instances,
    clock,
    join,
    close: async () => {
      for (const i of instances.reverse()) await i.close();
      await scratch.drop();
    },
  };
}

async function startTestInstance(database: DatabaseTarget, clock: ReturnType<typeof manualClock>, env: Record<string, string>): Promise<TestApi> {
  const config = parseConfig({ NODE_ENV: "test", PUBLIC_URL: "http://bourse.test", BOURSE_SECRET: "test-secret-0123456789-0123456789-abcdef", ...env });
  const services = await startServices({ config, log: silentLogger, clock, database });
  const api = createApi(services.deps);
  return { api, deps: services.deps, clock, request: async (path, init) => api.request(path, init), close: once(() => services.stop()) };
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

/** A JSON POST in the shape the APIs expect. */
export function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}

/**
 * `it` for a test that reaches into one process's internals (a venue stubbed to fail, the key cache of
 * the instance under test): the follower project skips it, since the host's internals are in another
 * instance there. Everything else runs against the follower too.
 */
export const itInOneProcess = process.env.BOURSE_TEST_TOPOLOGY === "follower" ? it.skip : it;
