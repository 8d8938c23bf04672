"use client";

import { useCallback, useEffect, useState } from "react";
import type { ActionResult } from "@/lib/dashboard/api/result";
import type { ScrapeResponseView, SearchResponseView } from "@/lib/client/search";
import type { ScrapeRequest } from "@/lib/web/contract/scrape";
import type { SearchRequest } from "@/lib/web/contract/search";

interface RunBase {
  id: string;
  /** Epoch ms when it was sent. */
  at: number;
  keyId: string;
  keyName: string;
}
export type SearchRun = RunBase & { kind: "search"; request: SearchRequest; outcome: ActionResult<SearchResponseView> };
export type ScrapeRun = RunBase & { kind: "scrape"; request: ScrapeRequest; outcome: ActionResult<ScrapeResponseView> };
export type ConsoleRun = SearchRun | ScrapeRun;

const STORAGE_KEY = "bourse.search-console.runs";
const MAX_RUNS = 20;

function load(): ConsoleRun[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as ConsoleRun[]) : [];
  } catch {
    return [];
  }
}

/** Keeps what fits: a browser's session storage holds a few megabytes, and scraped pages can be large. */
function save(runs: readonly ConsoleRun[]): void {
  for (let n = runs.length; n >= 0; n--) {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(runs.slice(0, n)));
      return;
    } catch {
      // Quota exceeded: drop the oldest run and try again.
    }
  }
}

/** The runs of this browser tab's session, newest first: they survive a reload, not a closed tab. */
export function useRunHistory() {
  const [runs, setRuns] = useState<readonly ConsoleRun[]>([]);
  useEffect(() => setRuns(load()), []);
  const add = useCallback((run: ConsoleRun) => {
    setRuns((current) => {
      const next = [run, ...current].slice(0, MAX_RUNS);
      save(next);
      return next;
    });
  }, []);
  const clear = useCallback(() => {
    sessionStorage.removeItem(STORAGE_KEY);
    setRuns([]);
  }, []);
  return { runs, add, clear };
}

/** The run's request as a one-line summary: the query or the URL. */
export function runSubject(run: ConsoleRun): string {
  return run.kind === "search" ? run.request.query : run.request.url;
}

/** "12 results · 2 credits", "page scraped · 5 credits", or the refusal's code. */
export function runOutcomeText(run: ConsoleRun): string {
  const outcome = run.outcome;
  if (!outcome.ok) return `refused: ${outcome.code}`;
  const answer = outcome.value;
  const credits = `${answer.credits_used} ${answer.credits_used === 1 ? "credit" : "credits"}`;
  if ("results_count" in answer) return `${answer.results_count} ${answer.results_count === 1 ? "result" : "results"} · ${credits}`;
  return `${answer.success ? "page scraped" : "page failed"} · ${credits}`;
}
