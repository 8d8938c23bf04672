import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSOLE_CALLER_HEADER, signConsoleCaller } from "../../auth/console-caller";
import { expectSearchError, requestFrom, serveOverHttp, startSearchTestbed, type SearchTestbed } from "./testbed";

// The contract's windows: 60 searches and 10 scrapes a minute per client IP and instance, on every
// answer X-RateLimit-Limit/-Remaining/-Reset, Retry-After and retry_after on 429.
const MINUTE = 60_000;
const BAD_KEY = "bourse_sr_live_000000000000000000000000000000000000000";

describe("windows in one instance (in-process calls: one client address)", () => {
  let tb: SearchTestbed;
  let key: string;

  beforeAll(async () => {
    tb = await startSearchTestbed();
    key = (await tb.mintKey({ credits: 10_000 })).key;
  });
  afterAll(() => tb.close());

  /** Puts the clock `ms` into a fresh minute. */
  function startMinute(ms: number): number {
    const now = tb.t.clock.now();
    const start = now - (now % MINUTE) + MINUTE;
    tb.t.clock.set(start + ms);
    return start;
  }

  const search = (k = key, body: unknown = { query: "acme" }) => tb.post("/v1/search", k, body);
  const scrape = (k = key) => tb.post("/v1/scrape", k, { url: `${tb.site.origin}/about` });
  const limits = (res: { headers: Headers }) => ["limit", "remaining", "reset"].map((h) => res.headers.get(`x-ratelimit-${h}`));

  it("allows 60 searches a minute, counting down on each answer, then 429 until the minute ends", async () => {
    const start = startMinute(15_500);
    const reset = String((start + MINUTE) / 1000);
    for (let i = 1; i <= 60; i++) {
      const res = await search();
      expect(res.status).toBe(200);
      expect(limits(res)).toEqual(["60", String(60 - i), reset]);
      expect(res.headers.get("retry-after")).toBeNull();
    }
    const refused = await search();
    const body = expectSearchError(refused, 429, "RATE_LIMITED");
    expect(body.retry_after).toBe(45);
    expect(refused.headers.get("retry-after")).toBe("45");
    expect(limits(refused)).toEqual(["60", "0", reset]);

    tb.t.clock.set(start + MINUTE - 1);
    expect(expectSearchError(await search(), 429, "RATE_LIMITED").retry_after).toBe(1);
    tb.t.clock.set(start + MINUTE);
    const again = await search();
    expect(again.status).toBe(200);
    expect(limits(again)).toEqual(["60", "59", String((start + 2 * MINUTE) / 1000)]);
  });

  it("refuses rate-limited requests before charging anything", async () => {
    const start = startMinute(0);
    const k = await tb.mintKey({ credits: 10_000 });
    for (let i = 0; i < 60; i++) await search(BAD_KEY);
    expectSearchError(await search(k.key, { query: "acme", auto_scrape_top: 3 }), 429, "RATE_LIMITED");
    expect((await tb.ledger(k.id)).filter((e) => e.kind !== "grant")).toEqual([]);
    tb.t.clock.set(start + MINUTE);
  });

  it("counts refused keys against the window, and marks their 401s with the headers", async () => {
    startMinute(0);
    for (let i = 1; i <= 30; i++) {
      const res = await search(BAD_KEY);
      expectSearchError(res, 401, "UNAUTHORIZED");
      expect(res.headers.get("x-ratelimit-remaining")).toBe(String(60 - i));
    }
    for (let i = 0; i < 29; i++) expect((await search()).status).toBe(200);
    expect((await search()).headers.get("x-ratelimit-remaining")).toBe("0");
    expectSearchError(await search(), 429, "RATE_LIMITED");
  });

  it("counts bodies that are not JSON, and tells a spent window 429 before INVALID_JSON", async () => {
    startMinute(0);
    const raw = () => tb.call("/v1/scrape", { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: "{oops" });
    for (let i = 1; i <= 10; i++) {
      const res = await raw();
      expectSearchError(res, 400, "INVALID_JSON");
      expect(limits(res).slice(0, 2)).toEqual(["10", String(10 - i)]);
    }
    expectSearchError(await raw(), 429, "RATE_LIMITED");
  });

  it("allows 10 scrapes a minute, in a window apart from search's", async () => {
    startMinute(0);
    for (let i = 1; i <= 10; i++) {
      const res = await scrape();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(limits(res).slice(0, 2)).toEqual(["10", String(10 - i)]);
    }
    const refused = await scrape();
    expectSearchError(refused, 429, "RATE_LIMITED");
    expect(refused.headers.get("retry-after")).toBe("60");
    const searchAfter = await search();
    expect(searchAfter.status).toBe(200);
    expect(limits(searchAfter).slice(0, 2)).toEqual(["60", "59"]);
  });

  it("marks every refusal of search and scrape with the headers, and counts it: 400, 402, 403", async () => {
    const start = startMinute(0);
    const reset = String((start + MINUTE) / 1000);
    const poor = await tb.mintKey({ plan: "Free", credits: 3 });
    const refusals: [path: "/v1/search" | "/v1/scrape", body: unknown, status: number, code: string][] = [
      ["/v1/search", { query: " " }, 400, "BAD_REQUEST"],
      ["/v1/search", { query: "acme", auto_scrape_top: 3 }, 402, "INSUFFICIENT_CREDITS"],
      ["/v1/search", { query: "acme", include_social: true }, 403, "FORBIDDEN"],
      ["/v1/scrape", { url: "ftp://example.com/" }, 400, "BAD_REQUEST"],
      ["/v1/scrape", { url: `${tb.site.origin}/about` }, 402, "INSUFFICIENT_CREDITS"],
      ["/v1/scrape", { url: `${tb.site.origin}/about`, follow_internal_links: true }, 403, "FORBIDDEN"],
    ];
    const ledgerBefore = (await tb.ledger(poor.id)).length;
    const taken = { "/v1/search": 0, "/v1/scrape": 0 };
    for (const [path, body, status, code] of refusals) {
      const res = await tb.post(path, poor.key, body);
      expectSearchError(res, status, code);
      taken[path] += 1;
      const limit = path === "/v1/search" ? 60 : 10;
      expect(limits(res)).toEqual([String(limit), String(limit - taken[path]), reset]);
      expect(res.headers.get("retry-after")).toBeNull();
    }
    expect(await tb.ledger(poor.id)).toHaveLength(ledgerBefore);
  });

  it("uses no slot and no credit to validate a key, and reports the windows", async () => {
    startMinute(0);
    const k = await tb.mintKey();
    await search(k.key);
    for (let i = 0; i < 100; i++) expect((await tb.call("/v1/validate", { headers: { authorization: `Bearer ${k.key}` } })).status).toBe(200);
    const v = await tb.call("/v1/validate", { headers: { authorization: `Bearer ${k.key}` } });
    expect(v.headers.get("x-ratelimit-limit")).toBeNull();
    expect(v.body).toMatchObject({ credits: 98, rate_limits: { search: { limit: 60, remaining: 59 }, scrape: { limit: 10, remaining: 10 } } });
    const next = await search(k.key);
    expect(next.headers.get("x-ratelimit-remaining")).toBe("58");
  });

  it("does not limit health", async () => {
    for (let i = 0; i < 70; i++) expect((await tb.call("/health")).status).toBe(200);
  });
});

describe("windows per client IP, behind the real server", () => {
  let tb: SearchTestbed;
  let server: Awaited<ReturnType<typeof serveOverHttp>>;

  beforeAll(async () => {
    // 127.0.0.1 is a proxy we trust; 127.0.0.2 and 127.0.0.3 are clients.
    tb = await startSearchTestbed({ env: { TRUSTED_PROXIES: "127.0.0.1" } });
    server = await serveOverHttp(tb.t);
  });
  afterAll(async () => {
    await server.close();
    await tb.close();
  });

  const scrapeFrom = (source: string, headers: Record<string, string> = {}) =>
    requestFrom(source, server.port, {
      method: "POST",
      path: "/api/web/v1/scrape",
      headers: { authorization: `Bearer ${BAD_KEY}`, ...headers },
      body: JSON.stringify({ url: "https://example.com" }),
    });

  it("counts each client address apart, and believes X-Forwarded-For only from a trusted proxy", async () => {
    for (let i = 0; i < 10; i++) expect((await scrapeFrom("127.0.0.2")).status).toBe(401);
    expect((await scrapeFrom("127.0.0.2")).status).toBe(429);
    // A client cannot pick another window by claiming to forward for someone.
    expect((await scrapeFrom("127.0.0.2", { "x-forwarded-for": "203.0.113.9" })).status).toBe(429);
    const other = await scrapeFrom("127.0.0.3");
    expect(other.status).toBe(401);
    expect(other.headers["x-ratelimit-remaining"]).toBe("9");
    // Through the trusted proxy, each forwarded client has its own window.
    expect((await scrapeFrom("127.0.0.1", { "x-forwarded-for": "203.0.113.9" })).headers["x-ratelimit-remaining"]).toBe("9");
    expect((await scrapeFrom("127.0.0.1", { "x-forwarded-for": "198.51.100.7, 203.0.113.9" })).headers["x-ratelimit-remaining"]).toBe("8");
    expect((await scrapeFrom("127.0.0.1", { "x-forwarded-for": "198.51.100.7" })).headers["x-ratelimit-remaining"]).toBe("9");
  });

  const remaining = async (source: string, headers: Record<string, string>) => (await scrapeFrom(source, headers)).headers["x-ratelimit-remaining"];

  it("counts an IPv6 client by its /64", async () => {
    expect(await remaining("127.0.0.1", { "x-forwarded-for": "2001:db8:1:2::1" })).toBe("9");
    expect(await remaining("127.0.0.1", { "x-forwarded-for": "2001:db8:1:2:ffff:ffff:ffff:fffe" })).toBe("8");
    expect(await remaining("127.0.0.1", { "x-forwarded-for": "2001:db8:1:3::1" })).toBe("9");
  });

  it("counts the dashboard console's calls per owner, by its signed header, and a forged one by address", async () => {
    const signed = (owner: string) => ({ [CONSOLE_CALLER_HEADER]: signConsoleCaller(tb.t.deps.secret, owner, tb.t.clock.now()) });
    expect(await remaining("127.0.0.4", signed("own_a"))).toBe("9");
    expect(await remaining("127.0.0.4", signed("own_a"))).toBe("8");
    expect(await remaining("127.0.0.4", signed("own_b"))).toBe("9");
    const forged = signConsoleCaller("another-secret-of-at-least-32-characters", "own_c", tb.t.clock.now());
    expect(await remaining("127.0.0.4", { [CONSOLE_CALLER_HEADER]: forged })).toBe("9");
    expect(await remaining("127.0.0.4", {})).toBe("8");
    const stale = signed("own_d");
    tb.t.clock.advance(301_000);
    expect(await remaining("127.0.0.5", stale)).toBe("9");
    expect(await remaining("127.0.0.5", {})).toBe("8");
  });
});
