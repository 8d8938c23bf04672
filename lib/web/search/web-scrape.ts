import { scrapeCharge } from "../../billing/pricing";
import type { WorkDone } from "../../billing/metered";
import type { ScrapeResult } from "../contract/scrape";
import { scrapeResultView } from "../contract/views";
import type { ContactItem, ExtractOption, ScrapedPage } from "../types";
import { contactsOf } from "./found";
import { requestedWithCredentials } from "./page-index";
import { indexScraped, scrapeRequestFor, type WebServices } from "./paid-work";

export interface WebScrapeParams {
  url: string;
  extract: ExtractOption[];
  followInternalLinks: boolean;
  maxPages: number;
  includeContacts: boolean;
}

export interface WebScrapeOutcome {
  primary: ScrapedPage;
  /** Internal pages scraped when following links; empty otherwise. */
  discovered: ScrapedPage[];
  /** Discovered pages without an error. */
  linksScraped: number;
  /** From every scraped page; present when asked for. */
  contacts?: ContactItem[];
}

/**
 * Scrapes one URL, or crawls its internal links breadth first up to `maxPages`, indexing every page
 * that succeeds. The charge is the base for a primary page that succeeded plus each discovered page
 * without an error; a failed primary page costs nothing.
 */
export async function runWebScrape(services: WebServices, params: WebScrapeParams, signal?: AbortSignal): Promise<WorkDone<ScrapeResult>> {
  const request = scrapeRequestFor(params.url, params.extract, { includeContacts: params.includeContacts, includeSocial: false });
  const crawled = params.followInternalLinks
    ? await services.scraper.crawl({ ...request, maxPages: params.maxPages }, signal)
    : { primary: await services.scraper.scrape(request, signal), discovered: [] };
  const primary = crawled.primary;
  // The reservation covers maxPages discovered pages, never more.
  const discovered = crawled.discovered.slice(0, params.maxPages);
  // Links found on a page asked for with credentials may reveal what only they open: nothing of that crawl is indexed.
  await indexScraped(services, requestedWithCredentials(primary) ? [] : [primary, ...discovered]);
  const linksScraped = discovered.filter((p) => !p.error).length;
  return {
    result: scrapeResultView(
      {
        primary,
        discovered,
        linksScraped,
        ...(params.includeContacts ? { contacts: contactsOf([primary, ...discovered]) } : {}),
      },
      params.extract,
    ),
    charged: scrapeCharge(!primary.error, linksScraped),
    detail: {
      primaryScraped: !primary.error,
      pagesScraped: linksScraped,
      pagesFailed: discovered.length - linksScraped,
      pagesNotAttempted: params.followInternalLinks ? params.maxPages - discovered.length : 0,
    },
  };
}
