// The one mapping from camelCase values (lib/web, search keys, the ledger) to the search API's snake_case wire shapes.
import type { AdminSearchKey, SearchKey } from "../../auth/search-keys";
import type { LedgerEntry } from "../../billing/ledger";
import type { ContactItem, ExtractOption, PageMetadata, ScrapedPage, SocialProfile } from "../../web/types";
import type { WebScrapeOutcome } from "../../web/search/web-scrape";
import type { WebSearchOutcome } from "../../web/search/web-search";
import type { z } from "zod";
import type { adminSearchKeySchema, searchKeySchema } from "../../auth/contract/search-keys";
import type { ledgerEntrySchema } from "../../billing/contract";
import type { contactSchema, pageMetadataSchema, scrapedPageSchema, socialProfileSchema } from "../../web/contract/page";
import type { ScrapeResult } from "../../web/contract/scrape";
import type { SearchResult } from "../../web/contract/search";

type WirePage = z.infer<typeof scrapedPageSchema>;
type Part = Exclude<ExtractOption, "all">;

/** The parts extract_options asks for; "all" means every part. */
export function partsOf(options: readonly ExtractOption[]): ReadonlySet<Part> {
  return options.includes("all") ? new Set<Part>(["title", "text", "links", "images", "metadata"]) : new Set(options as Part[]);
}

/** A page with only the parts asked for (Markdown goes with text); a failed page is its URL and error. */
export function wirePage(page: ScrapedPage, parts: ReadonlySet<Part>): WirePage {
  const base = {
    url: page.url,
    ...(page.finalUrl !== undefined ? { final_url: page.finalUrl } : {}),
    ...(page.statusCode !== undefined ? { status_code: page.statusCode } : {}),
  };
  if (page.error) return { ...base, error: { code: page.error.code, message: page.error.message } };
  return {
    ...base,
    ...(parts.has("title") ? { title: page.title ?? "" } : {}),
    ...(parts.has("text") ? { text: page.text ?? "", markdown: page.markdown ?? "" } : {}),
    ...(parts.has("links") ? { links: (page.links ?? []).map((l) => ({ url: l.url, text: l.text, internal: l.internal })) } : {}),
    ...(parts.has("images") ? { images: (page.images ?? []).map((i) => ({ src: i.src, alt: i.alt })) } : {}),
    ...(parts.has("metadata") ? { metadata: wireMetadata(page.metadata) } : {}),
    error: null,
  };
}

function wireMetadata(m: PageMetadata | undefined): z.infer<typeof pageMetadataSchema> {
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

export function wireContact(c: ContactItem): z.infer<typeof contactSchema> {
  return { type: c.type, value: c.value, source_url: c.sourceUrl };
}

export function wireSocialProfile(s: SocialProfile): z.infer<typeof socialProfileSchema> {
  return { platform: s.platform, url: s.url, handle: s.handle, source_url: s.sourceUrl };
}

const AUTO_SCRAPE_PARTS = partsOf(["title", "text"]);

export function wireSearchResult(o: WebSearchOutcome): SearchResult {
  return {
    query: o.query,
    search_results: o.results.map((r) => ({ title: r.title, link: r.url, snippet: r.snippet, position: r.position, ...(r.date ? { date: r.date } : {}) })),
    scraped_content: o.scraped.map((p) => wirePage(p, AUTO_SCRAPE_PARTS)),
    ...(o.contacts ? { contacts: o.contacts.map(wireContact) } : {}),
    ...(o.socialProfiles ? { social_profiles: o.socialProfiles.map(wireSocialProfile) } : {}),
    results_count: o.results.length,
    scraped_count: o.scrapedCount,
  };
}

export function wireScrapeResult(o: WebScrapeOutcome, extract: readonly ExtractOption[]): ScrapeResult {
  const parts = partsOf(extract);
  return {
    url: o.primary.url,
    primary_content: wirePage(o.primary, parts),
    discovered_links: o.discovered.map((p) => wirePage(p, parts)),
    links_scraped: o.linksScraped,
    ...(o.contacts ? { contacts: o.contacts.map(wireContact) } : {}),
    success: !o.primary.error,
  };
}

export function wireSearchKey(k: SearchKey): z.infer<typeof searchKeySchema> {
  return {
    id: k.id,
    name: k.name,
    fragment: k.fragment,
    plan: k.plan,
    credits: k.balance,
    status: k.status,
    created_at: k.createdAt,
    revoked_at: k.revokedAt,
    last_used_at: k.lastUsedAt,
  };
}

export function wireAdminSearchKey(k: AdminSearchKey): z.infer<typeof adminSearchKeySchema> {
  return { ...wireSearchKey(k), owner_id: k.ownerId, owner_email: k.ownerEmail };
}

export function wireLedgerEntry(e: LedgerEntry): z.infer<typeof ledgerEntrySchema> {
  return {
    id: e.id,
    kind: e.kind,
    amount: e.amount,
    balance_after: e.balanceAfter,
    charge_id: e.kind === "reserve" || e.kind === "settle" ? e.ref : null,
    actor: e.actor,
    detail: e.detail,
    at: e.at,
  };
}
