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
import { auditVenueAccounts } from "../testing/venues";

const OWNERS = 4;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startDeployment(size: number) {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "bourse_failover");
  cleanups.push(scratch.drop);
  const env = {
    DATABASE_URL: scratch.url,
    REDIS_URL: testRedisUrl!,
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
async function placeUntilAcknowledged(url: string, key: string, idempotencyKey: string, side: "BUY" | "SELL") {
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
    if (res !== undefined && res.status !== 503 && res.status !== 409) throw new Error(`order ${idempotencyKey}: ${res.status} ${body}`);
    if (res?.status === 503) expect(res.headers.get("retry-after"), body).toMatch(/^\d+$/);
    if (attempt > 200) throw new Error(`order ${idempotencyKey} never acknowledged: ${body}`);
    await sleep(100);
  }
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
      const acknowledged = new Map<string, string>();
      let retried = 0;
      let killedAt = 0;
      let firstAfterKill = 0;
      let stop = false;
      const worker = async (key: string, k: number) => {
        for (let n = 0; !stop; n++) {
          const idempotencyKey = `failover-${k}-${n}`;
          const done = await placeUntilAcknowledged(follower.url, key, idempotencyKey, n % 2 === 0 ? "BUY" : "SELL");
          acknowledged.set(idempotencyKey, done.id);
          if (done.attempts > 1) retried++;
          if (killedAt > 0 && firstAfterKill === 0 && done.attempts > 1) firstAfterKill = Date.now();
        }
      };
      const workers = keys.map((key, k) => worker(key, k));
      while (acknowledged.size < 40) await sleep(20);
      host.signal("SIGKILL");
      killedAt = Date.now();
      await host.exited;
      const before = acknowledged.size;
      while (acknowledged.size < before + 40) await sleep(20);
      stop = true;
      await Promise.all(workers);
      console.log(
        `failover: ${acknowledged.size} orders acknowledged, ${retried} after retries; the first retried order after the kill was acknowledged ${firstAfterKill - killedAt} ms after it`,
      );

      // Every acknowledged order is the one parent of its Idempotency-Key, and there is no other.
      const parents = (await database.db.execute(sql`select id from trade_orders where owner_id like 'own_failover_%'`)) as unknown as {
        rows: { id: string }[];
      };
      const ids = parents.rows.map((r) => r.id).sort();
      expect(ids).toEqual([...acknowledged.values()].sort());
      expect(new Set(ids).size).toBe(ids.length);
      // Σ fills = positions, collateral = deposits + PnL − fees + funding, on every venue account.
      const audit = await auditVenueAccounts(database, "own_failover_%");
      expect(audit.findings).toEqual([]);
      expect(audit.checked).toBeGreaterThan(0);
      // The follower hosts now.
      expect(await roleOf(follower)).toBe("host");
      expect(retried).toBeGreaterThan(0);
    }, 120_000);
  },
  { needsPostgres: true },
);
