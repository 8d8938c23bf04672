import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/api";
import type { ScrapedPage } from "../types";
import { createIndexProvider, indexPage } from "./page-index";
import type { SearchProvider } from "./provider";

let t: TestApi;
let index: SearchProvider;
const page = (over: Partial<ScrapedPage> & { url: string }): ScrapedPage => ({ title: "", text: "", ...over });

beforeAll(async () => {
  t = await createTestApi();
  index = createIndexProvider(t.deps.database.db);
  const ctx = { db: t.deps.database.db, clock: t.clock };
  await indexPage(ctx, page({ url: "https://a.test/rockets", title: "Rocket engines", text: "How liquid rocket engines burn kerosene and oxygen. Staging explained." }));
  await indexPage(ctx, page({ url: "https://b.test/history", title: "Space history", text: "The first rocket flights used solid fuel. ".repeat(5) + "Engines improved later." }));
  await indexPage(ctx, page({ url: "https://c.test/cooking", title: "Cooking pasta", text: "Boil water, add salt, cook the pasta for nine minutes.", metadata: { publishedAt: "2025-02-03T00:00:00.000Z", openGraph: {}, twitter: {}, jsonLd: [] } }));
  await indexPage(ctx, page({ url: "https://d.test/running", title: "Trail running", text: "She runs every morning; running uphill builds strength." }));
});
afterAll(() => t.close());

const urls = (hits: { url: string }[]) => hits.map((h) => h.url);

describe("the embedded index", () => {
  it("ranks a match in the title above matches in the body only", async () => {
    const hits = await index.search("rocket engines", { maxResults: 10 });
    expect(urls(hits)).toEqual(["https://a.test/rockets", "https://b.test/history"]);
  });

  it("gives snippets holding the matched terms, and the publication date when known", async () => {
    const [rockets] = await index.search("kerosene", { maxResults: 10 });
    expect(rockets).toMatchObject({ url: "https://a.test/rockets", title: "Rocket engines" });
    expect(rockets!.snippet).toMatch(/kerosene/);
    expect(rockets).not.toHaveProperty("date");
    const [pasta] = await index.search("pasta", { maxResults: 10 });
    expect(pasta).toMatchObject({ date: "2025-02-03T00:00:00.000Z" });
    expect(pasta!.snippet).toMatch(/pasta/);
  });

  it("matches word forms (English stemming) and understands phrases and exclusions", async () => {
    expect(urls(await index.search("run", { maxResults: 10 }))).toEqual(["https://d.test/running"]);
    expect(urls(await index.search('"solid fuel"', { maxResults: 10 }))).toEqual(["https://b.test/history"]);
    expect(urls(await index.search("rocket -kerosene", { maxResults: 10 }))).toEqual(["https://b.test/history"]);
    expect(urls(await index.search("pasta or staging", { maxResults: 10 })).sort()).toEqual(["https://a.test/rockets", "https://c.test/cooking"]);
  });

  it("answers nothing for stop words only or no match, and at most max results", async () => {
    expect(await index.search("the and of", { maxResults: 10 })).toEqual([]);
    expect(await index.search("zeppelin", { maxResults: 10 })).toEqual([]);
    expect(await index.search("rocket", { maxResults: 1 })).toHaveLength(1);
  });

  it("keeps the latest version of a page and never indexes a failed one", async () => {
    const ctx = { db: t.deps.database.db, clock: t.clock };
    expect(await indexPage(ctx, page({ url: "https://e.test/", title: "Zeppelin", error: { code: "HTTP_ERROR", message: "404" } }))).toBe(false);
    expect(await index.search("zeppelin", { maxResults: 10 })).toEqual([]);
    await indexPage(ctx, page({ url: "https://c.test/cooking", title: "Cooking risotto", text: "Stir the rice slowly." }));
    expect(await index.search("pasta", { maxResults: 10 })).toEqual([]);
    expect(urls(await index.search("risotto", { maxResults: 10 }))).toEqual(["https://c.test/cooking"]);
  });
});
