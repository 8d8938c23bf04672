// The search contract's credit rules: what a request reserves up front and what it is charged after.

export const SEARCH_BASE_CREDITS = 2;
export const AUTO_SCRAPE_PAGE_CREDITS = 3;
export const SCRAPE_BASE_CREDITS = 5;
export const DISCOVERED_PAGE_CREDITS = 2;

/** 2 + 3 × auto_scrape_top. */
export function searchReservation(autoScrapeTop: number): number {
  return SEARCH_BASE_CREDITS + AUTO_SCRAPE_PAGE_CREDITS * autoScrapeTop;
}

/** The search itself, plus each automatically scraped page that completed without an error. */
export function searchCharge(pagesScraped: number): number {
  return SEARCH_BASE_CREDITS + AUTO_SCRAPE_PAGE_CREDITS * pagesScraped;
}

/** 5, plus 2 × max_pages when following internal links. */
export function scrapeReservation(followInternalLinks: boolean, maxPages: number): number {
  return SCRAPE_BASE_CREDITS + (followInternalLinks ? DISCOVERED_PAGE_CREDITS * maxPages : 0);
}

/**
 * A failed primary page is refunded whole (nothing was delivered, and no links were followed from it);
 * otherwise the base charge plus each discovered page that completed without an error.
 */
export function scrapeCharge(primaryScraped: boolean, discoveredScraped: number): number {
  return primaryScraped ? SCRAPE_BASE_CREDITS + DISCOVERED_PAGE_CREDITS * discoveredScraped : 0;
}
