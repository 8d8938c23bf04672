import { describe, expect, it } from "vitest";
import { manualClock } from "../clock";
import { createSignInThrottle } from "./sign-in-throttle";

class Wrong extends Error {}
class Throttled extends Error {
  constructor(readonly seconds: number) {
    super(`wait ${seconds}`);
  }
}

function setup() {
  const clock = manualClock();
  const throttle = createSignInThrottle(clock);
  let runs = 0;
  const attempt = (email: string, ip: string | undefined, ok = false) =>
    throttle.attempt(
      { email, ip },
      async () => {
        runs++;
        if (!ok) throw new Wrong();
        return "own_1";
      },
      (err) => err instanceof Wrong,
      (seconds) => new Throttled(seconds),
    );
  const outcome = (p: Promise<string>) =>
    p.then(
      () => "ok",
      (err: unknown) => (err instanceof Throttled ? `wait ${err.seconds}` : "wrong"),
    );
  return { clock, attempt: (email: string, ip?: string, ok?: boolean) => outcome(attempt(email, ip, ok)), runs: () => runs };
}

describe("sign-in throttle", () => {
  it("lets an account fail five times, then makes it wait twice as long after each failure, without running scrypt", async () => {
    const s = setup();
    for (let i = 0; i < 5; i++) expect(await s.attempt("a@example.test", "198.51.100.1")).toBe("wrong");
    expect(await s.attempt("A@Example.test ", "198.51.100.2")).toBe("wrong");
    const runs = s.runs();
    expect(await s.attempt("a@example.test", "198.51.100.3", true)).toBe("wait 1");
    expect(s.runs()).toBe(runs);
    s.clock.advance(1000);
    expect(await s.attempt("a@example.test", "198.51.100.3")).toBe("wrong");
    expect(await s.attempt("a@example.test", "198.51.100.3")).toBe("wait 2");
    s.clock.advance(2000);
    expect(await s.attempt("a@example.test", "198.51.100.3", true)).toBe("ok");
    expect(await s.attempt("a@example.test", "198.51.100.3")).toBe("wrong");
  });

  it("limits an address across accounts, an IPv6 one by its /64", async () => {
    const s = setup();
    for (let i = 0; i < 21; i++) expect(await s.attempt(`u${i}@example.test`, `2001:db8:0:1::${i + 1}`)).toBe("wrong");
    expect(await s.attempt("fresh@example.test", "2001:db8:0:1::ffff", true)).toBe("wait 1");
    expect(await s.attempt("fresh@example.test", "2001:db8:0:2::1", true)).toBe("ok");
  });

  it("caps the wait at fifteen minutes and forgets after a quiet day", async () => {
    const s = setup();
    for (let i = 0; i < 30; i++) {
      await s.attempt("b@example.test");
      s.clock.advance(15 * 60_000);
    }
    await s.attempt("b@example.test");
    expect(await s.attempt("b@example.test")).toBe("wait 900");
    s.clock.advance(24 * 3600_000 + 1);
    expect(await s.attempt("b@example.test")).toBe("wrong");
  });
});
