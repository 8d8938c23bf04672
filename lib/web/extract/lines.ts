// Where a short element stands: on a line of its own, or among other words. A label alone on its line is
// furniture; the same words among others may be a sentence's.
import type { Element } from "domhandler";
import { BLOCK_TAGS } from "./blocks";
import { isElement } from "./dom";
import type { StatsMap } from "./text-stats";

/** Whether el is all the text of its line, the nearest block holding it (itself, when it is one). */
export function onLineOfItsOwn(el: Element, chars: number, stats: StatsMap): boolean {
  return (stats.get(lineOf(el))?.chars ?? 0) <= chars + 1;
}

/** The nearest block holding el: the line it is on. */
export function lineOf(el: Element): Element {
  let block: Element = el;
  while (!BLOCK_TAGS.has(block.name) && block.parent !== null && isElement(block.parent)) block = block.parent;
  return block;
}

/** Whether el is all the text of its parent: a line of its own, not words of a sentence ("you can read more about kilns here"). */
export function standsAlone(el: Element, chars: number, stats: StatsMap): boolean {
  const parent = el.parent;
  return parent !== null && isElement(parent) && (stats.get(parent)?.chars ?? 0) <= chars + 1;
}
