import { searchCharge } from "../../billing/pricing";
import type { WorkDone } from "../../billing/metered";
import type { SearchResult } from "../contract/search";
import { searchResultView } from "../contract/views";
import type { ContactItem, ScrapedPage, SocialProfile } from "../types";
import { contactsOf, socialProfilesOf } from "./found";
import { indexScraped, scrapeRequestFor, type WebServices } from "./paid-work";
import type { SearchHit } from "./provider";

export interface WebSearchParams {
  query: string;
  maxResults: number;
  autoScrapeTop: number;
  includeContacts: boolean;
  includeSocial: boolean;
}

export interface WebSearchOutcome {
  /** The query as executed. */
  query: string;
  results: (SearchHit & { position: number })[];
  /** The automatically scraped pages, in result order (title and text asked for). */
  scraped: ScrapedPage[];
  /** From the scraped pages; present when asked for. */
  contacts?: ContactItem[];
  socialProfiles?: SocialProfile[];
  scrapedCount: number;
}

/** Trimmed, inner whitespace collapsed to single spaces. */
export function normalizeQuery(query: string): string {
  return query.trim().replace(/\s+/g, " ");
}

/**
 * Searches, then scrapes the first `autoScrapeTop` results concurrently (indexing each page that
 * succeeds). The charge counts the search and each page scraped without an error; pages that failed,
 * and pages that were never attempted because there were fewer results, are not charged.
 */
export async function runWebSearch(services: WebServices, params: WebSearchParams, signal?: AbortSignal): Promise<WorkDone<SearchResult>> {
  const query = normalizeQuery(params.query);
  const hits = await services.provider.search(query, { maxResults: params.maxResults, signal });
  const found = { includeContacts: params.includeContacts, includeSocial: params.includeSocial };
  const scraped = await Promise.all(
    hits.slice(0, params.autoScrapeTop).map((hit) => services.scraper.scrape(scrapeRequestFor(hit.url, ["title", "text"], found), signal)),
  );
  await indexScraped(services, scraped);
  const scrapedCount = scraped.filter((p) => !p.error).length;
  return {
    result: searchResultView({
      query,
      results: hits.map((hit, i) => ({ ...hit, position: i + 1 })),
      scraped,
      ...(params.includeContacts ? { contacts: contactsOf(scraped) } : {}),
      ...(params.includeSocial ? { socialProfiles: socialProfilesOf(scraped) } : {}),
      scrapedCount,
    }),
    charged: searchCharge(scrapedCount),
    detail: {
      results: hits.length,
      pagesScraped: scrapedCount,
      pagesFailed: scraped.length - scrapedCount,
      pagesNotAttempted: params.autoScrapeTop - scraped.length,
    },
  };
}
