// The web-content vocabulary shared by the fetcher, extraction, crawling and the search API.
// lib/web produces these plain objects; lib/web/contract/views.ts maps them onto the search API's snake_case wire shapes.

/** What a scrape may extract; "all" means every other value. */
export type ExtractOption = "title" | "text" | "links" | "images" | "metadata" | "all";

/** What kind of page the main content was read as: one story, a thread, a product, a grid of products, a list of items, docs, or a service page. */
export const PAGE_TYPES = ["article", "forum", "product", "collection", "listing", "documentation", "service"] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** Why a page could not be scraped; the API shows it as the page's error. */
export type PageErrorCode =
  | "INVALID_URL"
  | "BLOCKED_ADDRESS"
  | "ROBOTS_DISALLOWED"
  | "DNS_FAILURE"
  | "CONNECTION_FAILED"
  | "TIMEOUT"
  | "TOO_MANY_REDIRECTS"
  | "BODY_TOO_LARGE"
  | "HTTP_ERROR"
  | "UNSUPPORTED_CONTENT";

export interface PageError {
  readonly code: PageErrorCode;
  readonly message: string;
}

export interface PageLink {
  /** Absolute, fragment removed. */
  readonly url: string;
  readonly text: string;
  /** Same site as the page (same registrable host). */
  readonly internal: boolean;
}

export interface PageImage {
  /** Absolute. */
  readonly src: string;
  readonly alt: string;
}

export interface PageMetadata {
  readonly description?: string;
  readonly canonical?: string;
  readonly language?: string;
  /** ISO 8601 when a publication date was found. */
  readonly publishedAt?: string;
  /** og:* properties without the prefix, e.g. { title, image, type }. */
  readonly openGraph: Readonly<Record<string, string>>;
  /** twitter:* names without the prefix. */
  readonly twitter: Readonly<Record<string, string>>;
  /** Parsed JSON-LD blocks. */
  readonly jsonLd: readonly unknown[];
}

export interface ContactItem {
  readonly type: "email" | "phone";
  /** Email lower-cased; phone in E.164. */
  readonly value: string;
  /** The page it was found on. */
  readonly sourceUrl: string;
}

export type SocialPlatform = "x" | "linkedin" | "github" | "facebook" | "instagram" | "youtube" | "tiktok";

export interface SocialProfile {
  readonly platform: SocialPlatform;
  /** Canonical profile URL. */
  readonly url: string;
  readonly handle: string;
  readonly sourceUrl: string;
}

/**
 * One scraped page. Only the requested parts are present; `error` is set (and the content parts are
 * absent) when the page failed.
 */
export interface ScrapedPage {
  /** The URL asked for, normalized. */
  readonly url: string;
  /** Where the last redirect led. */
  readonly finalUrl?: string;
  readonly statusCode?: number;
  readonly title?: string;
  /** Main content as plain text. */
  readonly text?: string;
  /** Main content as Markdown (beyond the spec; always present with text). */
  readonly markdown?: string;
  /** What kind of page the main content was read as; with text, for HTML pages. */
  readonly pageType?: PageType;
  readonly links?: readonly PageLink[];
  readonly images?: readonly PageImage[];
  readonly metadata?: PageMetadata;
  /** Present when include_contacts was asked. */
  readonly contacts?: readonly ContactItem[];
  /** Present when include_social was asked. */
  readonly socialProfiles?: readonly SocialProfile[];
  readonly error?: PageError;
}

export interface ScrapeRequest {
  readonly url: string;
  /** Default ["title", "text"]. */
  readonly extract: readonly ExtractOption[];
  readonly includeContacts: boolean;
  readonly includeSocial: boolean;
}

export interface CrawlResult {
  readonly primary: ScrapedPage;
  /** Internal pages found from the primary page, breadth first, at most maxPages; failed ones carry their error. */
  readonly discovered: readonly ScrapedPage[];
}

/**
 * Fetches and extracts pages under the server's fetch policy (SSRF guard, robots.txt, timeouts, size cap).
 * Never throws for a page's own failure: that comes back as `error` on the page.
 */
export interface Scraper {
  scrape(request: ScrapeRequest, signal?: AbortSignal): Promise<ScrapedPage>;
  crawl(request: ScrapeRequest & { readonly maxPages: number }, signal?: AbortSignal): Promise<CrawlResult>;
}
