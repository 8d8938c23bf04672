// Text measures of every element, computed in one bottom-up pass instead of re-reading subtrees.
import type { AnyNode, Element, ParentNode, Text } from "domhandler";
import { hasAncestorIn, isElement, isText, removeNodes } from "./dom";
import { type CountedText, type MarkedElement, UNCOUNTED } from "./dom-nodes";

export interface TextStats {
  /** Characters of text, whitespace runs counted as one. */
  readonly chars: number;
  /** Characters inside <a> elements. */
  readonly linkChars: number;
  readonly commas: number;
  /** Elements below, by kind, for judging containers. */
  readonly paragraphs: number;
  readonly images: number;
  readonly listItems: number;
  readonly inputs: number;
}

/** Each element's measures from one measurement (read as TextStats: only removeMeasured changes them). */
export interface StatsMap {
  get(el: Element): Measures | undefined;
}

/**
 * One measurement's answers, kept on the elements themselves: a page's elements are measured by the
 * thousands and read ten times as often, where a Map keyed by element hashed each one on every read.
 * Measurements of one subtree can be alive together (pruning's, then cleaning's): each element keeps
 * its measures latest first, and a measurement finds its own along them.
 */
class Measurement implements StatsMap {
  get(el: Element): Measures | undefined {
    let m = (el as Partial<MarkedElement>).measures;
    while (m != null && m.by !== this) m = m.earlier;
    return m ?? undefined;
  }

  keep(el: Element, measures: Measures): void {
    const marked = el as Partial<MarkedElement>;
    measures.by = this;
    measures.earlier = marked.measures ?? null;
    marked.measures = measures;
  }
}

/** An element's measures, summed while measure walks its subtree (next, node and inLink are the walk's). */
export class Measures implements TextStats {
  /** The measurement that made them, and the element's measures from the one before. */
  by: Measurement | null = null;
  earlier: Measures | null = null;
  next = 0;
  chars = 0;
  linkChars = 0;
  commas = 0;
  paragraphs = 0;
  images = 0;
  listItems = 0;
  inputs = 0;
  constructor(
    readonly node: ParentNode,
    readonly inLink: boolean,
  ) {}
}

/**
 * Stats of root and every element below it; `inDocumentOrder`, when given, gets those elements (root
 * excluded) as the walk meets them, as `descendants` lists them. Iterative: a hostile page can nest
 * thousands deep.
 */
export function measure(root: ParentNode, inDocumentOrder?: Element[]): StatsMap {
  const out = new Measurement();
  const stack: Measures[] = [new Measures(root, false)];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const kids = top.node.children as AnyNode[];
    if (top.next < kids.length) {
      const child = kids[top.next++]!;
      if (isText(child)) addText(top, child);
      else if (isElement(child)) {
        const name = child.name;
        if (name === "p") top.paragraphs++;
        else if (name === "img") top.images++;
        else if (name === "li") top.listItems++;
        else if (name === "input") top.inputs++;
        inDocumentOrder?.push(child);
        stack.push(new Measures(child, top.inLink || name === "a"));
      }
      continue;
    }
    stack.pop();
    // The walk's measures are the element's (read through TextStats: the walk's own fields are never read again).
    if (isElement(top.node)) out.keep(top.node, top);
    const parent = stack[stack.length - 1];
    if (parent) {
      parent.chars += top.chars;
      parent.linkChars += top.linkChars;
      parent.commas += top.commas;
      parent.paragraphs += top.paragraphs;
      parent.images += top.images;
      parent.listItems += top.listItems;
      parent.inputs += top.inputs;
    }
  }
  return out;
}

/** Adds a text node's counts to its element's. */
function addText(to: Measures, node: Text): void {
  const counted = textCounts(node);
  to.chars += counted.visibleChars;
  if (to.inLink) to.linkChars += counted.visibleChars;
  to.commas += counted.commas;
}

export interface TextCounts {
  /** Characters with white-space runs counted as one and the edges trimmed (Chinese, Japanese and Korean weighted, see HAN_KANA_WEIGHT). */
  readonly visibleChars: number;
  /** Characters other than white space (weighted as visibleChars). */
  readonly solidChars: number;
  /** Commas of Latin, CJK (，、) and Arabic (،) text. */
  readonly commas: number;
}

/**
 * What a character of Chinese or Japanese counts as, and one of Korean: each says in one what Latin
 * letters say in about three (a translation into Chinese runs to a third of the English characters;
 * Hangul's syllables, written with spaces, to about half), and every measure of how much a block says
 * (a story's paragraphs against a sidebar's links, a paragraph's least, a card's most) is set in Latin
 * characters. Counted as one, a story in Japanese lost to a sidebar of English headlines.
 */
const HAN_KANA_WEIGHT = 3;
const HANGUL_WEIGHT = 2;

/** A text node's counts: read once and kept on our nodes (CountedText), read each time on others. */
export function textCounts(node: Text): TextCounts {
  const counted = node as Partial<CountedText>;
  if (counted.visibleChars !== undefined && counted.visibleChars !== UNCOUNTED) return counted as CountedText;
  const counts = countText(node.data);
  if (counted.visibleChars !== UNCOUNTED) return counts;
  counted.visibleChars = counts.visibleChars;
  counted.solidChars = counts.solidChars;
  counted.commas = counts.commas;
  return counted as CountedText;
}

/** A text's counts (see TextCounts). */
export function countText(text: string): TextCounts {
  let solid = 0;
  let runs = 0;
  let commas = 0;
  let hanKana = 0;
  let hangul = 0;
  let space = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 160) {
      if (!space) runs++;
      space = true;
    } else {
      solid++;
      space = false;
      if (c < 0x2e80) {
        if (c === 0x2c || c === 0x060c) commas++;
      } else if (c === 0xff0c || c === 0x3001) commas++;
      // CJK radicals and punctuation, kana, unified ideographs; compatibility ideographs.
      else if (c <= 0x9fff || (c >= 0xf900 && c <= 0xfaff)) hanKana++;
      else if (c >= 0xac00 && c <= 0xd7af) hangul++;
    }
  }
  solid += hanKana * (HAN_KANA_WEIGHT - 1) + hangul * (HANGUL_WEIGHT - 1);
  // Each run of white space between visible characters counts one; one after the last is trimmed.
  return { visibleChars: solid + (space && runs > 0 ? runs - 1 : runs), solidChars: solid, commas };
}

/**
 * A text node's data with each run of white space (`\s`) made one space, as the text and the Markdown of
 * the content both render it: made once and kept on our nodes (CountedText), made each time on others.
 */
export function collapsedText(node: Text): string {
  const counted = node as Partial<CountedText>;
  if (typeof counted.collapsed === "string") return counted.collapsed;
  const collapsed = node.data.replace(WHITE_SPACE_RUN, " ");
  if (counted.collapsed === null) counted.collapsed = collapsed;
  return collapsed;
}

/**
 * The runs of white space that are not already one space: two characters or more, or one other than a
 * space. Most text is words one space apart, then matches nothing and is not copied (`/\s+/g` matched,
 * and replaced, every space).
 */
const WHITE_SPACE_RUN = /\s{2,}|[^\S ]/g;

/**
 * Whether text is made only of characters nothing shows (zero-width spaces and joiners, soft hyphens): a
 * paragraph of them is none. Only text starting with one is tested (most starts with a letter).
 */
export function showsNothing(text: string): boolean {
  return INVISIBLE.has(text.charCodeAt(0)) && INVISIBLE_ONLY.test(text);
}

const INVISIBLE = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0xad]);
const INVISIBLE_ONLY = /^[\u200b-\u200d\u2060\ufeff\u00ad\s]*$/;

export function linkDensity(stats: TextStats | undefined): number {
  if (!stats || stats.chars === 0) return 0;
  return stats.linkChars / stats.chars;
}

/**
 * Removes els and takes what they held off their ancestors' measures, which stay those of the tree as it
 * now is. At once: one by one, each removal shifted its parent's list (thousands of named blocks in one
 * parent took minutes); an element inside another of els is taken off with it.
 */
export function removeMeasured(stats: StatsMap, els: readonly Element[]): void {
  const gone = new Set(els);
  for (const el of gone) if (!hasAncestorIn(el, gone)) takeOffAncestors(stats, el);
  removeNodes(gone);
}

/**
 * Takes what el holds off its ancestors' measures, as if it were removed: for a caller that removes many
 * elements at once afterwards (see removeNodes).
 */
export function takeOffAncestors(stats: StatsMap, el: Element): void {
  const gone = stats.get(el);
  if (!gone) return;
  // In place: no caller keeps an element's measures across a removal, and a page of thousands of
  // removals under hundreds of ancestors made an object per ancestor per removal.
  for (let a: ParentNode | null = el.parent; a !== null && isElement(a); a = a.parent) {
    const s = stats.get(a);
    if (!s) break;
    s.chars -= gone.chars;
    s.linkChars -= gone.linkChars;
    s.commas -= gone.commas;
    s.paragraphs -= gone.paragraphs + (el.name === "p" ? 1 : 0);
    s.images -= gone.images + (el.name === "img" ? 1 : 0);
    s.listItems -= gone.listItems + (el.name === "li" ? 1 : 0);
    s.inputs -= gone.inputs + (el.name === "input" ? 1 : 0);
  }
}
