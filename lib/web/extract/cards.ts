// Repeated siblings: the cards of a listing or a product grid, the posts of a thread, the sections of a
// service page. A container whose children repeat one shape is content of a kind the article cleaner
// would otherwise take for link lists and image strips.
import type { Element } from "domhandler";
import { ancestors, descendants, elementChildren, rawText } from "./dom";
import { classOf, type MarkedElement } from "./dom-nodes";
import type { StatsMap } from "./text-stats";

/** Siblings of these kinds are the run of a text (paragraphs, headings, quotes), not cards. */
const TEXT_RUN = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "figure", "span", "em", "strong", "b", "i", "br", "hr", "img"]);

const PAIRED: Readonly<Record<string, string>> = { dt: "dd", dd: "dt" };

/** Fewest siblings of one shape that make a group. */
const MIN_CARDS = 3;
/** Menus repeat too, but their items are a word or two: cards carry more text on average. */
const MIN_CARD_CHARS = 25;

/**
 * The element's shape: its tag and first class without digits. Cards of one kind share their first
 * class; later classes vary per card (state, category, a generated style hash), and generated names
 * number their variants.
 */
export function shapeOf(el: Element): string {
  return `${el.name}.${firstClassOf(el)}`;
}

/** Read once and kept on our elements: cards are grouped in several passes. */
function firstClassOf(el: Element): string {
  const marked = el as Partial<MarkedElement>;
  if (typeof marked.firstClass === "string") return marked.firstClass;
  const first = (classOf(el) ?? "").trim().split(/\s+/, 1)[0]!.replace(/\d+/g, "");
  if (marked.firstClass === null) marked.firstClass = first;
  return first;
}

/**
 * Containers under root (root included) whose children repeat one shape often enough, with enough text
 * each; `below`: the elements under root, when the caller has them listed already.
 */
export function repeatedGroups(root: Element, stats: StatsMap, below: readonly Element[] = descendants(root)): Element[] {
  return [root, ...below].filter((el) => cardsOf(el, stats) !== undefined);
}

/** The cards of a container whose children repeat one shape often enough, with enough text each (see repeatedGroups). */
export function cardsOf(el: Element, stats: StatsMap): Element[] | undefined {
  // Too little text for enough cards with enough each (most elements of a page): read no further.
  if (el.children.length < MIN_CARDS || (stats.get(el)?.chars ?? 0) < MIN_CARDS * MIN_CARD_CHARS) return undefined;
  // Separators and empty ad slots between cards do not count.
  const kids = elementChildren(el).filter((k) => (stats.get(k)?.chars ?? 0) > 0);
  if (kids.length < MIN_CARDS) return undefined;
  const byShape = new Map<string, Element[]>();
  for (const k of kids) {
    const shape = shapeOf(k);
    const same = byShape.get(shape);
    if (same) same.push(k);
    else byShape.set(shape, [k]);
  }
  let cards: Element[] = [];
  for (const same of byShape.values()) if (same.length > cards.length) cards = same;
  if (TEXT_RUN.has(cards[0]!.name)) return undefined;
  // In a description list terms and descriptions alternate, a card in two parts: the other part is not another kind.
  const partner = PAIRED[cards[0]!.name];
  const parts = partner ? kids.filter((k) => k.name === partner) : [];
  if (cards.length < MIN_CARDS || cards.length < kids.length - cards.length - parts.length) return undefined;
  const chars = [...cards, ...parts].reduce((n, c) => n + (stats.get(c)?.chars ?? 0), 0);
  return chars / cards.length >= MIN_CARD_CHARS ? cards : undefined;
}

/** Characters of text in the groups (outermost ones counted once). */
export function groupedChars(groups: readonly Element[], stats: StatsMap): number {
  const set = new Set(groups);
  return groups.filter((g) => !ancestors(g).some((a) => set.has(a))).reduce((n, g) => n + (stats.get(g)?.chars ?? 0), 0);
}

/** Every element inside one of the groups, the groups included, and every container of one up to root. */
export function aroundGroups(groups: readonly Element[], root: Element): Set<Element> {
  const out = new Set<Element>();
  for (const g of groups) {
    if (out.has(g)) continue;
    out.add(g);
    for (const d of descendants(g)) out.add(d);
    for (const a of ancestors(g)) {
      out.add(a);
      if (a === root) break;
    }
  }
  return out;
}

/**
 * A price in a card's text: a currency sign or code beside a number, or a number before the word a
 * language writes for its money (円, 元, 원, руб., ₫ after the amount).
 */
const PRICE =
  /(?:[$€£¥₹₩₽₺₫₱฿₪₴₦]|(?:USD|EUR|GBP|CAD|AUD|CHF|JPY|CNY|RMB|INR)\b)\s?\d|\d\s?(?:[$€£¥₹₩₽₺₫₱฿₪₴₦円元원]|(?:USD|EUR|GBP|CHF|kr|zł|Kč|Ft|lei|руб|грн)(?![\p{L}]))/u;

/** Fewest cards with a price that make a run of products. */
const MIN_PRICED_CARDS = 3;

/** A group of cards (see repeatedGroups) of which two in three or more, and at least three, show a price: products on offer. */
export function isPricedRun(group: Element, stats: StatsMap): boolean {
  const cards = elementChildren(group).filter((k) => (stats.get(k)?.chars ?? 0) > 0);
  const priced = cards.filter((c) => PRICE.test(rawText(c))).length;
  return priced >= MIN_PRICED_CARDS && priced * 3 >= cards.length * 2;
}
