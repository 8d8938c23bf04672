import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../../config";
import { createTestApi } from "../../testing/api";
import { recording, startRecordedProvider, type RecordedProvider } from "../../web/search/testing/recorded-provider";
import { searchResponse } from "../../web/contract/search";
import { expectSearchError, startSearchTestbed, type SearchTestbed } from "./testbed";

// SEARCH_PROVIDER=searxng: results come from a SearXNG stand-in on loopback answering with a recorded
// response whose first results point at the fixture site, which auto_scrape_top then scrapes for real.
let tb: SearchTestbed;
let searxng: RecordedProvider;
let key: { id: string; key: string };

function resultsPointingAt(origin: string) {
  const page = recording("searxng-page1") as { results: { url: string }[] };
  const paths = ["/", "/about", "/missing"];
  return { ...page, results: page.results.map((r, i) => (i < paths.length ? { ...r, url: `${origin}${paths[i]}` } : r)) };
}

beforeAll(async () => {
  searxng = await startRecordedProvider(() => ({ body: recording("searxng-page3") }));
  tb = await startSearchTestbed({ env: { SEARCH_PROVIDER: "searxng", SEARXNG_URL: searxng.origin } });
  searxng.answer(({ query }) => ({ body: query.get("pageno") === "1" ? resultsPointingAt(tb.site.origin) : recording("searxng-page3") }));
  key = await tb.mintKey({ credits: 1000 });
});
afterAll(async () => {
  await tb.close();
  await searxng.close();
});

describe("search through SearXNG", () => {
  it("returns the provider's results and scrapes the top ones concurrently, refunding the failed page", async () => {
    const res = await tb.post("/v1/search", key.key, { query: "perpetual futures funding", max_results: 8, auto_scrape_top: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = searchResponse.parse(res.body);
    expect(searxng.requests.at(-1)!.query.get("q")).toBe("perpetual futures funding");
    expect(body.search_results).toHaveLength(8);
    expect(body.search_results[0]).toMatchObject({
      link: `${tb.site.origin}/`,
      title: "Perpetual futures explained: funding rates and mark price",
      position: 1,
      date: "2025-01-10T00:00:00.000Z",
    });
    expect(body.scraped_content.map((p) => [p.url, p.error?.code ?? null])).toEqual([
      [`${tb.site.origin}/`, null],
      [`${tb.site.origin}/about`, null],
      [`${tb.site.origin}/missing`, "HTTP_ERROR"],
    ]);
    expect(body).toMatchObject({ scraped_count: 2, credits_used: 8, remaining_credits: 992 });
  });

  it("answers 502 INTERNAL_ERROR and charges nothing when the provider fails", async () => {
    tb.t.clock.advance(60_000);
    searxng.answer(() => ({ status: 500, body: { error: "all engines failed" } }));
    const res = await tb.post("/v1/search", key.key, { query: "anything", auto_scrape_top: 2 });
    const error = expectSearchError(res, 502, "INTERNAL_ERROR");
    expect(error.error).not.toContain(searxng.origin);
    expect((await tb.call("/v1/validate", { headers: { authorization: `Bearer ${key.key}` } })).body.credits).toBe(992);
    const ledger = await tb.ledger(key.id);
    expect(ledger.at(-1)).toMatchObject({ kind: "settle", amount: 8, detail: { charged: 0, reason: "the request failed" } });
  });
});

describe("provider settings", () => {
  it.each([
    [{ SEARCH_PROVIDER: "searxng" }, /SEARXNG_URL: required/],
    [{ SEARCH_PROVIDER: "brave" }, /BRAVE_SEARCH_API_KEY: required/],
  ])("stop the start when incomplete: %j", async (env, reason) => {
    const attempt = createTestApi(env);
    await expect(attempt).rejects.toThrow(ConfigError);
    await expect(createTestApi(env)).rejects.toThrow(reason);
  });
});
