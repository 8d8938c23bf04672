import type { Clock } from "../../clock";
import type { Database } from "../../db/client";
import type { Logger } from "../../log";
import type { ExtractOption, ScrapedPage, ScrapeRequest, Scraper } from "../types";
import { indexPage } from "./page-index";
import type { SearchProvider } from "./provider";

/** What searches and scrapes run on. */
export interface WebServices {
  db: Database;
  clock: Clock;
  log: Logger;
  scraper: Scraper;
  provider: SearchProvider;
}

/**
 * The parts asked for, plus title, text and metadata, which the index needs: every page scraped is
 * indexed whatever the caller asked to see.
 */
export function extractForIndex(requested: readonly ExtractOption[]): ExtractOption[] {
  if (requested.includes("all")) return ["all"];
  return [...new Set<ExtractOption>([...requested, "title", "text", "metadata"])];
}

/** Indexes the pages that succeeded; the index failing never fails the request that scraped them. */
export async function indexScraped(services: WebServices, pages: readonly ScrapedPage[]): Promise<void> {
  for (const page of pages) {
    if (page.error) continue;
    try {
      await indexPage(services, page);
    } catch (err) {
      services.log.error({ err, url: page.url }, "could not index a scraped page");
    }
  }
}

export function scrapeRequestFor(url: string, extract: readonly ExtractOption[], found: { includeContacts: boolean; includeSocial: boolean }): ScrapeRequest {
  return { url, extract: extractForIndex(extract), includeContacts: found.includeContacts, includeSocial: found.includeSocial };
}
