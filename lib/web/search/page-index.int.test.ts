import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../clock";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { createTestApi, type TestApi } from "../../testing/api";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { eq } from "drizzle-orm";
import { silentLogger } from "../../log";
import type { ScrapedPage, Scraper } from "../types";
import { rankPages } from "./bm25";
import { createIndexProvider, indexPage } from "./page-index";
import type { SearchProvider } from "./provider";
import { splitQuery } from "./query-syntax";
import { webPages } from "./schema";
import { runWebScrape } from "./web-scrape";

let t: TestApi;
let index: SearchProvider;
const page = (over: Partial<ScrapedPage> & { url: string }): ScrapedPage => ({ title: "", text: "", ...over });

beforeAll(async () => {
  t = await createTestApi();
  index = createIndexProvider(t.deps.database.db);
  const ctx = { db: t.deps.database.db, clock: t.clock };
  await indexPage(
    ctx,
    page({ url: "https://a.test/rockets", title: "Rocket engines", text: "How liquid rocket engines burn kerosene and oxygen. Staging explained." }),
  );
  await indexPage(
    ctx,
    page({ url: "https://b.test/history", title: "Space history", text: `${"The first rocket flights used solid fuel. ".repeat(5)}Engines improved later.` }),
  );
  await indexPage(
    ctx,
    page({
      url: "https://c.test/cooking",
      title: "Cooking pasta",
      text: "Boil water, add salt, cook the pasta for nine minutes.",
      metadata: { publishedAt: "2025-02-03T00:00:00.000Z", openGraph: {}, twitter: {}, jsonLd: [] },
    }),
  );
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

describe("Chinese, Japanese, Korean and Thai pages, whose words no space divides", () => {
  beforeAll(async () => {
    const ctx = { db: t.deps.database.db, clock: t.clock };
    await indexPage(ctx, page({ url: "https://ja.test/tokyo", title: "東京の天気", text: "東京都は日本の首都です。明日の東京は晴れ。" }));
    await indexPage(ctx, page({ url: "https://zh.test/osaka", title: "大阪旅游", text: "大阪是日本第二大城市,美食很多。" }));
    await indexPage(ctx, page({ url: "https://ko.test/seoul", title: "서울 날씨", text: "한국어는 배우기 어렵지만 재미있다." }));
    await indexPage(ctx, page({ url: "https://th.test/bangkok", title: "กรุงเทพ", text: "ภาษาไทยเป็นภาษาราชการของประเทศไทย" }));
  });

  it("finds a word inside a run of characters", async () => {
    expect(urls(await index.search("東京", { maxResults: 10 }))).toEqual(["https://ja.test/tokyo"]);
    expect(urls(await index.search("首都", { maxResults: 10 }))).toEqual(["https://ja.test/tokyo"]);
    expect(urls(await index.search("日本", { maxResults: 10 })).sort()).toEqual(["https://ja.test/tokyo", "https://zh.test/osaka"]);
    expect(urls(await index.search("美食", { maxResults: 10 }))).toEqual(["https://zh.test/osaka"]);
    expect(urls(await index.search("한국어", { maxResults: 10 }))).toEqual(["https://ko.test/seoul"]);
    expect(urls(await index.search("ภาษาไทย", { maxResults: 10 }))).toEqual(["https://th.test/bangkok"]);
    expect(urls(await index.search("ประเทศ", { maxResults: 10 }))).toEqual(["https://th.test/bangkok"]);
  });

  it("requires a quoted run as one phrase and excludes a run whole", async () => {
    expect(urls(await index.search('"日本の首都"', { maxResults: 10 }))).toEqual(["https://ja.test/tokyo"]);
    expect(await index.search('"日本の大阪"', { maxResults: 10 })).toEqual([]);
    expect(urls(await index.search("日本 -東京都", { maxResults: 10 }))).toEqual(["https://zh.test/osaka"]);
    // Excluding 東京都 is not excluding every page holding 東京 or 京都 alone.
    expect(urls(await index.search("日本 -京都府", { maxResults: 10 })).sort()).toEqual(["https://ja.test/tokyo", "https://zh.test/osaka"]);
  });
});

describe("what the shared index keeps", () => {
  it("never indexes a page asked for with credentials in its URL, and strips those a redirect added", async () => {
    const ctx = { db: t.deps.database.db, clock: t.clock };
    for (const url of ["https://owner:pw@f.test/quarterly", "https://f.test/quarterly?access_token=abc", "https://f.test/quarterly;jsessionid=A1?x=1"])
      expect(await indexPage(ctx, page({ url, title: "Quarterly figures", text: "Confidential quarterly figures." }))).toBe(false);
    expect(await index.search("quarterly", { maxResults: 10 })).toEqual([]);

    const landed = "https://user:pw@g.test/brochure;jsessionid=A1?lang=en&sid=42&X-Amz-Signature=ff";
    expect(await indexPage(ctx, page({ url: "https://g.test/brochure?lang=en", finalUrl: landed, title: "Brochure", text: "Hovercraft brochure." }))).toBe(
      true,
    );
    const [stored] = await t.deps.database.db.select().from(webPages).where(eq(webPages.url, "https://g.test/brochure?lang=en"));
    expect(stored?.finalUrl).toBe("https://g.test/brochure?lang=en");
  });

  it("indexes nothing of a crawl that started from a URL with credentials", async () => {
    const found = (url: string, title: string): ScrapedPage => ({ url, finalUrl: url, statusCode: 200, title, text: `${title} zeppelin hangar plans` });
    const scraper: Scraper = {
      scrape: async () => found("https://h.test/?key=k", "Hangar"),
      crawl: async () => ({ primary: found("https://h.test/?key=k", "Hangar"), discovered: [found("https://h.test/plans", "Plans")] }),
    };
    const services = { db: t.deps.database.db, clock: t.clock, log: silentLogger, scraper, provider: index };
    const params = { url: "https://h.test/?key=k", extract: ["text" as const], maxPages: 1, includeContacts: false };
    await runWebScrape(services, { ...params, followInternalLinks: true });
    await runWebScrape(services, { ...params, followInternalLinks: false });
    expect(await index.search("zeppelin hangar", { maxResults: 10 })).toEqual([]);
  });
});

// A worked example on a corpus of its own (a fresh database), with BM25 computed by hand.
// Body text only, except P5 and P6; every word below is its own lexeme and no stop word.
//
//   P1 "copper zinc"                    dl 2
//   P2 "copper iron"                    dl 2
//   P3 "copper iron silver gold"        dl 4
//   P4 "cobalt silver"                  dl 2
//   P5 title "Tin",  body "gold"        dl 3·1 + 1 = 4 (a title token weighs 3)
//   P6 title "Gold", body "tin"         dl 3·1 + 1 = 4
//
// N = 6, avgdl = 18 / 6 = 3. k1 = 1.2, b = 0.75, so k1·(1 − b + b·dl/avgdl) = 0.3·(1 + dl):
// 0.9 for dl 2, 1.5 for dl 4. sat(tf, dl) = tf·2.2 / (tf + 0.3·(1 + dl)):
//   sat(1, 2) = 2.2/1.9 = 1.157895   sat(1, 4) = 2.2/2.5 = 0.88   sat(3, 4) = 6.6/4.5 = 1.466667
// idf(df) = ln(1 + (6 − df + 0.5)/(df + 0.5)):
//   df 1 (cobalt, zinc) = ln(4.6667) = 1.540445
//   df 2 (iron, silver, tin) = ln(2.8) = 1.029619
//   df 3 (copper, gold) = ln 2 = 0.693147
describe("BM25 over the embedded index, a worked example", () => {
  let made: TestDatabase;
  let handle: DatabaseHandle;
  let bm25: SearchProvider;
  const pageUrl = (n: number) => `https://p${n}.test/`;
  const score = async (query: string) => Object.fromEntries((await rankPages(handle.db, splitQuery(query), 10)).map((r) => [r.url, r.score]));
  const order = async (query: string) => urls(await bm25.search(query, { maxResults: 10 }));

  beforeAll(async () => {
    made = await createTestDatabase();
    handle = await openDatabase(made.target);
    await migrateDatabase(handle);
    bm25 = createIndexProvider(handle.db);
    const ctx = { db: handle.db, clock: manualClock() };
    const corpus: [string, string][] = [
      ["", "copper zinc"],
      ["", "copper iron"],
      ["", "copper iron silver gold"],
      ["", "cobalt silver"],
      ["Tin", "gold"],
      ["Gold", "tin"],
    ];
    for (const [i, [title, text]] of corpus.entries()) await indexPage(ctx, page({ url: pageUrl(i + 1), title, text }));
  });
  afterAll(async () => {
    await handle.close();
    await made.drop();
  });

  it("ranks a rare term above a common one, and a short page above a long one with the same tf", async () => {
    // cobalt copper: P4 1.540445·1.157895 = 1.783673; P1, P2 0.693147·1.157895 = 0.802591 (tie: by URL);
    // P3 0.693147·0.88 = 0.609970.
    expect(await order("cobalt copper")).toEqual([pageUrl(4), pageUrl(1), pageUrl(2), pageUrl(3)]);
    const s = await score("cobalt copper");
    expect(s[pageUrl(4)]).toBeCloseTo(1.783673, 5);
    expect(s[pageUrl(1)]).toBeCloseTo(0.802591, 5);
    expect(s[pageUrl(3)]).toBeCloseTo(0.60997, 5);
    // iron: P2 1.029619·1.157895 = 1.192191 above P3 1.029619·0.88 = 0.906065.
    expect(await order("iron")).toEqual([pageUrl(2), pageUrl(3)]);
    expect(await score("iron")).toEqual({ [pageUrl(2)]: expect.closeTo(1.192191, 5), [pageUrl(3)]: expect.closeTo(0.906065, 5) });
  });

  it("sums over the terms a page holds, so more terms come first", async () => {
    // copper iron: P2 0.802591 + 1.192191 = 1.994782; P3 0.609970 + 0.906065 = 1.516035; P1 0.802591.
    expect(await order("copper iron")).toEqual([pageUrl(2), pageUrl(3), pageUrl(1)]);
    expect((await score("copper iron"))[pageUrl(2)]).toBeCloseTo(1.994782, 5);
  });

  it("returns partial matches when a query word is on no page", async () => {
    // unicorn: df 0, on no page, adds nothing; zinc: P1 1.540445·1.157895 = 1.783673.
    expect(await order("zinc unicorn")).toEqual([pageUrl(1)]);
    expect((await score("zinc unicorn"))[pageUrl(1)]).toBeCloseTo(1.783673, 5);
    expect(await order("unicorn")).toEqual([]);
  });

  it("requires quoted phrases and honours exclusions", async () => {
    // Only P3 holds "iron silver": copper 0.609970 + iron 0.906065 + silver 0.906065 = 2.422100.
    expect(await order('"iron silver" copper')).toEqual([pageUrl(3)]);
    expect((await score('"iron silver" copper'))[pageUrl(3)]).toBeCloseTo(2.4221, 5);
    expect(await order('"silver iron"')).toEqual([]);
    // copper -iron: P2 and P3 hold iron; P1 remains.
    expect(await order("copper -iron")).toEqual([pageUrl(1)]);
    // gold -"iron silver": P3 excluded; P6 (gold in the title) above P5, as below.
    expect(await order('gold -"iron silver"')).toEqual([pageUrl(6), pageUrl(5)]);
    // Exclusions alone select every other page, unranked (score 0, newest first, then by URL).
    expect(await order("-copper -gold")).toEqual([pageUrl(4)]);
  });

  it("weighs the title above the body", async () => {
    // tin: P5 (title) tf 3, 1.029619·1.466667 = 1.510108; P6 (body) tf 1, 1.029619·0.88 = 0.906065.
    expect(await order("tin")).toEqual([pageUrl(5), pageUrl(6)]);
    expect((await score("tin"))[pageUrl(5)]).toBeCloseTo(1.510108, 5);
    // gold: P6 (title) 0.693147·1.466667 = 1.016616; P3 and P5 (body, dl 4) 0.609970 each, by URL.
    expect(await order("gold")).toEqual([pageUrl(6), pageUrl(3), pageUrl(5)]);
  });
});
