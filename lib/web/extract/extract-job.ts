// One page's extraction as plain data: what a scrape hands to an extraction thread, and runs the same
// way when it extracts in process.
import { type ExtractedPage, extractHtmlPage, extractTextPage, type PageWants } from "./page";

export interface ExtractJob {
  readonly kind: "html" | "text";
  /** The page's decoded text. */
  readonly text: string;
  /** The page's final URL (links resolve against it). */
  readonly url: string;
  readonly wants: PageWants;
}

export function runExtractJob(job: ExtractJob): ExtractedPage {
  return job.kind === "html" ? extractHtmlPage(job.text, job.url, job.wants) : extractTextPage(job.text, job.url, job.wants);
}
