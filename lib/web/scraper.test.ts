import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companySite } from "./fixtures/site";
import { createExtractionPool } from "./extract/extraction-pool";
import { createScraper } from "./scraper";
import { type FixtureSite, startFixtureSite, testPolicy } from "./testing/fixture-site";
import type { ScrapeRequest } from "./types";

const TEXT_ONLY: ScrapeRequest = { url: "", extract: ["title", "text"], includeContacts: false, includeSocial: false };

describe("scraper over a loopback site", () => {
  let shop: FixtureSite;
  let partner: FixtureSite;
  let policy: ReturnType<typeof testPolicy>;
  let home: string;

  beforeAll(async () => {
    partner = await startFixtureSite({ "/": { body: "<p>partner</p>" } });
    shop = await startFixtureSite(companySite(`http://partner.test:0`));
    // The partner link must carry the partner's real port.
    shop.route("/", companySite(`http://partner.test:${partner.port}`)["/"]!);
    policy = testPolicy({
      allow: [`127.0.0.1:${shop.port}`, `127.0.0.1:${partner.port}`],
      hosts: { "shop.test": "127.0.0.1", "partner.test": "127.0.0.1" },
      crawlConcurrency: 2,
    });
    home = `http://shop.test:${shop.port}/`;
  });
  afterAll(async () => {
    await shop.close();
    await partner.close();
  });

  it("scrapes one page: title and main text by default, nothing else", async () => {
    const page = await createScraper(policy).scrape({ ...TEXT_ONLY, url: `http://shop.test:${shop.port}/about` });
    expect(page.error).toBeUndefined();
    expect(page.statusCode).toBe(200);
    expect(page.title).toBe("About us");
    expect(page.text).toContain("forges every chisel by hand");
    expect(page.markdown).toContain("forges every chisel by hand");
    expect(page.pageType).toBe("article");
    expect(page.links).toBeUndefined();
    expect(page.metadata).toBeUndefined();
    expect(page.contacts).toBeUndefined();
  });

  it("collects contacts: mailto, tel, Cloudflare and [at]/(at) emails, phones in text; no asset names, dates or ids", async () => {
    const scraper = createScraper(policy);
    const homePage = await scraper.scrape({ ...TEXT_ONLY, url: home, includeContacts: true });
    expect(homePage.contacts).toEqual([
      { type: "email", value: "sales@harbourtools.co.uk", sourceUrl: home },
      { type: "phone", value: "+442079460958", sourceUrl: home },
    ]);
    const contactUrl = `http://shop.test:${shop.port}/contact`;
    const contact = await scraper.scrape({ ...TEXT_ONLY, url: contactUrl, includeContacts: true });
    const values = contact.contacts!.map((c) => c.value);
    expect(values.sort()).toEqual(
      ["+14155552671", "+442079460000", "hidden@harbourtools.co.uk", "orders@harbourtools.co.uk", "press@harbourtools.co.uk"].sort(),
    );
    expect(contact.contacts!.every((c) => c.sourceUrl === contactUrl)).toBe(true);
  });

  it("finds social profiles on every platform and leaves out share and intent links", async () => {
    const page = await createScraper(policy).scrape({ ...TEXT_ONLY, url: home, includeSocial: true });
    expect(page.socialProfiles!.map((p) => [p.platform, p.url, p.handle])).toEqual([
      ["x", "https://x.com/harbourtools", "harbourtools"],
      ["linkedin", "https://www.linkedin.com/company/harbour-tools", "harbour-tools"],
      ["github", "https://github.com/harbour-tools", "harbour-tools"],
      ["instagram", "https://www.instagram.com/harbour.tools", "harbour.tools"],
      ["youtube", "https://www.youtube.com/@HarbourTools", "@HarbourTools"],
      ["tiktok", "https://www.tiktok.com/@harbourtools", "@harbourtools"],
      ["facebook", "https://www.facebook.com/HarbourTools", "HarbourTools"],
    ]);
    expect(page.socialProfiles!.every((p) => p.sourceUrl === home)).toBe(true);
  });

  it("crawls the site breadth first, honours robots.txt, stays on the site and records per-page errors", async () => {
    const before = new Set(shop.requests.map((r, i) => `${i}:${r}`)).size;
    const result = await createScraper(policy).crawl({ ...TEXT_ONLY, url: home, maxPages: 10 });
    const requested = shop.requests.slice(before);
    expect(result.primary.title).toBe("Harbour Tools — home");
    const base = `http://shop.test:${shop.port}`;
    expect(result.discovered.map((p) => p.url)).toEqual([
      `${base}/about`,
      `${base}/contact`,
      `${base}/products`,
      `${base}/blog/post-1`,
      `${base}/missing`,
      `${base}/doc`,
      `${base}/team`,
      `${base}/products/1`,
    ]);
    const byPath = new Map(result.discovered.map((p) => [new URL(p.url).pathname, p]));
    expect(byPath.get("/missing")!.error).toEqual({ code: "HTTP_ERROR", message: "the page answered HTTP 404" });
    expect(byPath.get("/missing")!.statusCode).toBe(404);
    expect(byPath.get("/doc")!.error?.code).toBe("UNSUPPORTED_CONTENT");
    expect(byPath.get("/team")!.text).toContain("Meet the people");
    expect(requested).not.toContain("/private/secret");
    expect(requested).not.toContain("/logo.png");
    expect(partner.requests).toEqual([]);
  });

  it("stops at max_pages", async () => {
    const result = await createScraper(policy).crawl({ ...TEXT_ONLY, url: home, maxPages: 3 });
    expect(result.discovered.map((p) => new URL(p.url).pathname)).toEqual(["/about", "/contact", "/products"]);
  });

  it("fetches with bounded concurrency", async () => {
    const links = Array.from({ length: 8 }, (_, i) => `<a href="/slow/${i}">page ${i}</a>`).join(" ");
    const slow = await startFixtureSite({ "/": { body: `<main><p>Index of slow pages, each takes a while to answer.</p>${links}</main>` } });
    for (let i = 0; i < 8; i++) slow.route(`/slow/${i}`, { body: `<p>Slow page number ${i} with a little text.</p>`, delayMs: 150 });
    try {
      const scraper = createScraper(testPolicy({ allow: [`127.0.0.1:${slow.port}`], crawlConcurrency: 3 }));
      const result = await scraper.crawl({ ...TEXT_ONLY, url: `${slow.origin}/`, maxPages: 8 });
      expect(result.discovered.filter((p) => !p.error)).toHaveLength(8);
      expect(slow.maxInFlight()).toBe(3);
    } finally {
      await slow.close();
    }
  });

  it("reports the primary page's failure and discovers nothing", async () => {
    const scraper = createScraper(policy);
    const missing = await scraper.crawl({ ...TEXT_ONLY, url: `http://shop.test:${shop.port}/missing`, maxPages: 5 });
    expect(missing.primary.error?.code).toBe("HTTP_ERROR");
    expect(missing.discovered).toEqual([]);
    const robots = await scraper.scrape({ ...TEXT_ONLY, url: `http://shop.test:${shop.port}/private/secret` });
    expect(robots.error?.code).toBe("ROBOTS_DISALLOWED");
    const blocked = await scraper.scrape({ ...TEXT_ONLY, url: "http://169.254.169.254/latest/meta-data/" });
    expect(blocked.error?.code).toBe("BLOCKED_ADDRESS");
    const invalid = await scraper.scrape({ ...TEXT_ONLY, url: "ftp://shop.test/" });
    expect(invalid.error?.code).toBe("INVALID_URL");
  });

  it("extracts everything with `all`", async () => {
    const page = await createScraper(policy).scrape({ ...TEXT_ONLY, url: home, extract: ["all"] });
    expect(page.links!.length).toBeGreaterThan(10);
    expect(page.images).toEqual([]);
    expect(page.metadata!.language).toBe("en-GB");
    expect(page.text).toContain("hand tools for boat builders");
  });

  it("decodes a page served in a legacy charset, and a page its publisher re-encoded", async () => {
    const legacy = await startFixtureSite({
      // windows-1252, curly quotes, dashes and € included, and the same page labelled Latin-1 as many are
      "/": {
        headers: { "content-type": "text/html; charset=windows-1252" },
        body: Buffer.from("<title>Caf\xe9 cr\xe8me</title><p>D\xe9j\xe0 vu, na\xefve fa\xe7ade \x96 \x93caf\xe9\x94 at \x804.</p>", "latin1"),
      },
      "/latin1": {
        headers: { "content-type": "text/html; charset=iso-8859-1" },
        body: Buffer.from("<title>Caf\xe9 cr\xe8me</title><p>D\xe9j\xe0 vu, na\xefve fa\xe7ade \x96 \x93caf\xe9\x94 at \x804.</p>", "latin1"),
      },
      // UTF-8 text read as windows-1252 and saved as UTF-8 again by the site
      "/re-encoded": {
        headers: { "content-type": "text/html; charset=utf-8" },
        body: Buffer.from(
          "<title>What\u00e2\u20ac\u2122s new</title><p>We\u00e2\u20ac\u2122ve said it \u00e2\u20ac\u201d caf\u00c3\u00a9 at \u00e2\u201a\u00ac4.</p>",
          "utf8",
        ),
      },
    });
    try {
      const scraper = createScraper(testPolicy({ allow: [`127.0.0.1:${legacy.port}`] }));
      for (const path of ["/", "/latin1"]) {
        const page = await scraper.scrape({ ...TEXT_ONLY, url: `${legacy.origin}${path}` });
        expect(page.title).toBe("Café crème");
        expect(page.text).toBe("Déjà vu, naïve façade – “café” at €4.");
      }
      const page = await scraper.scrape({ ...TEXT_ONLY, url: `${legacy.origin}/re-encoded` });
      expect(page.title).toBe("What’s new");
      expect(page.text).toBe("We’ve said it — café at €4.");
    } finally {
      await legacy.close();
    }
  });

  it("fails a page that takes longer to read than the extraction threads allow, with TIMEOUT, and reads the next page", async () => {
    const site = await startFixtureSite({
      "/heavy": { body: `<html><body>${"<div><span>x</span>".repeat(300_000)}</body></html>` },
      "/light": { body: "<title>Light</title><p>A short page, read at once.</p>" },
    });
    const extractor = createExtractionPool({ threads: 1, timeoutMs: 300, maxHeapMb: 256 });
    try {
      const scraper = createScraper({ ...testPolicy({ allow: [`127.0.0.1:${site.port}`], maxBodyBytes: 16 * 1024 * 1024 }), extractor });
      const [heavy, light] = await Promise.all([
        scraper.scrape({ ...TEXT_ONLY, url: `${site.origin}/heavy` }),
        scraper.scrape({ ...TEXT_ONLY, url: `${site.origin}/light` }),
      ]);
      expect(heavy.error).toEqual({ code: "TIMEOUT", message: "reading the page took longer than 300 ms" });
      expect(heavy.statusCode).toBe(200);
      expect(light.error).toBeUndefined();
      expect(light.text).toBe("A short page, read at once.");
    } finally {
      await extractor.close();
      await site.close();
    }
  });
});
