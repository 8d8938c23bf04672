import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { parseHtml } from "../../lib/web/extract/dom";
import { extractMainContent } from "../../lib/web/extract/main-content";

export interface Extractor {
  readonly name: string;
  /** HTML in, main text out: parsing included, as a scrape pays for it. */
  readonly run: (html: string) => string;
}

/** Ours: htmlparser2 (domhandler) DOM, lib/web/extract/main-content. */
export const bourse: Extractor = {
  name: "bourse (htmlparser2)",
  run: (html) => extractMainContent(parseHtml(html)).text,
};

/** The peer: @mozilla/readability 0.6.0 on a linkedom DOM. */
export const readability: Extractor = {
  name: "Readability.js 0.6.0 (linkedom)",
  run: (html) => {
    const { document } = parseHTML(html);
    return new Readability(document as unknown as Document).parse()?.textContent ?? "";
  },
};

/** Parsing alone, to show what the DOM library costs: ours and the one Readability.js runs on here. */
export const parsers: readonly { readonly name: string; readonly parse: (html: string) => unknown }[] = [
  { name: "htmlparser2 12 + domhandler", parse: (html) => parseHtml(html) },
  { name: "linkedom 0.18", parse: (html) => parseHTML(html).document },
];
