// Instances of one deployment agree: a key revoked on one is refused by the others at once, and a
// client's search window and an account's failed sign-ins are one across them; with Redis gone, each
// still limits on its own.
import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { AGENT_KEY_CHANGED } from "../auth/agent-keys";
import { agentKeys } from "../auth/schema";
import { EVERY_SUBJECT } from "./bus";
import { searchErrorBody } from "../api/search/error-body";
import { requestFrom, serveOverHttp } from "../api/search/testbed";
import { parseConfig } from "../config";
import { ServerSecretError } from "../crypto/server-secret";
import { silentLogger } from "../log";
import { startServices } from "../server/services";
import { createTestCluster, postJson, type TestApi, type TestCluster } from "../testing/api";
import { createTestOwner, type TestOwner } from "../testing/owners";
import { describeWithRedis, killRedisConnections, testRedisUrl } from "../testing/redis";

const MINUTE = 60_000;

describeWithRedis(
  "state shared by the instances of a deployment",
  () => {
    let cluster: TestCluster;
    let a: TestApi;
    let b: TestApi;
    let owner: TestOwner;
    const servers: Awaited<ReturnType<typeof serveOverHttp>>[] = [];

    beforeAll(async () => {
      // 127.0.0.1 is a proxy we trust, so each test names its client by X-Forwarded-For.
      cluster = await createTestCluster(2, { TRUSTED_PROXIES: "127.0.0.1" });
      [a, b] = cluster.instances as [TestApi, TestApi];
      owner = await createTestOwner(a);
    });
    afterAll(async () => {
      for (const s of servers) await s.close();
      await cluster?.close();
    });

    /** Resolves once `t` has heard the bus announce `subject` on `topic`. */
    const heard = (t: TestApi, topic: string, subject: string) =>
      new Promise<void>((resolve) => {
        const stop = t.deps.cluster.bus.on(topic, (s) => {
          if (s !== subject) return;
          stop();
          resolve();
        });
      });

    it("refuses an agent key revoked on another instance at the next request, not after the cache lifetime", async () => {
      const minted = await (await a.request("/api/agent/keys", postJson({ name: "shared", scopes: ["account:read"] }, await owner.auth()))).json();
      const headers = { authorization: `Bearer ${minted.data.key}` };
      // B verifies the key and caches it.
      expect((await b.request("/api/agent/positions", { headers })).status).toBe(200);
      expect((await b.request("/api/agent/positions", { headers })).status).toBe(200);

      const bHeard = heard(b, AGENT_KEY_CHANGED, minted.data.id);
      expect((await a.request(`/api/agent/keys/${minted.data.id}`, { method: "DELETE", headers: await owner.auth() })).status).toBe(200);
      await bHeard;
      // The clock has not moved: B's cache forgot the key because it was told.
      const refused = await b.request("/api/agent/positions", { headers });
      expect(refused.status).toBe(401);
      expect((await refused.json()).error).toMatch(/revoked/);
    });

    it("applies a roll's new expiry of the old key on another instance at once, within the cache lifetime", async () => {
      const minted = await (await a.request("/api/agent/keys", postJson({ name: "rolled", scopes: ["account:read"] }, await owner.auth()))).json();
      const headers = { authorization: `Bearer ${minted.data.key}` };
      expect((await b.request("/api/agent/positions", { headers })).status).toBe(200);
      const bHeard = heard(b, AGENT_KEY_CHANGED, minted.data.id);
      const rolled = await a.request(`/api/agent/keys/${minted.data.id}/roll`, postJson({ gracePeriodSeconds: 5 }, await owner.auth()));
      expect(rolled.status).toBe(200);
      await bHeard;
      expect((await b.request("/api/agent/positions", { headers })).status).toBe(200);
      // Past the grace period, still inside the cache's 10 s lifetime: B read the new expiry.
      cluster.clock.advance(5_001);
      const refused = await b.request("/api/agent/positions", { headers });
      expect(refused.status).toBe(401);
      expect((await refused.json()).error).toMatch(/expired/);
    });

    it("forgets every cached key when its subscription comes back after a loss, when announcements may have been missed", async () => {
      const minted = await (await a.request("/api/agent/keys", postJson({ name: "missed", scopes: ["account:read"] }, await owner.auth()))).json();
      const headers = { authorization: `Bearer ${minted.data.key}` };
      expect((await b.request("/api/agent/positions", { headers })).status).toBe(200);
      // A revoke whose announcement B never hears.
      await a.deps.database.db
        .update(agentKeys)
        .set({ revokedAt: new Date(cluster.clock.now()) })
        .where(eq(agentKeys.id, minted.data.id));
      expect((await b.request("/api/agent/positions", { headers })).status).toBe(200);
      const bResynced = heard(b, AGENT_KEY_CHANGED, EVERY_SUBJECT);
      expect(await killRedisConnections(testRedisUrl!, `bourse-${b.deps.cluster.instanceId.slice(0, 8)}-subscriber`)).toBe(1);
      await bResynced;
      expect((await b.request("/api/agent/positions", { headers })).status).toBe(401);
    });

    it("refuses a search key revoked on another instance at the next request", async () => {
      const minted = await (await a.request("/api/web/keys", postJson({ name: "shared" }, await owner.auth()))).json();
      const validate = (t: TestApi) => t.request("/api/web/v1/validate", { headers: { authorization: `Bearer ${minted.key}` } });
      expect((await validate(b)).status).toBe(200);
      expect((await a.request(`/api/web/keys/${minted.id}`, { method: "DELETE", headers: await owner.auth() })).status).toBe(200);
      expect((await validate(b)).status).toBe(401);
    });

    it("gives an account one allowance of failed sign-ins across instances", async () => {
      class Wrong extends Error {}
      const attempt = (t: TestApi) =>
        t.deps.signInThrottle
          .attempt(
            { email: "shared@example.test", ip: "198.51.100.4" },
            async () => {
              throw new Wrong();
            },
            (err) => err instanceof Wrong,
            (seconds) => new Error(`wait ${seconds}`),
          )
          .catch((err: Error) => (err instanceof Wrong ? "wrong" : err.message));
      for (let i = 0; i < 6; i++) expect(await attempt(i % 2 ? a : b)).toBe("wrong");
      expect(await attempt(a)).toBe("wait 1");
      expect(await attempt(b)).toBe("wait 1");
    });

    async function serve(t: TestApi) {
      const server = await serveOverHttp(t);
      servers.push(server);
      return server.port;
    }

    /** Puts the shared clock `ms` into a fresh minute. */
    function startMinute(ms: number): number {
      const now = cluster.clock.now();
      const start = now - (now % MINUTE) + MINUTE;
      cluster.clock.set(start + ms);
      return start;
    }

    const searchFrom = (port: number, client: string, key: string) =>
      requestFrom("127.0.0.1", port, {
        method: "POST",
        path: "/api/web/v1/search",
        headers: { authorization: `Bearer ${key}`, "x-forwarded-for": client },
        body: JSON.stringify({ query: "acme" }),
      });

    function expectRateLimited(res: Awaited<ReturnType<typeof searchFrom>>, retryAfter: number) {
      expect(res.status).toBe(429);
      const body = searchErrorBody.parse(res.body);
      expect(body).toMatchObject({ code: "RATE_LIMITED", retry_after: retryAfter });
      expect(res.headers["retry-after"]).toBe(String(retryAfter));
      expect(res.headers["x-ratelimit-remaining"]).toBe("0");
    }

    it("counts one client's searches over every instance in one window: the 61st in the minute is 429", async () => {
      const key = (await (await a.request("/api/web/keys", postJson({ name: "window" }, await owner.auth()))).json()).key as string;
      const ports = [await serve(a), await serve(b)];
      const start = startMinute(20_000);
      for (let i = 1; i <= 60; i++) {
        const res = await searchFrom(ports[i % 2]!, "203.0.113.7", key);
        expect(res.status, JSON.stringify(res.body)).not.toBe(429);
        expect(res.status).toBeLessThan(500);
        expect(res.headers["x-ratelimit-remaining"]).toBe(String(60 - i));
        expect(res.headers["x-ratelimit-reset"]).toBe(String((start + MINUTE) / 1000));
      }
      expectRateLimited(await searchFrom(ports[1]!, "203.0.113.7", key), 40);
      expectRateLimited(await searchFrom(ports[0]!, "203.0.113.7", key), 40);
      // Another client has a window of its own.
      expect((await searchFrom(ports[0]!, "203.0.113.8", key)).headers["x-ratelimit-remaining"]).toBe("59");
    });

    it("refuses to start an instance whose server secret differs from the deployment's", async () => {
      const { databaseUrl, redis } = a.deps.config;
      const config = parseConfig({
        NODE_ENV: "test",
        PUBLIC_URL: "http://bourse.test",
        BOURSE_SECRET: "another-secret-0123456789-0123456789-abcdef",
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis!.url,
        REDIS_PREFIX: redis!.prefix,
      });
      const starting = startServices({ config, log: silentLogger, clock: cluster.clock, database: { kind: "postgres", url: databaseUrl!, maxConnections: 2 } });
      await expect(starting).rejects.toThrow(ServerSecretError);
      await expect(starting).rejects.toThrow(/same BOURSE_SECRET on every instance/);
    });

    it("limits on the instance alone while its Redis is gone, answering no 5xx", async () => {
      const c = await cluster.join();
      const key = (await (await c.request("/api/web/keys", postJson({ name: "outage" }, await owner.auth()))).json()).key as string;
      const port = await serve(c);
      startMinute(30_000);
      // Redis is gone for this instance: every command fails at once.
      c.deps.cluster.redis!.commands.disconnect();
      for (let i = 1; i <= 60; i++) {
        const res = await searchFrom(port, "203.0.113.9", key);
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(429);
        expect(res.headers["x-ratelimit-remaining"]).toBe(String(60 - i));
      }
      expectRateLimited(await searchFrom(port, "203.0.113.9", key), 30);
    });
  },
  { needsPostgres: true },
);
