import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchResponse } from "../../web/contract/search";
import { scrapeResponse } from "../../web/contract/scrape";
import { expectSearchError, startSearchTestbed, type SearchTestbed } from "./testbed";

// POST /v1/search on the embedded index, which holds what the API has scraped: the real scraper
// fetches a fixture site on loopback.
let tb: SearchTestbed;
let key: { id: string; key: string };

beforeAll(async () => {
  tb = await startSearchTestbed();
  key = await tb.mintKey({ plan: "Unicorn", credits: 10_000 });
  // Fill the index: the home page and the three pages it links to (one is missing).
  const crawl = await tb.post("/v1/scrape", key.key, { url: `${tb.site.origin}/`, follow_internal_links: true, max_pages: 4 });
  expect(crawl.status, JSON.stringify(crawl.body)).toBe(200);
});
afterAll(() => tb.close());

// Each test gets a fresh window: the in-process client has one address.
const nextMinute = () => tb.t.clock.advance(60_000);

async function search(body: Record<string, unknown>, k = key.key, headers: Record<string, string> = {}) {
  nextMinute();
  return tb.post("/v1/search", k, body, headers);
}

async function chargeOf(keyId: string, chargeId: string) {
  const entries = (await tb.ledger(keyId)).filter((e) => e.charge_id === chargeId);
  return { reserved: -entries.find((e) => e.kind === "reserve")!.amount, returned: entries.find((e) => e.kind === "settle")!.amount };
}

async function lastCharge(keyId: string) {
  const entries = await tb.ledger(keyId);
  const last = entries.filter((e) => e.kind === "settle").at(-1)!;
  return chargeOf(keyId, last.charge_id!);
}

describe("POST /v1/search", () => {
  it("answers ranked results with snippets holding the matched terms, and the final charge", async () => {
    // Both words, "rockets" in its title too, put the home page first; /about holds "reusable" only.
    const res = await search({ query: "  reusable    rockets " });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = searchResponse.parse(res.body);
    expect(body.query).toBe("reusable rockets");
    expect(body.search_results.length).toBeGreaterThanOrEqual(2);
    expect(body.search_results[0]).toMatchObject({ title: "Acme Rockets", link: `${tb.site.origin}/`, position: 1 });
    expect(body.search_results[0]!.snippet).toMatch(/reusable/i);
    expect(body.search_results.map((r) => r.position)).toEqual(body.search_results.map((_, i) => i + 1));
    expect(body).toMatchObject({ results_count: body.search_results.length, scraped_count: 0, scraped_content: [], credits_used: 2 });
    expect(res.body).not.toHaveProperty("contacts");
    expect(res.body).not.toHaveProperty("social_profiles");
    expect(Number(res.headers.get("x-ratelimit-limit"))).toBe(60);
  });

  it("reserves 2 + 3 × auto_scrape_top: 11 for 3, 8 for 2; charges 3 per scraped page and refunds the rest", async () => {
    const three = searchResponse.parse((await search({ query: "acme", auto_scrape_top: 3 })).body);
    expect(three.results_count).toBeGreaterThanOrEqual(3);
    expect(three).toMatchObject({ scraped_count: 3, credits_used: 11 });
    expect(three.scraped_content.map((p) => p.url)).toEqual(three.search_results.slice(0, 3).map((r) => r.link));
    expect(three.scraped_content[0]).toMatchObject({ error: null, title: expect.any(String), text: expect.any(String), markdown: expect.any(String) });
    expect(await lastCharge(key.id)).toEqual({ reserved: 11, returned: 0 });

    const two = searchResponse.parse((await search({ query: "acme", auto_scrape_top: 2 })).body);
    expect(two).toMatchObject({ scraped_count: 2, credits_used: 8 });
    expect(await lastCharge(key.id)).toEqual({ reserved: 8, returned: 0 });
  });

  it("refunds pages that were never attempted because there were fewer results", async () => {
    const res = searchResponse.parse((await search({ query: "turbopump", auto_scrape_top: 5 })).body);
    expect(res.results_count).toBe(1);
    expect(res).toMatchObject({ scraped_count: 1, credits_used: 5 });
    expect(await lastCharge(key.id)).toEqual({ reserved: 17, returned: 12 });
  });

  it("refunds a page that fails, which appears as a target-level error", async () => {
    tb.site.route("/flaky", {
      body: "<html><head><title>Flaky zeppelin page</title></head><body><p>Zeppelin airships once crossed the Atlantic.</p></body></html>",
    });
    expect((await tb.post("/v1/scrape", key.key, { url: `${tb.site.origin}/flaky` })).status).toBe(200);
    tb.site.route("/flaky", { status: 503, body: "down" });
    const body = searchResponse.parse((await search({ query: "zeppelin", auto_scrape_top: 1 })).body);
    expect(body.scraped_content).toEqual([
      { url: `${tb.site.origin}/flaky`, final_url: `${tb.site.origin}/flaky`, status_code: 503, error: { code: "HTTP_ERROR", message: expect.any(String) } },
    ]);
    expect(body).toMatchObject({ scraped_count: 0, credits_used: 2 });
    expect(await lastCharge(key.id)).toEqual({ reserved: 5, returned: 3 });
  });

  it("reports remaining_credits as the balance after settlement", async () => {
    const before = (await tb.call("/v1/validate", { headers: { authorization: `Bearer ${key.key}` } })).body.credits as number;
    const body = searchResponse.parse((await search({ query: "orbit", auto_scrape_top: 1 })).body);
    expect(body.remaining_credits).toBe(before - body.credits_used);
    expect((await tb.call("/v1/validate", { headers: { authorization: `Bearer ${key.key}` } })).body.credits).toBe(body.remaining_credits);
  });

  it("returns at most max_results", async () => {
    const body = searchResponse.parse((await search({ query: "acme", max_results: 1 })).body);
    expect(body.search_results).toHaveLength(1);
    expect(body.results_count).toBe(1);
  });

  it("finds nothing for a query matching no page, and charges the base", async () => {
    const body = searchResponse.parse((await search({ query: "hovercraft", auto_scrape_top: 2 })).body);
    expect(body).toMatchObject({ search_results: [], results_count: 0, scraped_content: [], scraped_count: 0, credits_used: 2 });
  });
});

describe("plan-gated options", () => {
  it("include_contacts needs Starter; the contacts come from the scraped pages, each once", async () => {
    const free = await tb.mintKey({ plan: "Free" });
    const refused = expectSearchError(await search({ query: "acme", include_contacts: true }, free.key), 403, "FORBIDDEN");
    expect(refused.error).toMatch(/include_contacts needs plan Starter/);
    const starter = await tb.mintKey({ plan: "Starter" });
    const body = searchResponse.parse((await search({ query: "kerosene", include_contacts: true, auto_scrape_top: 1 }, starter.key)).body);
    expect(body.contacts).toEqual([
      { type: "email", value: "sales@acme-rockets.com", source_url: `${tb.site.origin}/` },
      { type: "phone", value: "+14155550123", source_url: `${tb.site.origin}/` },
    ]);
    expect(body).not.toHaveProperty("social_profiles");
  });

  it("include_social needs Builder", async () => {
    const starter = await tb.mintKey({ plan: "Starter" });
    expect(expectSearchError(await search({ query: "acme", include_social: true }, starter.key), 403, "FORBIDDEN").error).toMatch(
      /include_social needs plan Builder/,
    );
    const builder = await tb.mintKey({ plan: "Builder" });
    const body = searchResponse.parse((await search({ query: "kerosene", include_social: true, auto_scrape_top: 1 }, builder.key)).body);
    expect(body.social_profiles).toEqual(
      expect.arrayContaining([expect.objectContaining({ platform: "github", handle: "acme-rockets", source_url: `${tb.site.origin}/` })]),
    );
    expect(body).not.toHaveProperty("contacts");
  });

  it("present but empty when nothing was scraped", async () => {
    const builder = await tb.mintKey({ plan: "Builder" });
    const body = searchResponse.parse((await search({ query: "acme", include_contacts: true, include_social: true }, builder.key)).body);
    expect(body).toMatchObject({ contacts: [], social_profiles: [] });
  });

  it("are refused before anything is reserved", async () => {
    const free = await tb.mintKey({ plan: "Free" });
    await search({ query: "acme", include_social: true, auto_scrape_top: 3 }, free.key);
    expect((await tb.ledger(free.id)).every((e) => e.kind === "grant")).toBe(true);
  });
});

describe("credits", () => {
  it("refuses with 402 INSUFFICIENT_CREDITS when the balance is below the reservation, taking nothing", async () => {
    const poor = await tb.mintKey({ credits: 10 });
    const res = await search({ query: "acme", auto_scrape_top: 3 }, poor.key);
    expect(expectSearchError(res, 402, "INSUFFICIENT_CREDITS").error).toMatch(/reserves 11 credits and the key has 10/);
    expect((await tb.call("/v1/validate", { headers: { authorization: `Bearer ${poor.key}` } })).body.credits).toBe(10);
    const ok = searchResponse.parse((await search({ query: "acme", auto_scrape_top: 2 }, poor.key)).body);
    expect(ok).toMatchObject({ credits_used: 8, remaining_credits: 2 });
  });

  it("keeps the ledger summing to the balance", async () => {
    const entries = await tb.ledger(key.id);
    const balance = (await tb.call("/v1/validate", { headers: { authorization: `Bearer ${key.key}` } })).body.credits;
    expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(balance);
    expect(entries.at(-1)!.balance_after).toBe(balance);
  });
});

describe("Idempotency-Key", () => {
  it("replays the first answer and charges once", async () => {
    const k = await tb.mintKey({ credits: 100 });
    const first = await search({ query: "acme", auto_scrape_top: 1 }, k.key, { "idempotency-key": "retry-1" });
    const second = await search({ auto_scrape_top: 1, query: "acme" }, k.key, { "idempotency-key": "retry-1" });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect((await tb.ledger(k.id)).filter((e) => e.kind === "reserve")).toHaveLength(1);
    expect((await tb.call("/v1/validate", { headers: { authorization: `Bearer ${k.key}` } })).body.credits).toBe(95);
  });

  it("refuses the same key for a different request with 400", async () => {
    const k = await tb.mintKey();
    await search({ query: "acme" }, k.key, { "idempotency-key": "retry-2" });
    const res = await search({ query: "rockets" }, k.key, { "idempotency-key": "retry-2" });
    expect(expectSearchError(res, 400, "BAD_REQUEST").error).toMatch(/different request/);
  });

  it("without it, each request is charged", async () => {
    const k = await tb.mintKey();
    await search({ query: "acme" }, k.key, { "x-request-id": "same-id" });
    await search({ query: "acme" }, k.key, { "x-request-id": "same-id" });
    expect((await tb.call("/v1/validate", { headers: { authorization: `Bearer ${k.key}` } })).body.credits).toBe(96);
  });

  it.each([["x".repeat(256)], ["has space"]])("must be 1 to 255 visible ASCII characters (%#)", async (value) => {
    expectSearchError(await search({ query: "acme" }, key.key, { "idempotency-key": value }), 400, "BAD_REQUEST");
  });
});

describe("validation", () => {
  it.each([
    [{}, /query: must be a string/],
    [{ query: "" }, /query: must not be empty/],
    [{ query: "   " }, /query: must not be empty/],
    [{ query: 42 }, /query: must be a string/],
    [{ query: "x".repeat(1001) }, /query: must be at most 1000 characters/],
    [{ query: "a", max_results: 0 }, /max_results: must be at least 1/],
    [{ query: "a", max_results: 51 }, /max_results: must be at most 50/],
    [{ query: "a", max_results: 2.5 }, /max_results: must be a whole number/],
    [{ query: "a", max_results: "10" }, /max_results: must be a whole number/],
    [{ query: "a", auto_scrape_top: -1 }, /auto_scrape_top: must be at least 0/],
    [{ query: "a", auto_scrape_top: 11 }, /auto_scrape_top: must be at most 10/],
    [{ query: "a", include_contacts: "yes" }, /include_contacts: must be true or false/],
    [{ query: "a", include_social: 1 }, /include_social: must be true or false/],
    [{ query: "a", page: 2 }, /page/],
    [[{ query: "a" }], /body/],
  ])("refuses %j with 400 BAD_REQUEST", async (body, reason) => {
    const res = await search(body as Record<string, unknown>);
    expect(expectSearchError(res, 400, "BAD_REQUEST").error).toMatch(reason);
  });

  it("accepts a query of exactly 1,000 characters", async () => {
    expect((await search({ query: "x".repeat(1000) })).status).toBe(200);
  });

  it.each([["{"], ["query=acme"], ['{"query": "a",}']])("answers 400 INVALID_JSON to %j", async (raw) => {
    nextMinute();
    const res = await tb.call("/v1/search", { method: "POST", headers: { authorization: `Bearer ${key.key}`, "content-type": "application/json" }, body: raw });
    expectSearchError(res, 400, "INVALID_JSON");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("59");
  });
});

describe("authentication", () => {
  it.each([
    ["no Authorization header", {}],
    ["an unknown key", { authorization: "Bearer bourse_sr_live_000000000000000000000000000000000000000" }],
    ["Bearer with a colon", { authorization: `Bearer: ${"bourse_sr_live_000000000000000000000000000000000000000"}` }],
  ])("answers 401 UNAUTHORIZED with rate-limit headers to %s", async (_what, headers) => {
    nextMinute();
    const res = await tb.call("/v1/search", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ query: "acme" }),
    });
    expectSearchError(res, 401, "UNAUTHORIZED");
    expect(res.headers.get("x-ratelimit-limit")).toBe("60");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("59");
  });

  it("refuses an owner token (a session) in place of an API key", async () => {
    nextMinute();
    const res = await tb.call("/v1/search", {
      method: "POST",
      headers: { "content-type": "application/json", ...(await tb.owner.auth()) },
      body: JSON.stringify({ query: "acme" }),
    });
    expectSearchError(res, 401, "UNAUTHORIZED");
  });
});

describe("request ids", () => {
  it("echoes X-Request-ID on success", async () => {
    const res = await search({ query: "acme" }, key.key, { "x-request-id": "trace-123" });
    expect(res.headers.get("x-request-id")).toBe("trace-123");
  });
});

describe("scraped pages feed the index", () => {
  it("finds a page right after it was scraped", async () => {
    tb.site.route("/fresh", {
      body: "<html><head><title>Hydrogen upper stage</title></head><body><main><p>The new upper stage burns liquid hydrogen.</p></main></body></html>",
    });
    expect(searchResponse.parse((await search({ query: "hydrogen" })).body).results_count).toBe(0);
    nextMinute();
    const scraped = scrapeResponse.parse((await tb.post("/v1/scrape", key.key, { url: `${tb.site.origin}/fresh` })).body);
    expect(scraped.success).toBe(true);
    const found = searchResponse.parse((await search({ query: "hydrogen" })).body);
    expect(found.search_results.map((r) => r.link)).toEqual([`${tb.site.origin}/fresh`]);
  });
});
