// A real deployment of two processes on PostgreSQL and Redis; the venue host is killed (SIGKILL) while
// agents place orders through the other instance.
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { mintAgentKey } from "../auth/agent-keys";
import { owners } from "../auth/schema";
import { systemClock } from "../clock";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { startChildServer, type ChildServer } from "../testing/child-process";
import { createScratchDatabase } from "../testing/database";
import { describeWithRedis, scratchRedisPrefix, testRedisUrl } from "../testing/redis";
import { hasRedisServer, startPrivateRedis } from "../testing/redis-server";
import { auditVenueAccounts } from "../testing/venues";

const OWNERS = 4;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startDeployment(size: number, redisUrl = testRedisUrl!) {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "bourse_failover");
  cleanups.push(scratch.drop);
  const env = {
    DATABASE_URL: scratch.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: scratchRedisPrefix(),
    VENUES: "embedded",
    LOCAL_CHAINS: "off",
    LOG_LEVEL: "error",
    BOURSE_SECRET: "failover-secret-0123456789-0123456789-abcdef",
  };
  const instances: ChildServer[] = [];
  // One after the other: the first is elected host, the others mirror it.
  for (let i = 0; i < size; i++) {
    const instance = await startChildServer("lib/testing/instance-server.ts", env);
    cleanups.push(() => instance.stop());
    instances.push(instance);
  }
  const database = await openDatabase({ kind: "postgres", url: scratch.url });
  cleanups.push(() => database.close());
  return { instances, database };
}

async function agentKeys(database: DatabaseHandle): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < OWNERS; i++) {
    const id = `own_failover_${i}`;
    await database.db.insert(owners).values({ id, email: `${id}@example.test` });
    keys.push((await mintAgentKey({ db: database.db, clock: systemClock }, id, { name: "failover", scopes: ["account:read", "trade"] })).key);
  }
  return keys;
}

/**
 * Places one market order under `idempotencyKey`, retrying (as a client should) on 503 and on a run
 * still in progress until it is acknowledged; returns the order id and how many tries it took.
 */
async function placeUntilAcknowledged(url: string, key: string, idempotencyKey: string, side: "BUY" | "SELL", refusals: number[] = []) {
  for (let attempt = 1; ; attempt++) {
    let res: Response | undefined;
    try {
      res = await fetch(`${url}/api/agent/orders`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": idempotencyKey },
        body: JSON.stringify({ symbol: "BTC-USD", side, type: "MARKET", quantity: "0.001" }),
      });
    } catch {
      // connection refused or reset: the client retries
    }
    if (res?.status === 200) return { id: ((await res.json()) as { data: { id: string } }).data.id, attempts: attempt };
    const body = res === undefined ? "no answer" : await res.text();
    refusals.push(res?.status ?? 0);
    if (res !== undefined && res.status !== 503 && res.status !== 409) throw new Error(`order ${idempotencyKey}: ${res.status} ${body}`);
    if (res?.status === 503) expect(res.headers.get("retry-after"), body).toMatch(/^\d+$/);
    if (attempt > 200) throw new Error(`order ${idempotencyKey} never acknowledged: ${body}`);
    await sleep(100);
  }
}

/** Agents placing orders one after another each, through `url`, until `stop()`; what was acknowledged. */
function orderLoad(url: string, keys: readonly string[], tag: string) {
  const acknowledged = new Map<string, string>();
  const refusals: number[] = [];
  let retried = 0;
  let stopped = false;
  const worker = async (key: string, k: number) => {
    for (let n = 0; !stopped; n++) {
      const done = await placeUntilAcknowledged(url, key, `${tag}-${k}-${n}`, n % 2 === 0 ? "BUY" : "SELL", refusals);
      acknowledged.set(`${tag}-${k}-${n}`, done.id);
      if (done.attempts > 1) retried++;
    }
  };
  const running = Promise.all(keys.map((key, k) => worker(key, k)));
  return {
    acknowledged,
    /** Statuses of the refused attempts (503 while the host cannot answer). */
    refusals,
    retried: () => retried,
    until: async (count: number) => {
      while (acknowledged.size < count) await sleep(20);
    },
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

/** Every acknowledged order is the one parent of its Idempotency-Key, none is missing or extra; accounts reconcile. */
async function auditOrders(database: DatabaseHandle, acknowledged: ReadonlyMap<string, string>) {
  const parents = (await database.db.execute(sql`select id from trade_orders where owner_id like 'own_failover_%'`)) as unknown as { rows: { id: string }[] };
  const ids = parents.rows.map((r) => r.id).sort();
  expect(ids).toEqual([...acknowledged.values()].sort());
  expect(new Set(ids).size).toBe(ids.length);
  const audit = await auditVenueAccounts(database, "own_failover_%");
  expect(audit.findings).toEqual([]);
  expect(audit.checked).toBeGreaterThan(0);
}

async function roleOf(instance: ChildServer): Promise<string> {
  const res = await fetch(`${instance.url}/api/web/health`);
  return ((await res.json()) as { instance: { role: string } }).instance.role;
}

describeWithRedis(
  "failover",
  () => {
    it("the host killed mid-load: the follower takes over, every acknowledged order exists exactly once, fills equal positions, balances reconcile", async () => {
      const { instances, database } = await startDeployment(2);
      const [host, follower] = instances as [ChildServer, ChildServer];
      expect([await roleOf(host), await roleOf(follower)]).toEqual(["host", "follower"]);
      const keys = await agentKeys(database);
      const load = orderLoad(follower.url, keys, "kill");
      await load.until(40);
      host.signal("SIGKILL");
      const killedAt = Date.now();
      await host.exited;
      await load.until(load.acknowledged.size + 40);
      await load.stop();
      console.log(
        `failover: ${load.acknowledged.size} orders acknowledged, ${load.retried()} after retries, host killed ${Date.now() - killedAt} ms before the end`,
      );
      await auditOrders(database, load.acknowledged);
      // The follower hosts now.
      expect(await roleOf(follower)).toBe("host");
      expect(load.retried()).toBeGreaterThan(0);
    }, 120_000);

    it("the host paused for 10 s: calls answer 503 with Retry-After meanwhile, and nothing runs twice when it resumes", async () => {
      const { instances, database } = await startDeployment(2);
      const [host, follower] = instances as [ChildServer, ChildServer];
      const keys = await agentKeys(database);
      const load = orderLoad(follower.url, keys, "pause");
      await load.until(20);
      host.signal("SIGSTOP");
      await sleep(10_000);
      host.signal("SIGCONT");
      await load.until(load.acknowledged.size + 20);
      await load.stop();
      expect(load.refusals.filter((s) => s === 503).length).toBeGreaterThan(0);
      await auditOrders(database, load.acknowledged);
      expect([await roleOf(host), await roleOf(follower)]).toEqual(["host", "follower"]);
    }, 120_000);

    it.skipIf(!hasRedisServer())(
      "Redis restarted mid-load: calls through the follower answer 503 while it is down, recover when it returns, and nothing is lost",
      async () => {
        const redis = await startPrivateRedis();
        cleanups.push(redis.kill);
        const { instances, database } = await startDeployment(2, redis.url);
        const [host, follower] = instances as [ChildServer, ChildServer];
        const keys = await agentKeys(database);
        const load = orderLoad(follower.url, keys, "redis");
        await load.until(20);
        await redis.kill();
        const refusedBefore = load.refusals.length;
        const acknowledgedBefore = load.acknowledged.size;
        await sleep(4_000);
        const whileDown = load.refusals.slice(refusedBefore);
        // Nothing reaches the host meanwhile (at most the orders already on their way there are answered).
        expect(load.acknowledged.size - acknowledgedBefore).toBeLessThanOrEqual(keys.length);
        expect(whileDown.length).toBeGreaterThan(0);
        // 503 while the host cannot be reached; 409 for a retry of a run the host still holds.
        expect(whileDown.filter((s) => s !== 503 && s !== 409)).toEqual([]);
        await redis.start();
        await load.until(load.acknowledged.size + 40);
        await load.stop();
        await auditOrders(database, load.acknowledged);
        expect([await roleOf(host), await roleOf(follower)]).toEqual(["host", "follower"]);
      },
      120_000,
    );

    it("the host's writes halt (its batches cannot be stored): it answers 503 and exits, and another takes over without losing or repeating the order", async () => {
      const { instances, database } = await startDeployment(2);
      const [host, follower] = instances as [ChildServer, ChildServer];
      const [key] = await agentKeys(database);
      const first = await placeUntilAcknowledged(follower.url, key!, "halt-0", "BUY");
      // Every batch with a fill now fails, on every try: the host's writes halt.
      await database.db.execute(sql`alter table venue_fills rename to venue_fills_away`);
      const refused = await fetch(`${follower.url}/api/agent/orders`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": "halt-1" },
        body: JSON.stringify({ symbol: "BTC-USD", side: "SELL", type: "MARKET", quantity: "0.001" }),
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      await host.exited;
      await database.db.execute(sql`alter table venue_fills_away rename to venue_fills`);
      const retried = await placeUntilAcknowledged(follower.url, key!, "halt-1", "SELL");
      await auditOrders(
        database,
        new Map([
          ["halt-0", first.id],
          ["halt-1", retried.id],
        ]),
      );
      expect(await roleOf(follower)).toBe("host");
    }, 120_000);
  },
  { needsPostgres: true },
);
