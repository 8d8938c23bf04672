import { describe, expect, it } from "vitest";
import { manualClock } from "../clock";
import { createRateLimiter, rateLimitHeaders } from "./rate-limit";

const MINUTE = 60_000;
const start = Date.UTC(2026, 0, 1, 12, 0, 0);

function limiter() {
  const clock = manualClock(start);
  return { clock, rl: createRateLimiter(clock, { search: { limit: 3, windowMs: MINUTE }, scrape: { limit: 1, windowMs: MINUTE } }) };
}

describe("fixed windows per client", () => {
  it("allows the limit, refuses the next without counting it, and opens again on the minute", () => {
    const { clock, rl } = limiter();
    clock.advance(15_500);
    expect([1, 2, 3].map(() => rl.take("search", "a").remaining)).toEqual([2, 1, 0]);
    const refused = rl.take("search", "a");
    expect(refused).toEqual({ allowed: false, limit: 3, remaining: 0, resetAtMs: start + MINUTE, retryAfterSeconds: 45 });
    clock.advance(44_499);
    expect(rl.take("search", "a").retryAfterSeconds).toBe(1);
    clock.advance(1);
    expect(rl.take("search", "a")).toMatchObject({ allowed: true, remaining: 2, resetAtMs: start + 2 * MINUTE });
  });

  it("counts clients and rules apart", () => {
    const { rl } = limiter();
    expect(rl.take("scrape", "a").allowed).toBe(true);
    expect(rl.take("scrape", "a").allowed).toBe(false);
    expect(rl.take("scrape", "b").allowed).toBe(true);
    expect(rl.take("search", "a").remaining).toBe(2);
  });

  it("peeks without counting", () => {
    const { rl } = limiter();
    rl.take("scrape", "a");
    expect(rl.peek("scrape", "a")).toMatchObject({ allowed: false, remaining: 0 });
    expect(rl.peek("search", "a")).toMatchObject({ allowed: true, remaining: 3 });
    expect(rl.peek("search", "a").remaining).toBe(3);
  });
});

describe("rateLimitHeaders", () => {
  it("gives the reset in Unix seconds and Retry-After only when refused", () => {
    const { clock, rl } = limiter();
    clock.advance(59_001);
    expect(rateLimitHeaders(rl.take("scrape", "a"))).toEqual({
      "X-RateLimit-Limit": "1",
      "X-RateLimit-Remaining": "0",
      "X-RateLimit-Reset": String((start + MINUTE) / 1000),
    });
    expect(rateLimitHeaders(rl.take("scrape", "a"))).toMatchObject({ "Retry-After": "1", "X-RateLimit-Remaining": "0" });
  });
});
