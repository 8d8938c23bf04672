// The Scraper the search API calls: fetch under the SSRF guard and robots.txt, extract what was
// asked, and follow internal links breadth first. A page's own failure comes back as its `error`.
import type { Config } from "../config";
import { type Clock, systemClock } from "../clock";
import { APP_VERSION } from "../version";
import { decodeText } from "./fetch/charset";
import { FetchFailure, type FetchPolicy, guardedFetch } from "./fetch/guarded-fetch";
import { allowList } from "../net/allowlist";
import { systemResolver } from "./net/resolver";
import { createRobotsPolicy, type RobotsPolicy } from "./robots/robots-policy";
import { ExtractionTimeout, inProcessExtractor, type PageExtractor } from "./extract/extraction-pool";
import type { ExtractedPage, PageWants } from "./extract/page";
import type { ContactItem, CrawlResult, PageError, ScrapedPage, ScrapeRequest, Scraper, SocialProfile } from "./types";
import { normalizeUrl, sameSite } from "./url";

/** The product token robots.txt groups are matched against. */
export const ROBOTS_TOKEN = "BourseBot";

export interface ScraperPolicy extends FetchPolicy {
  /** Pages fetched at once while following links. */
  readonly crawlConcurrency: number;
  readonly robotsCacheEntries?: number;
  readonly robotsTtlMs?: number;
  readonly clock?: Clock;
  /** Where pages are read: the server's extraction threads; the calling thread by default. */
  readonly extractor?: PageExtractor;
}

export function fetchPolicyFromConfig(config: Config): ScraperPolicy {
  return {
    userAgent: `${ROBOTS_TOKEN}/${APP_VERSION} (+${config.publicUrl})`,
    timeoutMs: config.webFetch.timeoutMs,
    maxBodyBytes: config.webFetch.maxBodyBytes,
    maxRedirects: 5,
    allow: allowList(config.webFetch.allow),
    resolver: systemResolver,
    crawlConcurrency: config.webFetch.crawlConcurrency,
  };
}

export function createScraper(policy: ScraperPolicy): Scraper {
  const robots = createRobotsPolicy({
    productToken: ROBOTS_TOKEN,
    fetchPolicy: policy,
    cacheEntries: policy.robotsCacheEntries,
    ttlMs: policy.robotsTtlMs,
    clock: policy.clock ?? systemClock,
  });
  const scrapeOne = (url: string, request: ScrapeRequest, signal?: AbortSignal, followLinks = false) =>
    scrapePage(url, request, policy, robots, signal, followLinks);
  return {
    async scrape(request, signal) {
      return (await scrapeOne(request.url, request, signal)).page;
    },
    async crawl(request, signal) {
      return crawl(request, policy, robots, scrapeOne, signal);
    },
  };
}

interface PageOutcome {
  readonly page: ScrapedPage;
  /** Same-site links of the page, for crawling. */
  readonly internalLinks: readonly string[];
}

function wantsOf(request: ScrapeRequest, followLinks: boolean): PageWants {
  const all = request.extract.includes("all");
  const has = (o: "title" | "text" | "links" | "images" | "metadata") => all || request.extract.includes(o);
  return {
    title: has("title"),
    text: has("text"),
    links: has("links"),
    images: has("images"),
    metadata: has("metadata"),
    contacts: request.includeContacts,
    social: request.includeSocial,
    followLinks,
  };
}

/** `followLinks`: the page is part of a crawl, whose next level is its internal links. */
async function scrapePage(
  input: string,
  request: ScrapeRequest,
  policy: ScraperPolicy,
  robots: RobotsPolicy,
  signal: AbortSignal | undefined,
  followLinks: boolean,
): Promise<PageOutcome> {
  const url = normalizeUrl(input);
  if (!url) return failed(input, undefined, { code: "INVALID_URL", message: "only absolute http and https URLs can be scraped" });
  try {
    const res = await guardedFetch(url, policy, {
      signal,
      beforeHop: async (hop) => {
        if (!(await robots.allows(hop, signal))) throw new FetchFailure("ROBOTS_DISALLOWED", `robots.txt of ${hop.origin} disallows ${hop.pathname}`);
      },
    });
    const base = { url, finalUrl: res.finalUrl, statusCode: res.status };
    if (res.status < 200 || res.status > 299) {
      return failed(url, base, { code: "HTTP_ERROR", message: `the page answered HTTP ${res.status}` });
    }
    const contentType = String(res.headers["content-type"] ?? "");
    const kind = contentKind(contentType, res.body);
    if (!kind) return failed(url, base, { code: "UNSUPPORTED_CONTENT", message: `cannot extract content of type ${contentType.split(";")[0] || "unknown"}` });
    const text = decodeText(res.body, contentType);
    const wants = wantsOf(request, followLinks);
    let extracted: ExtractedPage;
    try {
      extracted = await (policy.extractor ?? inProcessExtractor).extract({ kind, text, url: res.finalUrl, wants }, signal);
    } catch (e) {
      // A page that defeats the extractor (or outlasts it) is that page's failure, not the request's.
      if (signal?.aborted) return failed(url, base, { code: "TIMEOUT", message: "the request was cancelled" });
      if (e instanceof ExtractionTimeout) return failed(url, base, { code: "TIMEOUT", message: e.message });
      const reason = e instanceof Error ? e.message : String(e);
      return failed(url, base, { code: "UNSUPPORTED_CONTENT", message: `the page could not be processed: ${reason.slice(0, 200)}` });
    }
    const finalUrl = new URL(res.finalUrl);
    return {
      page: toScrapedPage(base, extracted, wants, res.finalUrl),
      internalLinks: extracted.links.filter((l) => l.internal && sameSite(new URL(l.url), finalUrl)).map((l) => l.url),
    };
  } catch (e) {
    if (e instanceof FetchFailure) return failed(url, undefined, { code: e.code, message: e.message });
    throw e;
  }
}

function failed(url: string, base: { finalUrl: string; statusCode: number } | undefined, error: PageError): PageOutcome {
  return { page: { url, ...(base ? { finalUrl: base.finalUrl, statusCode: base.statusCode } : {}), error }, internalLinks: [] };
}

function contentKind(contentType: string, body: Buffer): "html" | "text" | undefined {
  const mime = contentType.split(";")[0]!.trim().toLowerCase();
  if (mime === "text/html" || mime === "application/xhtml+xml") return "html";
  if (mime === "text/plain") return "text";
  if (!mime) return /^\s*</.test(body.subarray(0, 512).toString("latin1")) ? "html" : "text";
  return undefined;
}

function toScrapedPage(base: { url: string; finalUrl: string; statusCode: number }, x: ExtractedPage, wants: PageWants, sourceUrl: string): ScrapedPage {
  const contacts: ContactItem[] | undefined = x.contacts && [
    ...x.contacts.emails.map((value) => ({ type: "email" as const, value, sourceUrl })),
    ...x.contacts.phones.map((value) => ({ type: "phone" as const, value, sourceUrl })),
  ];
  const socialProfiles: SocialProfile[] | undefined = x.profiles?.map((p) => ({ ...p, sourceUrl }));
  return {
    ...base,
    ...(wants.title && x.title !== undefined ? { title: x.title } : {}),
    ...(wants.text ? { text: x.text ?? "", markdown: x.markdown ?? "", ...(x.pageType ? { pageType: x.pageType } : {}) } : {}),
    ...(wants.links ? { links: x.links } : {}),
    ...(wants.images ? { images: x.images ?? [] } : {}),
    ...(wants.metadata && x.metadata ? { metadata: x.metadata } : {}),
    ...(wants.contacts ? { contacts: contacts ?? [] } : {}),
    ...(wants.social ? { socialProfiles: socialProfiles ?? [] } : {}),
  };
}

/** Paths that are files rather than pages; not worth a crawl slot. */
const NOT_A_PAGE =
  /\.(?:pdf|jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|zip|gz|tgz|rar|7z|mp[34]|m4a|mov|avi|webm|ogg|wav|css|js|mjs|json|xml|rss|atom|woff2?|ttf|eot|exe|dmg|apk|docx?|xlsx?|pptx?|csv)$/i;

async function crawl(
  request: ScrapeRequest & { readonly maxPages: number },
  policy: ScraperPolicy,
  robots: RobotsPolicy,
  scrapeOne: (url: string, request: ScrapeRequest, signal: AbortSignal | undefined, followLinks: boolean) => Promise<PageOutcome>,
  signal?: AbortSignal,
): Promise<CrawlResult> {
  const first = await scrapeOne(request.url, request, signal, true);
  if (first.page.error || request.maxPages <= 0) return { primary: first.page, discovered: [] };
  const seen = new Set([first.page.url, first.page.finalUrl ?? first.page.url]);
  const discovered: ScrapedPage[] = [];
  let frontier = first.internalLinks;
  // Level by level: each level's pages are fetched concurrently, and their links queued in page order,
  // so the result is breadth-first and does not depend on which response came first.
  while (frontier.length > 0 && discovered.length < request.maxPages && !signal?.aborted) {
    const level: string[] = [];
    for (const link of frontier) {
      if (discovered.length + level.length >= request.maxPages) break;
      const path = new URL(link).pathname;
      if (seen.has(link) || NOT_A_PAGE.test(path) || path.startsWith("/cdn-cgi/")) continue;
      seen.add(link);
      if (!(await robots.allows(new URL(link), signal))) continue;
      level.push(link);
    }
    const outcomes = await mapLimit(level, policy.crawlConcurrency, (link) => scrapeOne(link, request, signal, true));
    for (const o of outcomes) {
      discovered.push(o.page);
      if (o.page.finalUrl) seen.add(o.page.finalUrl);
    }
    frontier = outcomes.flatMap((o) => o.internalLinks);
  }
  return { primary: first.page, discovered };
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
