// The part of the page that holds its content: the page's own <main> (or role="main") when it holds
// a fair share of the text, else the whole body.
import type { Element, ParentNode } from "domhandler";
import { descendants, isElement } from "./dom";
import type { StatsMap, TextStats } from "./text-stats";
import { roleOf } from "./dom-nodes";

/** A <main> holding less than this share of the body's text is a fragment (a hero, a search box), not the content. */
const MAIN_SHARE = 0.25;

/** `elements`: those under body in document order, when the caller has them listed already. */
export function contentRegion(body: ParentNode, stats: StatsMap, elements: readonly Element[] = descendants(body)): ParentNode {
  const total = charsOf(body, stats);
  let best: Element | undefined;
  for (const el of elements) {
    if (el.name !== "main" && roleOf(el) !== "main") continue;
    if (!best || charsOf(el, stats) > charsOf(best, stats)) best = el;
  }
  return best && charsOf(best, stats) >= total * MAIN_SHARE ? best : body;
}

export function charsOf(node: ParentNode, stats: StatsMap): number {
  return sum(node, stats, (s) => s.chars);
}

/** Characters of text outside links. */
export function ownTextOf(node: ParentNode, stats: StatsMap): number {
  return sum(node, stats, (s) => s.chars - s.linkChars);
}

function sum(node: ParentNode, stats: StatsMap, of: (s: TextStats) => number): number {
  if (isElement(node)) {
    const s = stats.get(node);
    return s ? of(s) : 0;
  }
  return node.children.reduce((n, c) => {
    const s = isElement(c) ? stats.get(c) : undefined;
    return n + (s ? of(s) : 0);
  }, 0);
}
