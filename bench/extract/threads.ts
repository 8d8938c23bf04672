// What the server's own thread sees while pages are read: extraction in process (each page holds the
// event loop for as long as it takes) beside the extraction threads the server uses.
import { availableParallelism } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { number, table } from "../lib/report";
import type { ExtractJob } from "../../lib/web/extract/extract-job";
import { createExtractionPool, inProcessExtractor, type PageExtractor } from "../../lib/web/extract/extraction-pool";
import type { PageWants } from "../../lib/web/extract/page";
import { loadPages } from "./data";

const TEXT_ONLY: PageWants = { title: true, text: true, links: false, images: false, metadata: false, contacts: false, social: false, followLinks: false };

/** A heavy page among ordinary ones: 20,000 unclosed `<div>`s with a word in each (120 kB), as a hostile site might serve. */
const HEAVY = `<html><body>${"<div>x".repeat(20_000)}</body></html>`;

export async function threadsReport(): Promise<void> {
  const jobs: ExtractJob[] = [
    { kind: "html", text: HEAVY, url: "https://heavy.example/", wants: TEXT_ONLY },
    ...loadPages().map((p): ExtractJob => ({ kind: "html", text: p.html, url: p.url, wants: TEXT_ONLY })),
  ];
  const threads = Math.max(1, availableParallelism() - 1);
  console.log(`\n## extract: the server's thread while ${jobs.length} pages are read at once (one of them heavy), ${threads} extraction thread(s)`);
  const pool = createExtractionPool({ threads, timeoutMs: 60_000, maxHeapMb: 512 });
  try {
    // Threads started and loaded before timing, as on a server that has read a page.
    await Promise.all(Array.from({ length: threads }, () => pool.extract(jobs[1]!)));
    const rows = [await loadedThread("in process", inProcessExtractor, jobs), await loadedThread("extraction threads (bourse)", pool, jobs)];
    table([["reading", "wall s", "event-loop delay p99 ms", "longest stall ms"], ...rows]);
  } finally {
    await pool.close();
  }
}

async function loadedThread(name: string, extractor: PageExtractor, jobs: readonly ExtractJob[]): Promise<string[]> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  // The histogram counts from its timer's first tick: let it tick before the work starts.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const started = process.hrtime.bigint();
  await Promise.all(jobs.map((job) => extractor.extract(job)));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  // One more turn of the loop, so a stall that lasted to the end is recorded.
  await new Promise((resolve) => setTimeout(resolve, 20));
  delay.disable();
  return [name, seconds.toFixed(2), number(delay.percentile(99) / 1e6), number(delay.max / 1e6)];
}
