// Sectioned pages: a service page or a page builder's layout is a run of sibling sections of one shape,
// and the article scorer may pick the longest of them as if it were the story.
import type { Element, ParentNode } from "domhandler";
import { shapeOf } from "./cards";
import { findFirst, isElement } from "./dom";
import { ownTextOf } from "./region";
import type { StatsMap } from "./text-stats";

/**
 * The article is one section of a sectioned page (a page builder's rows, a service page's blocks, which
 * often declare themselves articles): it, or an ancestor of it inside the region, is one of at least
 * three siblings of one shape whose others hold at least half as much text of their own as it does, or
 * one of at least four sections of prose, each of its own make (a hero, the features, the questions
 * and answers), whose others hold a fifth as much. An article of several blocks (two cards of an
 * accordion the scorer took together) is read from its first block, its other blocks counted with it,
 * not as the other sections.
 */
export function oneOfManySections(article: readonly Element[], articleText: number, stats: StatsMap, region: ParentNode): boolean {
  if (article.length === 0) return false;
  for (let el: Element | undefined = article[0]; el && el !== region; el = parentElement(el)) {
    const shape = shapeOf(el);
    let sections = 1;
    let othersText = 0;
    for (const sibling of el.parent?.children ?? []) {
      if (sibling === el || !isElement(sibling) || shapeOf(sibling) !== shape || article.includes(sibling)) continue;
      sections++;
      othersText += ownTextOf(sibling, stats);
    }
    if (sections >= MIN_SECTIONS && othersText >= articleText * OTHER_SECTIONS_SHARE) return true;
    const prose = proseSectionsBeside(el, article, stats);
    if (prose.count + 1 >= MIN_PROSE_SECTIONS && prose.text >= articleText * OTHER_PROSE_SHARE) return true;
  }
  return false;
}

const MIN_SECTIONS = 3;
const OTHER_SECTIONS_SHARE = 0.5;
const MIN_PROSE_SECTIONS = 4;
const OTHER_PROSE_SHARE = 0.2;

/** A section of prose: under a heading of its own, this much text outside links, and most of its text so. */
const PROSE_SECTION_CHARS = 100;
const PROSE_SHARE = 0.7;
const SECTION_HEADINGS: ReadonlySet<string> = new Set(["h1", "h2", "h3"]);

/** el's siblings that are sections of prose (not the article's other blocks): how many, and their text outside links. */
function proseSectionsBeside(el: Element, article: readonly Element[], stats: StatsMap): { count: number; text: number } {
  let count = 0;
  let text = 0;
  for (const sibling of el.parent?.children ?? []) {
    if (sibling === el || !isElement(sibling) || article.includes(sibling)) continue;
    const own = ownTextOf(sibling, stats);
    if (own < PROSE_SECTION_CHARS || own < (stats.get(sibling)?.chars ?? 0) * PROSE_SHARE) continue;
    if (findFirst(sibling, (d) => SECTION_HEADINGS.has(d.name)) === undefined) continue;
    count++;
    text += own;
  }
  return { count, text };
}

function parentElement(el: Element): Element | undefined {
  return el.parent && isElement(el.parent) ? el.parent : undefined;
}
