"use client";

import { SearchXIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import type { SearchResponseView } from "@/lib/client/search";
import { ChargeSummary } from "./charge-summary";
import { highlight } from "./console-view";
import { FoundItems } from "./found-items";
import { PageViewer } from "./page-viewer";

function Snippet({ text, query }: { text: string; query: string }) {
  return (
    <p className="text-sm text-muted-foreground">
      {highlight(text, query).map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-warning/25 px-0.5 text-foreground">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/** A search's answer: the charge, the ranked results with their snippets, the scraped pages, contacts and profiles. */
export function SearchResults({ response }: { response: SearchResponseView }) {
  const pagesNote = response.scraped_content.length > 0 ? `${response.scraped_count} of ${response.scraped_content.length} pages scraped` : undefined;
  return (
    <section aria-label="Search results" className="flex flex-col gap-5">
      <ChargeSummary used={response.credits_used} remaining={response.remaining_credits} note={pagesNote} />
      {response.search_results.length === 0 ? (
        <EmptyState
          icon={SearchXIcon}
          title={`Nothing found for “${response.query}”`}
          description="The embedded index holds the pages this server has scraped: scrape a page first, or try other words."
        />
      ) : (
        <ol className="flex flex-col gap-4">
          {response.search_results.map((r) => (
            <li key={r.link} className="flex gap-3">
              <span className="w-6 shrink-0 text-right text-sm tabular-nums text-muted-foreground">{r.position}.</span>
              <div className="flex min-w-0 flex-col gap-0.5">
                <a href={r.link} target="_blank" rel="noreferrer noopener" className="font-medium text-primary underline-offset-4 hover:underline">
                  {r.title}
                </a>
                <span className="truncate font-mono text-xs text-muted-foreground">
                  {r.link}
                  {r.date ? ` · ${r.date.slice(0, 10)}` : ""}
                </span>
                <Snippet text={r.snippet} query={response.query} />
              </div>
            </li>
          ))}
        </ol>
      )}
      <FoundItems contacts={response.contacts} profiles={response.social_profiles} />
      {response.scraped_content.length > 0 ? (
        <div className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold">Scraped pages</h3>
          {response.scraped_content.map((page, i) => (
            <PageViewer key={`${page.url}-${i}`} page={page} label={`Scraped page ${i + 1}`} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
