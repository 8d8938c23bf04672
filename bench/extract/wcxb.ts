import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { z } from "zod";
import { decodePage } from "./data";

/** The WCXB development split, read in place from the shared folder (never copied into the project). */
export const WCXB_DIR = path.resolve(import.meta.dirname, "../../../shared/data/wcxb-dev");

export const WCXB_PAGE_TYPES = ["article", "documentation", "service", "forum", "collection", "listing", "product"] as const;
export type WcxbPageType = (typeof WCXB_PAGE_TYPES)[number];

const metadataSchema = z.object({ files: z.record(z.string(), z.object({ page_type: z.enum(WCXB_PAGE_TYPES) })) });
const truthSchema = z.object({
  url: z.string(),
  ground_truth: z.object({ main_content: z.string().default(""), with: z.array(z.string()), without: z.array(z.string()) }),
});

export interface WcxbPage {
  readonly id: string;
  readonly url: string;
  readonly html: string;
  readonly pageType: WcxbPageType;
  /** The main content as plain text (empty on the few pages whose truth has none). */
  readonly expected: string;
  /** Snippets a correct extraction contains. */
  readonly with: readonly string[];
  /** Boilerplate snippets it must not contain. */
  readonly without: readonly string[];
}

/** Every page of the split with its ground truth, in file order; `only` keeps the pages of some types. */
export function loadWcxbPages(only?: readonly WcxbPageType[], dir = WCXB_DIR): WcxbPage[] {
  const { files } = metadataSchema.parse(JSON.parse(readFileSync(path.join(dir, "metadata.json"), "utf8")));
  return readdirSync(path.join(dir, "html"))
    .filter((f) => f.endsWith(".html.gz"))
    .sort()
    .flatMap((file) => {
      const id = file.slice(0, -".html.gz".length);
      const pageType = files[id]?.page_type;
      if (!pageType) throw new Error(`no page type for ${id}`);
      if (only && !only.includes(pageType)) return [];
      const truth = truthSchema.parse(JSON.parse(readFileSync(path.join(dir, "ground-truth", `${id}.json`), "utf8")));
      const html = decodePage(gunzipSync(readFileSync(path.join(dir, "html", file))));
      const g = truth.ground_truth;
      // A few pages lost their URL; any absolute URL does for extraction.
      const url = truth.url || `https://example.com/${id}`;
      return [{ id, url, html, pageType, expected: g.main_content, with: g.with, without: g.without }];
    });
}
