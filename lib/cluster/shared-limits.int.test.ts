import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignInThrottle } from "../auth/sign-in-throttle";
import { manualClock } from "../clock";
import { createRateLimiter } from "../http/rate-limit";
import { rateLimiterBehaviour } from "../http/rate-limit.behaviour";
import { silentLogger } from "../log";
import { describeWithRedis, scratchRedisPrefix, testRedisUrl } from "../testing/redis";
import { connectRedis, type RedisLink } from "./redis";
import { sharedFailureStore } from "./shared-sign-in-failures";
import { redisWindowCounter, sharedWindowCounter } from "./shared-windows";

let link: RedisLink;
beforeAll(async () => {
  if (testRedisUrl) link = await connectRedis({ url: testRedisUrl, prefix: scratchRedisPrefix(), log: silentLogger });
});
afterAll(() => link?.close());

/** A view of the link under a prefix of its own: a deployment nobody else counts in. */
const freshDeployment = (): RedisLink => {
  const prefix = scratchRedisPrefix();
  return { ...link, prefix, key: (k) => prefix + k };
};

/** A link whose Redis has gone away: every command fails at once. */
async function deadLink(): Promise<RedisLink> {
  const dead = await connectRedis({ url: testRedisUrl!, prefix: scratchRedisPrefix(), log: silentLogger });
  await dead.close();
  return dead;
}

describeWithRedis("rate-limit windows counted in Redis", () => {
  describe("answer as the memory counter does", () => {
    rateLimiterBehaviour(() => redisWindowCounter(freshDeployment()));
  });

  it("count one window for every instance of the deployment", async () => {
    const clock = manualClock(Date.UTC(2026, 0, 1));
    const redis = freshDeployment();
    const rules = { search: { limit: 5, windowMs: 60_000 } };
    const [a, b] = [
      createRateLimiter(clock, rules, sharedWindowCounter(redis, silentLogger)),
      createRateLimiter(clock, rules, sharedWindowCounter(redis, silentLogger)),
    ];
    for (let i = 0; i < 5; i++) expect((await (i % 2 ? a : b).take("search", "ip")).allowed).toBe(true);
    expect(await a.take("search", "ip")).toMatchObject({ allowed: false, remaining: 0 });
    expect(await b.peek("search", "ip")).toMatchObject({ allowed: false, remaining: 0 });
  });

  it("count in this instance's memory while Redis fails: still limited", async () => {
    const clock = manualClock(Date.UTC(2026, 0, 1));
    const rl = createRateLimiter(clock, { search: { limit: 2, windowMs: 60_000 } }, sharedWindowCounter(await deadLink(), silentLogger));
    expect((await rl.take("search", "ip")).remaining).toBe(1);
    expect((await rl.take("search", "ip")).remaining).toBe(0);
    expect((await rl.take("search", "ip")).allowed).toBe(false);
  });
});

describeWithRedis("sign-in failures kept in Redis", () => {
  class Wrong extends Error {}
  const attempt = (throttle: ReturnType<typeof createSignInThrottle>, email: string) =>
    throttle
      .attempt(
        { email, ip: "198.51.100.1" },
        async () => {
          throw new Wrong();
        },
        (err) => err instanceof Wrong,
        (seconds) => new Error(`wait ${seconds}`),
      )
      .catch((err: Error) => (err instanceof Wrong ? "wrong" : err.message));

  it("are one allowance across instances", async () => {
    const clock = manualClock(Date.UTC(2026, 0, 1));
    const redis = freshDeployment();
    const [a, b] = [createSignInThrottle(clock, sharedFailureStore(redis, silentLogger)), createSignInThrottle(clock, sharedFailureStore(redis, silentLogger))];
    for (let i = 0; i < 6; i++) expect(await attempt(i % 2 ? a : b, "a@example.test")).toBe("wrong");
    expect(await attempt(a, "a@example.test")).toBe("wait 1");
    expect(await attempt(b, "a@example.test")).toBe("wait 1");
    clock.advance(24 * 3600_000 + 1);
    expect(await attempt(b, "a@example.test")).toBe("wrong");
  });

  it("are kept per instance while Redis fails", async () => {
    const clock = manualClock(Date.UTC(2026, 0, 1));
    const throttle = createSignInThrottle(clock, sharedFailureStore(await deadLink(), silentLogger));
    for (let i = 0; i < 6; i++) expect(await attempt(throttle, "b@example.test")).toBe("wrong");
    expect(await attempt(throttle, "b@example.test")).toBe("wait 1");
  });
});
