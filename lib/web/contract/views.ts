// lib/web's camelCase values → the search API's snake_case wire shapes (search and scrape results).
import type { z } from "zod";
import type { WebScrapeOutcome } from "../search/web-scrape";
import type { WebSearchOutcome } from "../search/web-search";
import type { ContactItem, ExtractOption, PageMetadata, ScrapedPage, SocialProfile } from "../types";
import type { contactSchema, pageMetadataSchema, scrapedPageSchema, socialProfileSchema } from "./page";
import type { ScrapeResult } from "./scrape";
import type { SearchResult } from "./search";

type PageView = z.infer<typeof scrapedPageSchema>;
type Part = Exclude<ExtractOption, "all">;

/** The parts extract_options asks for; "all" means every part. */
export function partsOf(options: readonly ExtractOption[]): ReadonlySet<Part> {
  return options.includes("all") ? new Set<Part>(["title", "text", "links", "images", "metadata"]) : new Set(options as Part[]);
}

/** A page with only the parts asked for (Markdown goes with text); a failed page is its URL and error. */
export function pageView(page: ScrapedPage, parts: ReadonlySet<Part>): PageView {
  const base = {
    url: page.url,
    ...(page.finalUrl !== undefined ? { final_url: page.finalUrl } : {}),
    ...(page.statusCode !== undefined ? { status_code: page.statusCode } : {}),
  };
  if (page.error) return { ...base, error: { code: page.error.code, message: page.error.message } };
  return {
    ...base,
    ...(parts.has("title") ? { title: page.title ?? "" } : {}),
    ...(parts.has("text") ? { text: page.text ?? "", markdown: page.markdown ?? "", ...(page.pageType ? { page_type: page.pageType } : {}) } : {}),
    ...(parts.has("links") ? { links: (page.links ?? []).map((l) => ({ url: l.url, text: l.text, internal: l.internal })) } : {}),
    ...(parts.has("images") ? { images: (page.images ?? []).map((i) => ({ src: i.src, alt: i.alt })) } : {}),
    ...(parts.has("metadata") ? { metadata: metadataView(page.metadata) } : {}),
    error: null,
  };
}

function metadataView(m: PageMetadata | undefined): z.infer<typeof pageMetadataSchema> {
  return {
    ...(m?.description !== undefined ? { description: m.description } : {}),
    ...(m?.canonical !== undefined ? { canonical: m.canonical } : {}),
    ...(m?.language !== undefined ? { language: m.language } : {}),
    ...(m?.publishedAt !== undefined ? { published_at: m.publishedAt } : {}),
    open_graph: { ...(m?.openGraph ?? {}) },
    twitter: { ...(m?.twitter ?? {}) },
    json_ld: [...(m?.jsonLd ?? [])],
  };
}

export function contactView(c: ContactItem): z.infer<typeof contactSchema> {
  return { type: c.type, value: c.value, source_url: c.sourceUrl };
}

export function socialProfileView(s: SocialProfile): z.infer<typeof socialProfileSchema> {
  return { platform: s.platform, url: s.url, handle: s.handle, source_url: s.sourceUrl };
}

const AUTO_SCRAPE_PARTS = partsOf(["title", "text"]);

export function searchResultView(o: WebSearchOutcome): SearchResult {
  return {
    query: o.query,
    search_results: o.results.map((r) => ({ title: r.title, link: r.url, snippet: r.snippet, position: r.position, ...(r.date ? { date: r.date } : {}) })),
    scraped_content: o.scraped.map((p) => pageView(p, AUTO_SCRAPE_PARTS)),
    ...(o.contacts ? { contacts: o.contacts.map(contactView) } : {}),
    ...(o.socialProfiles ? { social_profiles: o.socialProfiles.map(socialProfileView) } : {}),
    results_count: o.results.length,
    scraped_count: o.scrapedCount,
  };
}

export function scrapeResultView(o: WebScrapeOutcome, extract: readonly ExtractOption[]): ScrapeResult {
  const parts = partsOf(extract);
  return {
    url: o.primary.url,
    primary_content: pageView(o.primary, parts),
    discovered_links: o.discovered.map((p) => pageView(p, parts)),
    links_scraped: o.linksScraped,
    ...(o.contacts ? { contacts: o.contacts.map(contactView) } : {}),
    success: !o.primary.error,
  };
}
