import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { z } from "zod";
import { decodeText } from "../../lib/web/fetch/charset";

/** The benchmark's data, read in place from the shared folder (never copied into the project). */
export const DATA_DIR = path.resolve(import.meta.dirname, "../../../shared/data/article-extraction-benchmark");

const groundTruthSchema = z.record(z.string(), z.object({ articleBody: z.string(), url: z.string() }));

export interface BenchPage {
  readonly id: string;
  readonly url: string;
  readonly html: string;
  readonly expected: string;
}

/** Every page with its ground truth; HTML decoded by decodePage. */
export function loadPages(dir = DATA_DIR): BenchPage[] {
  const truth = groundTruthSchema.parse(JSON.parse(readFileSync(path.join(dir, "ground-truth.json"), "utf8")));
  return readdirSync(path.join(dir, "html"))
    .filter((f) => f.endsWith(".html.gz"))
    .sort()
    .map((file) => {
      const id = file.slice(0, -".html.gz".length);
      const entry = truth[id];
      if (!entry) throw new Error(`no ground truth for ${id}`);
      const bytes = gunzipSync(readFileSync(path.join(dir, "html", file)));
      return { id, url: entry.url, html: decodePage(bytes), expected: entry.articleBody };
    });
}

/** A saved page's bytes as text: UTF-8 (the saved pages are), else read as the scraper reads a fetched page. */
export function decodePage(bytes: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return decodeText(bytes, undefined);
  }
}
