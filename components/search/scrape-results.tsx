"use client";

import type { ScrapeResponseView } from "@/lib/client/search";
import { ChargeSummary } from "./charge-summary";
import { FoundItems } from "./found-items";
import { PageViewer } from "./page-viewer";

/** A scrape's answer: the charge, the page, the pages found through its links, and contacts. */
export function ScrapeResults({ response }: { response: ScrapeResponseView }) {
  const discovered = response.discovered_links;
  const note =
    discovered.length > 0
      ? `${response.links_scraped} of ${discovered.length} linked pages scraped`
      : response.success
        ? undefined
        : "the page failed, so nothing was charged";
  return (
    <section aria-label="Scrape result" className="flex flex-col gap-5">
      <ChargeSummary used={response.credits_used} remaining={response.remaining_credits} note={note} />
      <PageViewer page={response.primary_content} label="Scraped page" />
      <FoundItems contacts={response.contacts} />
      {discovered.length > 0 ? (
        <div className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold">Linked pages</h3>
          {discovered.map((page, i) => (
            <PageViewer key={`${page.url}-${i}`} page={page} label={`Linked page ${i + 1}`} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
