import { extractHtmlPage } from "../../lib/web/extract/page";
import { number, table } from "../lib/report";
import { type Extractor, readability, TEXT_ONLY, timedPasses } from "./extractors";
import { loadWcxbPages, WCXB_PAGE_TYPES, type WcxbPage, type WcxbPageType } from "./wcxb";
import { snippetsFound, wordScore } from "./word-metric";

/** rs-trafilatura's development-split figures as the WCXB README publishes them: the bar per page type. */
const RS_TRAFILATURA: Record<WcxbPageType | "all", number> = {
  all: 0.859,
  article: 0.932,
  documentation: 0.932,
  service: 0.844,
  forum: 0.808,
  collection: 0.716,
  // biome-ignore lint/suspicious/noApproximativeNumericConstant: a published score that happens to read like √½
  listing: 0.707,
  product: 0.641,
};

interface Tally {
  pages: number;
  f1: number;
  withFound: number;
  withTotal: number;
  withoutKept: number;
  withoutTotal: number;
}

interface WcxbRun {
  readonly extractor: Extractor;
  readonly byType: ReadonlyMap<WcxbPageType | "all", Tally>;
  readonly pagesPerSecond: number;
}

/** Word F1 (WCXB's metric) overall and per page type, snippets kept, pages per second: ours (`bourse`) beside Readability.js. */
export function wcxbReport(bourse: Extractor): void {
  const pages = loadWcxbPages();
  // Ours is fastest of three passes (the first warms the JIT); Readability.js takes ~100 s a pass, so one.
  const passes = Number(process.env.BENCH_WCXB_PASSES ?? 3);
  const peerPasses = Number(process.env.BENCH_WCXB_PEER_PASSES ?? 1);
  console.log(
    `\n## extract: WCXB development split, ${pages.length} pages of ${WCXB_PAGE_TYPES.length} types (word F1, mean over pages), HTML string → text, single thread, fastest of ${passes} pass(es) for bourse, ${peerPasses} for Readability.js`,
  );
  const runs = [run(bourse, pages, passes), run(readability, pages, peerPasses)];
  const recognised = recognisedTypes(pages);
  const [ours, peer] = runs as [WcxbRun, WcxbRun];
  const f1 = (r: WcxbRun, type: WcxbPageType | "all") => {
    const t = r.byType.get(type);
    return t ? t.f1 / t.pages : 0;
  };
  table([
    [
      "page type",
      "pages",
      "bourse F1",
      "Readability.js F1",
      "rs-trafilatura (published)",
      "bourse with kept",
      "bourse without kept",
      "Readability.js with / without",
      "bourse page_type right",
    ],
    ...(["all", ...WCXB_PAGE_TYPES] as const).map((type) => {
      const o = ours.byType.get(type);
      const p = peer.byType.get(type);
      return [
        type,
        String(o?.pages ?? 0),
        f1(ours, type).toFixed(3),
        f1(peer, type).toFixed(3),
        RS_TRAFILATURA[type].toFixed(3),
        share(o?.withFound, o?.withTotal),
        share(o?.withoutKept, o?.withoutTotal),
        `${share(p?.withFound, p?.withTotal)} / ${share(p?.withoutKept, p?.withoutTotal)}`,
        share(recognised.get(type)?.right, recognised.get(type)?.pages),
      ];
    }),
  ]);
  console.log(
    `pages/s: bourse ${number(ours.pagesPerSecond)} (whole pipeline of a scrape asking for text: parse, page type, main content, text and Markdown), Readability.js ${number(peer.pagesPerSecond)}; ` +
      `targets: F1 ≥ 0.90 overall and ≥ rs-trafilatura on every type, ≥ 200 pages/s`,
  );
}

function run(extractor: Extractor, pages: readonly WcxbPage[], passes: number): WcxbRun {
  const { texts, seconds: best } = timedPasses(extractor, pages, passes);
  const byType = new Map<WcxbPageType | "all", Tally>();
  pages.forEach((page, i) => {
    const text = texts[i]!;
    const score = wordScore(page.expected, text);
    for (const key of ["all", page.pageType] as const) {
      const t = byType.get(key) ?? { pages: 0, f1: 0, withFound: 0, withTotal: 0, withoutKept: 0, withoutTotal: 0 };
      t.pages++;
      t.f1 += score.f1;
      t.withFound += snippetsFound(text, page.with);
      t.withTotal += page.with.length;
      t.withoutKept += snippetsFound(text, page.without);
      t.withoutTotal += page.without.length;
      byType.set(key, t);
    }
  });
  return { extractor, byType, pagesPerSecond: pages.length / best };
}

/** How often the scrape's `primary_content.page_type` names WCXB's label for the page (untimed: a pass of its own). */
function recognisedTypes(pages: readonly WcxbPage[]): ReadonlyMap<WcxbPageType | "all", { pages: number; right: number }> {
  const byType = new Map<WcxbPageType | "all", { pages: number; right: number }>();
  for (const page of pages) {
    const right = extractHtmlPage(page.html, page.url, TEXT_ONLY).pageType === page.pageType ? 1 : 0;
    for (const key of ["all", page.pageType] as const) {
      const t = byType.get(key) ?? { pages: 0, right: 0 };
      t.pages++;
      t.right += right;
      byType.set(key, t);
    }
  }
  return byType;
}

function share(part: number | undefined, whole: number | undefined): string {
  return whole ? `${((100 * (part ?? 0)) / whole).toFixed(1)} %` : "–";
}
