import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchProviderError } from "./provider";
import { createSearxngProvider } from "./searxng";
import { recording, startRecordedProvider, type RecordedProvider } from "./testing/recorded-provider";

let fake: RecordedProvider;
const pages = { "1": recording("searxng-page1"), "2": recording("searxng-page2") } as Record<string, unknown>;

beforeAll(async () => {
  fake = await startRecordedProvider(({ query }) => ({ body: pages[query.get("pageno") ?? ""] ?? recording("searxng-page3") }));
});
afterAll(() => fake.close());

const provider = () => createSearxngProvider(`${fake.origin}/`);

describe("the SearXNG adapter", () => {
  it("asks GET /search with format=json and maps results to plain-text hits", async () => {
    fake.requests.length = 0;
    const hits = await provider().search("perpetual futures funding", { maxResults: 5 });
    expect(fake.requests.map((r) => [r.path, r.query.get("q"), r.query.get("format"), r.query.get("pageno")])).toEqual([
      ["/search", "perpetual futures funding", "json", "1"],
    ]);
    expect(hits).toHaveLength(5);
    expect(hits[0]).toEqual({
      title: "Perpetual futures explained: funding rates and mark price",
      url: "https://exchange-academy.example/perpetual-futures",
      snippet: "A perpetual future never expires; the funding rate keeps its price near the index. Longs pay shorts when the contract trades above spot.",
      date: "2025-01-10T00:00:00.000Z",
    });
    expect(hits[1]).not.toHaveProperty("date");
    expect(hits[3]!.snippet).toContain("rank & leverage");
  });

  it("reads further pages until it has enough, without repeating a URL", async () => {
    fake.requests.length = 0;
    const hits = await provider().search("perpetual futures funding", { maxResults: 12 });
    expect(fake.requests.map((r) => r.query.get("pageno"))).toEqual(["1", "2"]);
    expect(hits).toHaveLength(12);
    expect(new Set(hits.map((h) => h.url)).size).toBe(12);
    expect(hits.at(-1)!.url).toBe("https://exchange-academy.example/glossary");
  });

  it("stops at the first empty page", async () => {
    fake.requests.length = 0;
    const hits = await provider().search("perpetual futures funding", { maxResults: 50 });
    expect(fake.requests.map((r) => r.query.get("pageno"))).toEqual(["1", "2", "3"]);
    expect(hits).toHaveLength(12);
  });

  it.each([
    ["an error status", { status: 500, body: { error: "engine failure" } }, /answered 500/],
    ["a body that is not JSON", { status: 200, raw: "<html>format not allowed</html>" }, /not JSON/],
    ["an unexpected shape", { status: 200, body: { hits: [] } }, /unexpected shape/],
  ])("fails with SearchProviderError on %s", async (_what, answer, reason) => {
    fake.answer(() => answer);
    try {
      const attempt = provider().search("q", { maxResults: 3 });
      await expect(attempt).rejects.toThrow(SearchProviderError);
      await expect(provider().search("q", { maxResults: 3 })).rejects.toThrow(reason);
    } finally {
      fake.answer(({ query }) => ({ body: pages[query.get("pageno") ?? ""] ?? recording("searxng-page3") }));
    }
  });

  it("fails with SearchProviderError when nothing answers", async () => {
    const gone = await startRecordedProvider(() => ({ body: {} }));
    await gone.close();
    await expect(createSearxngProvider(gone.origin).search("q", { maxResults: 3 })).rejects.toThrow(/could not reach/);
  });
});
