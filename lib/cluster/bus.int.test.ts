import { afterEach, expect, it } from "vitest";
import { silentLogger } from "../log";
import { describeWithRedis, killRedisConnections, scratchRedisPrefix, testRedisUrl } from "../testing/redis";
import { EVERY_SUBJECT, redisBus } from "./bus";
import { connectRedis, type RedisLink } from "./redis";

const links: RedisLink[] = [];
afterEach(async () => {
  await Promise.all(links.splice(0).map((l) => l.close()));
});

async function link(prefix: string, name?: string): Promise<RedisLink> {
  const l = await connectRedis({ url: testRedisUrl!, prefix, log: silentLogger, name });
  links.push(l);
  return l;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

describeWithRedis("the cluster bus over Redis", () => {
  it("delivers a change to every instance once, its own at once", async () => {
    const prefix = scratchRedisPrefix();
    const [a, b] = [await redisBus(await link(prefix), silentLogger), await redisBus(await link(prefix), silentLogger)];
    const heardA: string[] = [];
    const heardB: string[] = [];
    a.on("key.revoked", (s) => heardA.push(s));
    b.on("key.revoked", (s) => heardB.push(s));
    await a.publish("key.revoked", "ak_1");
    expect(heardA).toEqual(["ak_1"]);
    await until(() => heardB.length > 0);
    await new Promise((r) => setTimeout(r, 30));
    expect(heardB).toEqual(["ak_1"]);
    expect(heardA).toEqual(["ak_1"]);
  });

  it("keeps deployments with different prefixes apart", async () => {
    const a = await redisBus(await link(scratchRedisPrefix()), silentLogger);
    const b = await redisBus(await link(scratchRedisPrefix()), silentLogger);
    const heard: string[] = [];
    b.on("t", (s) => heard.push(s));
    await a.publish("t", "x");
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual([]);
  });

  it("tells listeners to forget everything when the subscription comes back after a loss", async () => {
    const name = `bus-test-${Math.random().toString(36).slice(2)}`;
    const l = await link(scratchRedisPrefix(), name);
    const bus = await redisBus(l, silentLogger);
    const heard: string[] = [];
    bus.on("t", (s) => heard.push(s));
    // Drop this client's connections from the server side, as a Redis restart would.
    expect(await killRedisConnections(testRedisUrl!, `${name}-subscriber`)).toBe(1);
    await until(() => heard.includes(EVERY_SUBJECT));
    expect(heard).toContain(EVERY_SUBJECT);
  });
});
