// A section shown twice: pages render some blocks once per layout (a phone's copy and a desktop's, one
// hidden by CSS a scraper does not run) and threads quote posts already shown above. Only the first copy
// is content. Cards of one grid repeat fields on purpose (a plan's features, an offer's fine print), and
// code and tab panels repeat by design: those stay. A whole card again (a carousel's clone) is a copy,
// and so is a line a card says twice (its title over the image and under it).
import type { AnyNode, Element, ParentNode } from "domhandler";
import { BLOCK_TAGS, holdsBlock } from "./blocks";
import { cardsOf, shapeOf } from "./cards";
import { descendants, hasAncestorIn, isElement, isText, rawText, removeNodes } from "./dom";
import { UNSEEN } from "./plain-text";
import { countText, type StatsMap, textCounts } from "./text-stats";
import { roleOf } from "./dom-nodes";

/** A copy must hold at least this many characters besides white space: short lines ("Reply", a price) repeat legitimately. */
const MIN_CHARS = 85;

/** Children of one shape that make a grid; a phone's copy and a desktop's are two. */
const MIN_CARDS = 3;

const ENTRIES = new Set(["li", "dd", "dt", "td", "th", "tr"]);

export function removeRepeatedSections(roots: readonly Element[]): void {
  const seen = new Map<string, Element>();
  const copies = new Removals();
  for (const root of roots) {
    const order = descendants(root);
    // Two copies have as many characters: only blocks whose count another block shares have their text read.
    const counts = countVisibleChars(order);
    // A wrapper around one child with all its text is that child again, not a second copy (a quote is
    // judged whole, unless it wraps a quote: hundreds of quotes nested were each read whole). An inline
    // element holding blocks is a block as laid out (a page builder's <span> around a heading and its paragraphs).
    const candidates = order.filter((el) => {
      const n = counts.get(el)!;
      return (
        n >= MIN_CHARS &&
        (BLOCK_TAGS.has(el.name) || holdsBlock(el)) &&
        !el.children.some((c) => isElement(c) && counts.get(c) === n && (el.name !== "blockquote" || c.name === "blockquote"))
      );
    });
    const sharing = new Map<number, number>();
    for (const el of candidates) sharing.set(counts.get(el)!, (sharing.get(counts.get(el)!) ?? 0) + 1);
    for (const el of candidates) {
      if (sharing.get(counts.get(el)!)! < 2 || hasAncestorIn(el, copies.found) || insideExempt(el, root)) continue;
      const key = rawText(el).replace(SPACE_RUNS, "").toLowerCase();
      const first = seen.get(key);
      if (!first) seen.set(key, el);
      // Any block can be the first copy (a post of one paragraph); only a section or a quote is dropped as a second.
      else if (isSection(el) && !contains(first, el) && (el.name === "blockquote" || !fieldsOfSiblingCards(first, el, key, copies))) copies.add(el);
    }
  }
  copies.remove();
}

/** Characters other than white space under each element, children counted before their parents. */
function countVisibleChars(order: readonly Element[]): Map<Element, number> {
  const counts = new Map<Element, number>();
  for (let i = order.length - 1; i >= 0; i--) {
    const el = order[i]!;
    let n = 0;
    for (const child of el.children) {
      if (isElement(child)) n += counts.get(child) ?? 0;
      else if (isText(child)) n += textCounts(child).solidChars;
    }
    counts.set(el, n);
  }
  return counts;
}

/**
 * What a pass finds to remove, removed together at its end (one by one, each removal shifted the rest of
 * its parent's list: quadratic on a page of thousands of copies); until then the pass reads the tree as
 * if each had gone when found (a card's text, the cards of a grid).
 */
class Removals {
  readonly found = new Set<AnyNode>();
  /** For each parent asked of, how many of its children have each shape, those found aside. */
  private readonly shapes = new Map<ParentNode, Map<string, number>>();

  add(node: AnyNode): void {
    this.found.add(node);
    const counted = node.parent ? this.shapes.get(node.parent) : undefined;
    if (counted && isElement(node)) {
      const shape = shapeOf(node);
      counted.set(shape, (counted.get(shape) ?? 1) - 1);
    }
  }

  /** How many children of parent have this shape, those found aside (each parent's children read once). */
  childrenShaped(parent: ParentNode, shape: string): number {
    let counted = this.shapes.get(parent);
    if (!counted) {
      counted = new Map();
      for (const c of parent.children) {
        if (!isElement(c) || this.found.has(c)) continue;
        const s = shapeOf(c);
        counted.set(s, (counted.get(s) ?? 0) + 1);
      }
      this.shapes.set(parent, counted);
    }
    return counted.get(shape) ?? 0;
  }

  remove(): void {
    removeNodes(this.found);
  }
}

/**
 * A quote, or a container of at least two blocks: one paragraph alone may well be said twice, and entries
 * of lists and tables repeat in references (one parameter under several endpoints).
 */
function isSection(el: Element): boolean {
  if (el.name === "blockquote") return true;
  if (ENTRIES.has(el.name)) return false;
  let blocks = 0;
  for (const c of el.children) if (isElement(c) && BLOCK_TAGS.has(c.name) && ++blocks >= 2) return true;
  return false;
}

/**
 * Whether a and b sit in two children of one container that share their shape with at least one more
 * (cards of one grid), as parts of them: each plan's features are its own. A card all of whose text is
 * an earlier card's is a copy (a carousel's cloned slides, a layout's second rendering of a grid).
 * `found`: what the pass has found to remove, read as removed already.
 */
function fieldsOfSiblingCards(a: Element, b: Element, key: string, found: Removals): boolean {
  const pathA = pathFromTop(a);
  const pathB = pathFromTop(b);
  let i = 0;
  while (i < pathA.length && i < pathB.length && pathA[i] === pathB[i]) i++;
  const cardA = pathA[i];
  const cardB = pathB[i];
  if (cardA === undefined || cardB === undefined || !cardA.parent || cardA.parent !== cardB.parent) return false;
  const shape = shapeOf(cardA);
  if (shapeOf(cardB) !== shape) return false;
  return found.childrenShaped(cardA.parent, shape) >= MIN_CARDS && !isWhole(cardB, key, found.found);
}

/**
 * Whether a card's text is all in its copy (compared as the copies are, white space aside). Read only as
 * far as the copy's length: lower-casing never shortens a text, so a card already longer is not whole
 * (each large card of a page was read whole for each copy found in it).
 */
function isWhole(card: Element, key: string, gone: ReadonlySet<AnyNode>): boolean {
  let text = "";
  const stack: AnyNode[] = [card];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (gone.has(node)) continue;
    if (isText(node)) {
      text += node.data.replace(SPACE_RUNS, "");
      if (text.length > key.length) return false;
    } else if (isElement(node)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return text.toLowerCase() === key;
}

const SPACE_RUNS = /\s+/g;

function pathFromTop(el: Element): Element[] {
  const out: Element[] = [];
  for (let p: Element | null = el; p; p = p.parent && isElement(p.parent) ? p.parent : null) out.push(p);
  return out.reverse();
}

/** Whether b is inside a. */
function contains(a: Element, b: Element): boolean {
  for (let p = b.parent; p; p = p.parent) if (p === a) return true;
  return false;
}

/**
 * Code repeats on purpose, and tab panels show one variant each (panels marked so for assistive
 * technology: a layout whose blocks are only named tabs may be a phone's copy of the desktop's).
 */
function insideExempt(el: Element, root?: Element): boolean {
  for (let p: ParentNode | null = el; p && p !== root && isElement(p); p = p.parent) {
    if (p.name === "pre" || p.name === "code" || roleOf(p) === "tabpanel") return true;
  }
  return false;
}

/**
 * A card of a grid that says a line twice (its title over the image and again under it, a date in the
 * card's header and in its footer) renders it once per layout: the second saying goes. Lines are
 * compared within one card, never across cards; a block holding a grid of its own is a section of the
 * page, not a card (a pricing row whose plans list the same features). Code and tables are exempt.
 * `stats`: the page's measures from pruning (cards are told by their text before cleaning).
 */
export function removeLinesRepeatedInCards(roots: readonly Element[], stats: StatsMap): void {
  for (const root of roots) {
    const grids = new Map<Element, Element[]>();
    for (const el of [root, ...descendants(root)]) {
      const cards = cardsOf(el, stats);
      if (cards) grids.set(el, cards);
    }
    const holdsGrid = new Set<Element>();
    for (const grid of grids.keys()) {
      for (let el: ParentNode | null = grid; el && isElement(el) && !holdsGrid.has(el); el = el === root ? null : el.parent) holdsGrid.add(el);
    }
    // Cards of the grids read are disjoint (a card holding a grid is skipped): one card's removals leave the next card's lines as they were.
    const said = new Set<AnyNode>();
    for (const cards of grids.values()) {
      for (const card of cards) {
        if (holdsGrid.has(card) || TABLE_PARTS.has(card.name)) continue;
        const seen = new Set<string>();
        for (const { nodes, key } of linesOf(card, CARD_EXEMPT)) {
          if (seen.has(key)) for (const node of nodes) said.add(node);
          else seen.add(key);
        }
      }
    }
    removeNodes(said);
  }
}

const CARD_EXEMPT = new Set(["pre", "table"]);
/** A table's rows say "Yes" in column after column: those are no cards. */
const TABLE_PARTS = new Set(["tbody", "thead", "tfoot", "tr", "td", "th"]);
const THREAD_EXEMPT = new Set(["pre"]);

/**
 * The lines of text under root (what lies between line breaks and blocks), each with its nodes and a
 * key comparing them (lower case, words only); nothing under an exempt element. Lines shorter than
 * `minChars` are left out unread: a key never weighs more than its line.
 */
function linesOf(root: Element, exempt: ReadonlySet<string>, minChars = 0): { nodes: AnyNode[]; key: string }[] {
  const lines: { nodes: AnyNode[]; key: string }[] = [];
  const flush = (line: AnyNode[]) => {
    if (line.length === 0) return;
    const text = line.length === 1 ? rawText(line[0]!) : line.map((node) => rawText(node)).join("");
    // Counted only when short: a line's weight is never under its length but for runs of white space.
    if (text.length < minChars && countText(text).visibleChars < minChars) {
      line.length = 0;
      return;
    }
    const key = text.replace(NOT_ONE_SPACE, " ").trim().toLowerCase();
    if (key !== "") lines.push({ nodes: [...line], key });
    line.length = 0;
  };
  const walk = (el: Element) => {
    if (exempt.has(el.name)) return;
    const line: AnyNode[] = [];
    for (const child of el.children) {
      if (isElement(child) && (BLOCK_TAGS.has(child.name) || child.name === "br")) {
        flush(line);
        if (child.name !== "br") walk(child);
      } else if (isText(child) || isElement(child)) line.push(child);
    }
    flush(line);
  };
  walk(root);
  return lines;
}

/**
 * What parts the words of a line: ASCII's white space, punctuation and symbols, Latin-1's no-break space
 * and signs, general punctuation (curly quotes, dashes, bullets, "…"), symbols (arrows, ✔, ™, shapes),
 * emoji and whatever else lies beyond the BMP, CJK and full-width punctuation ("、。「」，："), as `\W`
 * parts them. Every other character is read as part of a word, so a key keeps any script's words:
 * `\W` alone read "Мне 25 лет" and "我今年25岁" both as "25", a line a thread's posts all "said" (a
 * Unicode-aware `[^\p{L}\p{N}]` reads the same but ran eight times slower). Space stands apart: runs
 * of one space are not rewritten.
 */
const SEPARATORS = String.raw`\x21-\x2f\x3a-\x40\x5b-\x5e\x60\x7b-\xbf\u2000-\u206f\u2100-\u2bff\u3000-\u303f\u30fb\ud800-\udfff\ufe00-\ufe6f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65\ufff0-\uffff`;
const WHITE_SPACE = String.raw`\x00-\x1f\x20`;

/** Runs of separators that are not already one space (two characters or more, or one other than a space): each made one space. */
const NOT_ONE_SPACE = new RegExp(String.raw`[${WHITE_SPACE}${SEPARATORS}]{2,}|[\x00-\x1f${SEPARATORS}]`, "g");

/** A line a thread says again must hold at least this many characters besides white space: short ones ("Thanks!", a date) repeat legitimately. */
const MIN_LINE_CHARS = 60;

/**
 * On a thread, a line said again word for word (text between line breaks or blocks) is a quote of a
 * post above, whole or in part (a reply quoting one paragraph of a long post): the first saying stays.
 * A short line said on three posts or more is the posts' furniture ("Reply With Quote", "Print view",
 * "permalink", "Author"), and a line of one number or one letter is a post's number, its votes or its
 * author's avatar, a count of its reactions ("2 likes", "1 reply") and the line a phone's app signs it
 * with ("Sent from my iPhone") are its footer: those go wherever
 * they are (the counts: WCXB forum +0.0004, 22 threads better, two worse). Code is exempt (a log repeats its lines).
 */
export function removeRepeatedLines(roots: readonly Element[]): void {
  const lines = roots.flatMap((root) => linesOf(root, THREAD_EXEMPT));
  const shortLines = new Map<string, number>();
  for (const { key } of lines) if (countText(key).solidChars < MIN_LINE_CHARS) shortLines.set(key, (shortLines.get(key) ?? 0) + 1);
  const seen = new Set<string>();
  const dropped = new Set<AnyNode>();
  for (const { nodes, key } of lines) {
    const furniture =
      ((shortLines.get(key) ?? 0) >= MIN_FURNITURE_POSTS && !DATED.test(key)) || LONE_MARK.test(key) || POSTER_FACTS.test(key) || SENT_FROM.test(key);
    const quote = !furniture && countText(key).solidChars >= MIN_LINE_CHARS && seen.has(key);
    if (furniture || quote) for (const node of nodes) dropped.add(node);
    else seen.add(key);
  }
  removeNodes(dropped);
}

/** A short line said this many times on a thread labels its posts; said twice it may be two replies' "Thanks!". */
const MIN_FURNITURE_POSTS = 3;

/** A post's date, the same on posts of one day, is kept with each ("Mar 27, 2025", "Posted March 3"). */
const DATED =
  /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d|\b\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\b\d{1,4} \d{1,2} \d{2,4}\b/;

const MONTH = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*";

/**
 * What a board says of a post's author and its edits, on a line of its own (compared as keys are: lower
 * case, words one space apart): "Posts: 1,234", "4,931 posts", "Reaction score: 56", "Joined: Feb 2019", "Last edited:
 * Jul 3, 2024", "Edited June 5 by coldj", "Last edited by trilby (2024-01-12 10:00:00)". WCXB forum
 * +0.0015, 21 threads better, 3 worse.
 */
const POSTER_FACTS = new RegExp(
  `^(?:(?:posts|messages|reaction score|likes received|points|solutions|reputation|threads|karma|trophy points) \\d[\\d ]*k?|\\d[\\d ]*k? (?:posts|messages|threads)|joined ${MONTH} \\d+(?: \\d+)?|(?:last )?edited(?: by [\\w ]+?)?(?: on)? (?:\\d{1,2} )?${MONTH} \\d[\\w ]*|last edited by [\\w ]+ \\d{4} \\d{1,2} \\d{1,2}[\\d ]*)$`,
);

/**
 * The line a phone's mail or forum app adds under what it posts ("Sent from my iPhone", "Sent from my
 * SM-S908U using Tapatalk"; in Spanish, Portuguese, French, Italian, German, Dutch and Russian too).
 */
const SENT_FROM =
  /^(?:sent from my|enviado desde mi|enviado do meu|envoyé de mon|envoyé depuis mon|inviato dal mio|verzonden (?:vanaf|met) mijn|отправлено с моего) [\p{L}\p{N} ]{1,60}?(?: (?:using|via|con|com|avec|met|mit|с помощью) [\p{L}\p{N} ]{1,60})?$|^von meinem [\p{L}\p{N} ]{1,60} gesendet$/u;

/** A post's number or vote count ("#12", "7"), an avatar's initial, or a count of reactions ("2 likes"), alone on its line. */
const LONE_MARK = /^(\d+|[a-z]|\d+ (likes?|replies|reply|reactions?|votes?|points?|upvotes?|comments?))$/;

/**
 * On a page of items or sections (a product, a listing, a shop's category, a service page) a line said
 * again is the line rendered twice: a product's title in its sticky bar, a description in a phone's
 * layout and a desktop's, a carousel's cloned slide, a section's summary repeated in its tab. The first
 * saying stays. Cards of one grid say their fields on purpose ("Cushioning", a date, "Subjects: …"):
 * those stay, unless the line is only a control ("Add to compare", "Rate this book", "Quick shop"),
 * each card's furniture. Code is exempt, and text no reader sees is not read. WCXB all +0.0015 (product
 * +0.007, collection +0.005, listing +0.007, service +0.001), 118 pages better, 34 worse.
 */
export function removeLinesSaidAgain(roots: readonly Element[]): void {
  removeLaterSayings(roots, (line, first, at, key, found) => !fieldsOfSiblingCards(first, at, key, found) || line.every(isControl));
}

/**
 * In a story or a reference a short line may be said again on purpose (a refrain, a step's "Save the
 * file."), and so may a list's or a table's entry (one parameter under several endpoints) and sibling
 * cards' fields; a sentence of 100 characters or more said again word for word elsewhere is its block
 * rendered twice (a phone's copy, the story shown again under itself). WCXB all +0.0003, 12 pages
 * better, 2 worse; 80 to 150 characters alike. Code and tab panels are exempt, as from the sections'
 * rule: each panel is read on its own (an install step for macOS and again for Linux).
 */
export function removeSentencesSaidAgain(roots: readonly Element[]): void {
  removeLaterSayings(
    roots,
    (_line, first, at, key, found) =>
      countText(key).visibleChars >= MIN_SENTENCE_CHARS && !insideEntry(at) && !insideExempt(at) && !fieldsOfSiblingCards(first, at, key, found),
    MIN_SENTENCE_CHARS,
  );
}

const MIN_SENTENCE_CHARS = 100;

/**
 * Lines said again (after the first saying, `first`, and at `at`) that `drops` says go, removed together
 * at the end (`found`: those found so far); lines under `minChars` are never dropped.
 */
function removeLaterSayings(
  roots: readonly Element[],
  drops: (line: readonly AnyNode[], first: Element, at: Element, key: string, found: Removals) => boolean,
  minChars = 0,
): void {
  const firstSaid = new Map<string, Element>();
  const found = new Removals();
  for (const { nodes, key } of roots.flatMap((root) => linesOf(root, SAID_AGAIN_EXEMPT, minChars))) {
    const at = nodes[0]?.parent;
    if (!at || !isElement(at)) continue;
    const first = firstSaid.get(key);
    if (first === undefined) firstSaid.set(key, at);
    else if (drops(nodes, first, at, key, found)) for (const node of nodes) found.add(node);
  }
  found.remove();
}

function insideEntry(el: Element): boolean {
  for (let p: ParentNode | null = el; p && isElement(p); p = p.parent) if (ENTRIES.has(p.name)) return true;
  return false;
}

const SAID_AGAIN_EXEMPT = new Set(["pre", ...UNSEEN]);

/** A link, a button or a form's label, or the white space between them. */
function isControl(node: AnyNode): boolean {
  if (isText(node)) return node.data.trim() === "";
  return isElement(node) && (node.name === "a" || node.name === "button" || node.name === "label" || roleOf(node) === "button");
}
