// The article: paragraphs (length, commas) score into their ancestors, weighted by tag and class/id
// hints and discounted by link density; the best ancestor, climbed to the common ancestor of close
// rivals, plus siblings that score alike, is the article. A schema.org articleBody wins when it
// holds real text.
import type { AnyNode, Element, ParentNode } from "domhandler";
import { BLOCK_TAGS } from "./blocks";
import { ancestors, descendants, elementChildren, findFirst, holdsOneElement, isElement, isText } from "./dom";
import { classWeight } from "./hints";
import { plainText } from "./plain-text";
import { isArticleBodyMarker, isTabPanel } from "./prune";
import { linkDensity, type StatsMap, textCounts } from "./text-stats";

/** `stats`: measures of everything under body, as it is now; `elements`: the elements under body in document order. */
export function pickArticle(body: ParentNode, stats: StatsMap, elements: readonly Element[] = descendants(body)): Element[] {
  const marked = elements.filter(isArticleBodyMarker);
  if (marked.length > 0) {
    const outer = marked.filter((el) => !ancestors(el).some(isArticleBodyMarker));
    const total = outer.reduce((n, el) => n + (stats.get(el)?.chars ?? 0), 0);
    // Several bodies are a list of entries (a blog's archive of whole posts): the page is no one story.
    if (total >= 250 && outer.length === 1) return outer;
  }

  const scores = new Map<Element, number>();
  const init = (el: Element) => {
    let s = scores.get(el);
    if (s === undefined) {
      s = tagWeight(el.name) + classWeight(el);
      scores.set(el, s);
    }
    return s;
  };
  for (const el of elements) {
    const kind = paragraphKind(el);
    if (!kind) continue;
    const s = stats.get(el);
    if (!s || s.chars < 25) continue;
    const points = 1 + s.commas + Math.min(Math.floor(s.chars / 100), 3);
    const ups = kind === "mixed" ? [el, ...ancestors(el, 4)] : ancestors(el, 5);
    ups.forEach((a, level) => {
      const divider = level === 0 ? 1 : level === 1 ? 2 : level * 3;
      scores.set(a, init(a) + points / divider);
    });
  }
  if (scores.size === 0) return isElement(body) ? [body] : elementChildren(body);

  let top: Element | undefined;
  let topScore = -Infinity;
  const final = new Map<Element, number>();
  for (const [el, s] of scores) {
    const f = s * (1 - linkDensity(stats.get(el)));
    final.set(el, f);
    if (f > topScore) {
      topScore = f;
      top = el;
    }
  }
  if (!top) return [];
  top = climb(top, final, topScore);
  const picked = withSiblings(top, final, stats);
  return withOtherTabs(picked);
}

/** How far above a story its tab panel may be (the panel wraps an editor's block or two). */
const TAB_PANEL_LEVELS = 3;

/**
 * A story that is one panel of tabs (a department page's "Info" beside its "Forms" and "FAQ") is read
 * with the other panels: the tabs' holder, when it holds two panels or more.
 */
function withOtherTabs(picked: Element[]): Element[] {
  const out = picked.map((el) => {
    const panel = [el, ...ancestors(el, TAB_PANEL_LEVELS)].find(isTabPanel);
    const holder = panel?.parent;
    return holder && isElement(holder) && elementChildren(holder).filter(isTabPanel).length >= 2 ? holder : el;
  });
  return out.filter((el, i) => out.indexOf(el) === i && !out.some((o) => o !== el && ancestors(el).includes(o)));
}

function tagWeight(name: string): number {
  switch (name) {
    case "article":
      return 10;
    case "div":
    case "main":
      return 5;
    case "pre":
    case "td":
    case "blockquote":
      return 3;
    case "address":
    case "ol":
    case "ul":
    case "dl":
    case "dd":
    case "dt":
    case "li":
    case "form":
      return -3;
    case "h1":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
    case "h6":
    case "th":
      return -5;
    default:
      return 0;
  }
}

/**
 * How an element holds running text: "paragraph" when it is one (p, pre, td, or a div of inline
 * content only), "mixed" when it has blocks and also substantial text of its own between them
 * (scored as if that text were paragraphs inside it), undefined otherwise.
 */
function paragraphKind(el: Element): "paragraph" | "mixed" | undefined {
  if (el.name === "p" || el.name === "pre" || el.name === "td") return "paragraph";
  if (el.name !== "div" && el.name !== "section" && el.name !== "span" && el.name !== "font" && el.name !== "center") return undefined;
  let ownText = 0;
  let hasBlock = false;
  for (const c of el.children as AnyNode[]) {
    if (isText(c)) ownText += textCounts(c).visibleChars;
    else if (isElement(c) && BLOCK_TAGS.has(c.name)) hasBlock = true;
  }
  if (!hasBlock) return "paragraph";
  return ownText >= 100 ? "mixed" : undefined;
}

/** Readability's refinements: a candidate that shares its score with close rivals gives way to their common ancestor. */
function climb(top: Element, final: Map<Element, number>, topScore: number): Element {
  // Rivals inside another <article> are other stories (teasers, "you may also like"), not parts of this one.
  const story = closestArticle(top);
  const rivals = [...final.entries()]
    .filter(([el, s]) => el !== top && s >= topScore * 0.75 && (!story || closestArticle(el) === story))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([el]) => el);
  if (rivals.length >= 2) {
    const lines = rivals.map((r) => new Set(ancestors(r)));
    for (const a of ancestors(top)) {
      if (a.name === "body") break;
      if (lines.filter((l) => l.has(a)).length >= 2) return a;
    }
  }
  let current = top;
  let last = topScore;
  for (let parent = current.parent; parent && isElement(parent) && parent.name !== "body"; parent = parent.parent) {
    const ps = final.get(parent);
    if (ps === undefined) break;
    if (ps > last) {
      current = parent;
      break;
    }
    if (ps < topScore / 3) break;
    last = ps;
  }
  // An only child adds nothing: its parent is the container.
  while (current.parent && isElement(current.parent) && current.parent.name !== "body" && holdsOneElement(current.parent)) {
    current = current.parent;
  }
  return current;
}

function closestArticle(el: Element): Element | undefined {
  if (el.name === "article") return el;
  return ancestors(el, 12).find((a) => a.name === "article");
}

function withSiblings(top: Element, final: Map<Element, number>, stats: StatsMap): Element[] {
  const parent = top.parent;
  if (!parent || !isElement(parent)) return [top];
  const topScore = final.get(top) ?? 0;
  const threshold = Math.max(10, topScore * 0.2);
  const out: Element[] = [];
  for (const sib of elementChildren(parent)) {
    if (sib === top) {
      out.push(sib);
      continue;
    }
    let bonus = 0;
    if (sib.attribs.class && sib.attribs.class === top.attribs.class) bonus += topScore * 0.2;
    const score = final.get(sib);
    if (score !== undefined && score + bonus >= threshold) {
      out.push(sib);
      continue;
    }
    if (continuesStory(sib, top, stats)) {
      out.push(sib);
      continue;
    }
    if (sib.name === "p") {
      const s = stats.get(sib);
      const ld = linkDensity(s);
      const len = s?.chars ?? 0;
      if ((len > 80 && ld < 0.25) || (len > 0 && len <= 80 && ld === 0 && /\.( |$)/.test(plainText([sib])))) out.push(sib);
    }
  }
  return out;
}

/**
 * A sibling that goes on with the story: prose of its own (two paragraphs or more, this much text outside
 * links, a fifth of the story's at least, few links, no <article> of its own), as a CMS's second body
 * field or a page builder's next block of text holds it, though its paragraphs sit too deep to score it alike.
 */
function continuesStory(sib: Element, top: Element, stats: StatsMap): boolean {
  const s = stats.get(sib);
  if (s === undefined || s.paragraphs < CONTINUATION.paragraphs || linkDensity(s) >= CONTINUATION.linkDensity) return false;
  const own = s.chars - s.linkChars;
  const story = stats.get(top);
  if (own < CONTINUATION.chars || own < ((story?.chars ?? 0) - (story?.linkChars ?? 0)) * CONTINUATION.storyShare) return false;
  // Teasers in <article>s of their own are other stories.
  return sib.name !== "article" && findFirst(sib, (el) => el.name === "article") === undefined;
}

const CONTINUATION = { paragraphs: 2, chars: 300, storyShare: 0.2, linkDensity: 0.2 };
