// What the extractor makes of every bench page, saved and compared: a change meant to leave outputs as
// they are (a speed change) is checked against every page, and a rule's effect is seen page by page.
//
//   npx tsx bench/extract/outputs.ts save FILE      text, Markdown and page type of the 1,539 bench pages,
//                                                    with each WCXB page's word F1
//   npx tsx bench/extract/outputs.ts compare A B    the pages whose outputs differ, WCXB F1 per type in
//                                                    both, and the pages that moved most
import { readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { extractHtmlPage } from "../../lib/web/extract/page";
import { table } from "../lib/report";
import { loadPages } from "./data";
import { TEXT_ONLY } from "./extractors";
import { loadWcxbPages, WCXB_PAGE_TYPES } from "./wcxb";
import { wordScore } from "./word-metric";

const outputSchema = z.object({
  text: z.string(),
  markdown: z.string(),
  pageType: z.string(),
  /** WCXB pages only: the page's type as labelled and its word F1. */
  labelled: z.enum(WCXB_PAGE_TYPES).optional(),
  f1: z.number().optional(),
});
type Output = z.infer<typeof outputSchema>;
const outputsSchema = z.record(z.string(), outputSchema);

/** Every bench page's outputs, keyed `wcxb:<id>` and `article:<id>`. */
function extractAll(): Record<string, Output> {
  const out: Record<string, Output> = {};
  for (const page of loadWcxbPages()) {
    const got = extractHtmlPage(page.html, page.url, TEXT_ONLY);
    const text = got.text ?? "";
    out[`wcxb:${page.id}`] = {
      text,
      markdown: got.markdown ?? "",
      pageType: got.pageType ?? "",
      labelled: page.pageType,
      f1: wordScore(page.expected, text).f1,
    };
  }
  for (const page of loadPages()) {
    const got = extractHtmlPage(page.html, page.url, TEXT_ONLY);
    out[`article:${page.id}`] = { text: got.text ?? "", markdown: got.markdown ?? "", pageType: got.pageType ?? "" };
  }
  return out;
}

function read(file: string): Record<string, Output> {
  return outputsSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

function compare(before: Record<string, Output>, after: Record<string, Output>): void {
  const keys = Object.keys(before).filter((k) => after[k] !== undefined);
  const differ = keys.filter((k) => {
    const [a, b] = [before[k]!, after[k]!];
    return a.text !== b.text || a.markdown !== b.markdown || a.pageType !== b.pageType;
  });
  console.log(
    `${keys.length} pages in both, ${differ.length} with other outputs${differ.length > 0 ? `: ${differ.slice(0, 20).join(", ")}${differ.length > 20 ? ", …" : ""}` : ""}`,
  );
  const scored = keys.filter((k) => before[k]!.f1 !== undefined && after[k]!.f1 !== undefined);
  if (scored.length === 0) return;
  const mean = (ks: readonly string[], of: Record<string, Output>) => ks.reduce((n, k) => n + of[k]!.f1!, 0) / Math.max(1, ks.length);
  table([
    ["page type", "pages", "F1 before", "F1 after", "change"],
    ...(["all", ...WCXB_PAGE_TYPES] as const).map((type) => {
      const ks = type === "all" ? scored : scored.filter((k) => before[k]!.labelled === type);
      const [a, b] = [mean(ks, before), mean(ks, after)];
      return [type, String(ks.length), a.toFixed(4), b.toFixed(4), `${b - a >= 0 ? "+" : ""}${(b - a).toFixed(4)}`];
    }),
  ]);
  const moved = scored.map((k) => ({ k, by: after[k]!.f1! - before[k]!.f1! })).filter((m) => m.by !== 0);
  moved.sort((x, y) => x.by - y.by);
  console.log(`${moved.filter((m) => m.by > 0).length} pages better, ${moved.filter((m) => m.by < 0).length} worse`);
  if (moved.length === 0) return;
  const shown = moved.length <= 20 ? moved : [...moved.slice(0, 10), ...moved.slice(-10)];
  table([["page", "labelled", "type before → after", "F1 before → after"], ...shown.map(({ k }) => row(k, before[k]!, after[k]!))]);
}

function row(key: string, a: Output, b: Output): string[] {
  return [key, a.labelled ?? "", `${a.pageType} → ${b.pageType}`, `${a.f1!.toFixed(3)} → ${b.f1!.toFixed(3)}`];
}

const [command, first, second] = process.argv.slice(2);
if (command === "save" && first) writeFileSync(first, JSON.stringify(extractAll()));
else if (command === "compare" && first && second) compare(read(first), read(second));
else {
  console.error("usage: outputs.ts save FILE | compare BEFORE AFTER");
  process.exitCode = 2;
}
