import { number, table } from "../lib/report";
import { type BenchPage, loadPages } from "./data";
import { bundledBourse, type Extractor, parsers, readability, timedPasses } from "./extractors";
import { scorePage, summarise, type Summary } from "./metric";
import { threadsReport } from "./threads";
import { wcxbReport } from "./wcxb-report";

interface Run {
  readonly extractor: Extractor;
  readonly summary: Summary;
  readonly pagesPerSecond: number;
}

/** Main-text F1 on the article set (its own metric) and on WCXB's seven page types (word F1), pages per second, ours beside Readability.js. */
export async function extract(): Promise<void> {
  const pages = loadPages();
  console.log(
    `\n## extract: main text of ${pages.length} article pages (scrapinghub/article-extraction-benchmark), HTML string → text, single thread, fastest of ${process.env.BENCH_EXTRACT_PASSES ?? 3} passes`,
  );
  const bourse = await bundledBourse();
  const runs = [bourse, readability].map((extractor) => measure(extractor, pages));
  table([
    ["extractor", "F1", "precision", "recall", "pages/s"],
    ...runs.map((r) => [r.extractor.name, r.summary.f1.toFixed(4), r.summary.precision.toFixed(4), r.summary.recall.toFixed(4), number(r.pagesPerSecond)]),
  ]);
  const [ours, peer] = runs as [Run, Run];
  console.log(
    `F1 bourse − Readability.js: ${(ours.summary.f1 - peer.summary.f1).toFixed(4)} (target F1 ≥ 0.96 and above Readability.js); ` +
      `speed ratio: ${number(ours.pagesPerSecond / peer.pagesPerSecond)}× (target ≥ 200 pages/s)`,
  );

  wcxbReport(bourse);

  console.log("\n## extract: parsing alone");
  table([
    ["parser", "pages/s", "MB/s"],
    ...parsers.map((p) => {
      const seconds = fastest(() => {
        for (const page of pages) p.parse(page.html);
      });
      return [p.name, number(pages.length / seconds), number(totalBytes(pages) / 1e6 / seconds)];
    }),
  ]);

  await threadsReport();
}

function fastest(work: () => void, passes = 3): number {
  work(); // warm-up
  let best = Infinity;
  for (let i = 0; i < passes; i++) {
    const started = process.hrtime.bigint();
    work();
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e9);
  }
  return best;
}

function totalBytes(pages: readonly BenchPage[]): number {
  return pages.reduce((n, p) => n + Buffer.byteLength(p.html), 0);
}

function measure(extractor: Extractor, pages: readonly BenchPage[], passes = Number(process.env.BENCH_EXTRACT_PASSES ?? 3)): Run {
  for (const page of pages.slice(0, 20)) extractor.run(page.html, page.url); // warm-up
  const { texts, seconds } = timedPasses(extractor, pages, passes);
  const summary = summarise(pages.map((page, i) => scorePage(page.expected, texts[i]!)));
  return { extractor, summary, pagesPerSecond: pages.length / seconds };
}
