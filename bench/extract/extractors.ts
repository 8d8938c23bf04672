import path from "node:path";
import { pathToFileURL } from "node:url";
import { Readability } from "@mozilla/readability";
import { build } from "esbuild";
import { DomHandler } from "domhandler";
import { Parser } from "htmlparser2";
import { parseHTML } from "linkedom";
import { parseHtml } from "../../lib/web/extract/dom";
import type { extractHtmlPage, PageWants } from "../../lib/web/extract/page";
import { SERVER_BUNDLE } from "../../scripts/lib/bundle.mjs";

export interface Extractor {
  readonly name: string;
  /** HTML in, main text out: parsing included, as a scrape pays for it. */
  readonly run: (html: string, url: string) => string;
}

/** What a scrape asking for text wants of a page. */
export const TEXT_ONLY: PageWants = {
  title: false,
  text: true,
  links: false,
  images: false,
  metadata: false,
  contacts: false,
  social: false,
  followLinks: false,
};

/**
 * Ours: the whole pipeline a scrape asking for text runs (parse, page type, main content, Markdown), as
 * the server runs it: bundled by esbuild with the server's options (dist/extract-worker.js holds the
 * same code). The modules loaded one by one through tsx run it slower (~10 % on the WCXB pages).
 */
export async function bundledBourse(): Promise<Extractor> {
  const outfile = path.resolve(import.meta.dirname, "../../node_modules/.cache/bench/extract-page.mjs");
  await build({ ...SERVER_BUNDLE, entryPoints: [path.resolve(import.meta.dirname, "../../lib/web/extract/page.ts")], outfile });
  const bundled = (await import(pathToFileURL(outfile).href)) as { extractHtmlPage: typeof extractHtmlPage };
  return { name: "bourse", run: (html, url) => bundled.extractHtmlPage(html, url, TEXT_ONLY).text ?? "" };
}

/** The peer: @mozilla/readability 0.6.0 on a linkedom DOM. A page it throws on (a few in WCXB) yields no text. */
export const readability: Extractor = {
  name: "Readability.js 0.6.0 (linkedom)",
  run: (html) => {
    const { document } = parseHTML(html);
    try {
      return new Readability(document as unknown as Document).parse()?.textContent ?? "";
    } catch {
      return "";
    }
  },
};

/** Parsing alone: ours, htmlparser2 building the same tree (the reading ours keeps), and the DOM Readability.js runs on here. */
export const parsers: readonly { readonly name: string; readonly parse: (html: string) => unknown }[] = [
  { name: "bourse (domhandler tree)", parse: (html) => parseHtml(html) },
  {
    name: "htmlparser2 12 + domhandler",
    parse: (html) => {
      const handler = new DomHandler();
      new Parser(handler, { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true }).end(html);
      return handler.root;
    },
  },
  { name: "linkedom 0.18", parse: (html) => parseHTML(html).document },
];

/** Every page through the extractor, fastest of `passes` timed passes (the machine is shared; the fastest pass is the least disturbed). */
export function timedPasses(extractor: Extractor, pages: readonly { html: string; url: string }[], passes: number): { texts: string[]; seconds: number } {
  let texts: string[] = [];
  let seconds = Infinity;
  for (let pass = 0; pass < passes; pass++) {
    const started = process.hrtime.bigint();
    texts = pages.map((page) => extractor.run(page.html, page.url));
    seconds = Math.min(seconds, Number(process.hrtime.bigint() - started) / 1e9);
  }
  return { texts, seconds };
}
