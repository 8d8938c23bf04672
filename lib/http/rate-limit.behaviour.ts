// What every rate limiter must answer, whichever counter holds its windows: run by the memory
// counter's unit test and by the Redis counter's integration test.
import { expect, it } from "vitest";
import { manualClock } from "../clock";
import { createRateLimiter, rateLimitHeaders, type WindowCounter } from "./rate-limit";

const MINUTE = 60_000;
const start = Date.UTC(2026, 0, 1, 12, 0, 0);

export function rateLimiterBehaviour(newCounter: () => WindowCounter): void {
  function limiter() {
    const clock = manualClock(start);
    return { clock, rl: createRateLimiter(clock, { search: { limit: 3, windowMs: MINUTE }, scrape: { limit: 1, windowMs: MINUTE } }, newCounter()) };
  }

  it("allows the limit, refuses the next without counting it, and opens again on the minute", async () => {
    const { clock, rl } = limiter();
    clock.advance(15_500);
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) remaining.push((await rl.take("search", "a")).remaining);
    expect(remaining).toEqual([2, 1, 0]);
    const refused = await rl.take("search", "a");
    expect(refused).toEqual({ allowed: false, limit: 3, remaining: 0, resetAtMs: start + MINUTE, retryAfterSeconds: 45 });
    clock.advance(44_499);
    expect((await rl.take("search", "a")).retryAfterSeconds).toBe(1);
    clock.advance(1);
    expect(await rl.take("search", "a")).toMatchObject({ allowed: true, remaining: 2, resetAtMs: start + 2 * MINUTE });
  });

  it("counts clients and rules apart", async () => {
    const { rl } = limiter();
    expect((await rl.take("scrape", "a")).allowed).toBe(true);
    expect((await rl.take("scrape", "a")).allowed).toBe(false);
    expect((await rl.take("scrape", "b")).allowed).toBe(true);
    expect((await rl.take("search", "a")).remaining).toBe(2);
  });

  it("peeks without counting", async () => {
    const { rl } = limiter();
    await rl.take("scrape", "a");
    expect(await rl.peek("scrape", "a")).toMatchObject({ allowed: false, remaining: 0 });
    expect(await rl.peek("search", "a")).toMatchObject({ allowed: true, remaining: 3 });
    expect((await rl.peek("search", "a")).remaining).toBe(3);
  });

  it("gives the reset in Unix seconds and Retry-After only when refused", async () => {
    const { clock, rl } = limiter();
    clock.advance(59_001);
    expect(rateLimitHeaders(await rl.take("scrape", "a"))).toEqual({
      "X-RateLimit-Limit": "1",
      "X-RateLimit-Remaining": "0",
      "X-RateLimit-Reset": String((start + MINUTE) / 1000),
    });
    expect(rateLimitHeaders(await rl.take("scrape", "a"))).toMatchObject({ "Retry-After": "1", "X-RateLimit-Remaining": "0" });
  });

  it("never lets more than the limit through when requests race", async () => {
    const { rl } = limiter();
    const decisions = await Promise.all(Array.from({ length: 20 }, () => rl.take("search", "racer")));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
  });
}
