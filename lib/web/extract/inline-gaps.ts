// Where two elements meet with nothing between them, whether their words read apart: shared by both
// renderers, so the text and the Markdown of a page agree.
import type { AnyNode, Element } from "domhandler";
import { isElement, isText } from "./dom";

/**
 * Whether an element and the element just before it (no text between, not even a space) are laid out
 * apart: outside prose, a page's stylesheet sets such siblings apart (a card's row of flex items: an
 * author's name and the date, a product's name and its badge, an endpoint's method and path), where a
 * reader without it would see their words glued ("Lawrence UlrichMar 7"). Not so inside a paragraph or a
 * heading (spans there are runs of one line: a word processor splits words across them), around
 * formatting tags (`<b>W</b><i>ord</i>`), nor for a single character (letters animated one by one).
 */
export function laidApart(el: Element): boolean {
  const before = el.prev;
  if (before === null || !isElement(before)) return false;
  const parent = el.parent;
  if (parent !== null && isElement(parent) && PROSE.has(parent.name)) return false;
  return !FORMATTING.has(el.name) && !FORMATTING.has(before.name) && !isOneCharacter(el) && !isOneCharacter(before);
}

/** Whether text ending in `left` and text starting with `right`, once laid apart, need a space to read as two words. */
export function wordsMeet(left: string, right: string): boolean {
  // The last two code units hold the last character (a letter beyond the BMP is two): an anchored
  // test on the whole line would read all of it each time.
  const end = left.slice(-2);
  return WORD_END.test(end) && WORD_START.test(right) && !(DIGIT_END.test(end) && ORDINAL_START.test(right));
}

const PROSE = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "figcaption", "label", "pre", "code"]);
const FORMATTING = new Set(["b", "i", "em", "strong", "u", "s", "sup", "sub", "small", "mark", "code", "abbr", "wbr", "br"]);

const WORD_END = /[\p{L}\p{N}]$/u;
const WORD_START = /^[\p{L}\p{N}]/u;
const DIGIT_END = /\p{N}$/u;
/** "3<span>rd</span>": an ordinal's suffix, split off for its smaller type. */
const ORDINAL_START = /^(?:st|nd|rd|th)\b/i;

/** A few nodes are enough to tell: more is more than one character. */
const MAX_NODES_READ = 6;

/** At most one character besides white space (read no further than needed). */
function isOneCharacter(el: Element): boolean {
  let seen = 0;
  const stack: AnyNode[] = [el];
  for (let nodes = 0, node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (++nodes > MAX_NODES_READ) return false;
    if (isText(node)) {
      for (let i = 0; i < node.data.length; i++) if (node.data.charCodeAt(i) > 32 && ++seen > 1) return false;
    } else if (isElement(node)) {
      // Each node waiting would be read: a parent of thousands is more than a few nodes at once.
      if (nodes + stack.length + node.children.length > MAX_NODES_READ) return false;
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    }
  }
  return true;
}
