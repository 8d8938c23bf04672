// Article-grade main-content extraction over htmlparser2's DOM.
//
// 1. Prune what is never content: scripts, forms' controls, hidden elements, navigation chrome, and
//    blocks whose class or id say boilerplate (unless they also say content).
// 2. Score paragraphs (length, commas) into their ancestors, weighted by tag and class/id hints and
//    discounted by link density; the best ancestor is the article, joined by siblings that score alike.
//    A schema.org articleBody (microdata) is taken as the article when it holds real text.
// 3. Clean inside the article: drop link lists, share bars, related-story boxes, captions and other
//    blocks whose text density, link density or hints mark them as boilerplate.
// The DOM is modified: run other extractions (links, images, metadata) first.
import type { AnyNode, Document, Element, ParentNode } from "domhandler";
import { BLOCK_TAGS, HEADING_TAGS } from "./blocks";
import { ancestors, descendants, isElement, isText, removeNode } from "./dom";
import { plainText } from "./plain-text";
import { linkDensity, measure, type StatsMap } from "./text-stats";

export interface MainContent {
  /** The kept subtrees, in document order. */
  readonly roots: readonly Element[];
  readonly text: string;
}

const NEVER_CONTENT = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "canvas",
  "iframe",
  "object",
  "embed",
  "video",
  "audio",
  "source",
  "track",
  "map",
  "button",
  "input",
  "select",
  "textarea",
  "option",
  "link",
  "meta",
  "head",
  "title",
  "dialog",
  "nav",
  "aside",
  "footer",
  "menu",
]);

/** Class/id words that mark boilerplate, unless CONTENT_HINT also matches. */
const UNLIKELY =
  /-ad-|ai2html|banner|breadcrumb|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote|newsletter|subscri|promo|share|sharing|outbrain|taboola|recommend|trending|most-popular|cookie|consent/i;
const CONTENT_HINT = /and|article|body|column|content|main|shadow|story|entry|post/i;

const NEGATIVE =
  /-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget|byline|author|dateline|caption|newsletter|subscri|recommend|trending|toolbar|social/i;
const POSITIVE = /article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story/i;

/** Inside the article: blocks that are boilerplate whatever their size. */
const BOILERPLATE =
  /share|sharing|social|related|recommend|newsletter|subscri|promo|advert|sponsor|byline|author-?(?:bio|info|box)|tags?-?(?:list|links)?$|breadcrumb|read-?more|more-?(?:stories|articles)|trending|popular|toolbar|caption|credit|comment|signup|paywall|inline-?ad|ad-?(?:slot|unit|container|wrapper)|^ad$|print-?only|visually-?hidden|sr-only|screen-?reader/i;

export function extractMainContent(doc: Document): MainContent {
  const body = descendants(doc).find((el) => el.name === "body") ?? doc;
  prune(body);
  const article = pickArticle(body);
  if (article.length === 0) return { roots: [], text: "" };
  for (const root of article) clean(root);
  return { roots: article, text: plainText(article) };
}

function hints(el: Element): string {
  const cls = el.attribs.class ?? "";
  const id = el.attribs.id ?? "";
  return cls && id ? `${cls} ${id}` : cls || id;
}

function isHidden(el: Element): boolean {
  if (el.attribs.hidden !== undefined) return true;
  if (el.attribs["aria-hidden"] === "true") return true;
  const style = el.attribs.style;
  return style !== undefined && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style);
}

function isArticleBodyMarker(el: Element): boolean {
  const prop = el.attribs.itemprop;
  return prop !== undefined && /\barticleBody\b/.test(prop);
}

function prune(body: ParentNode): void {
  for (const el of descendants(body)) {
    if (el.parent && (NEVER_CONTENT.has(el.name) || isHidden(el))) removeNode(el);
  }
  // Boilerplate hints are only trusted on blocks that do not hold most of the page's text.
  const stats = measure(body);
  const limit = bodyChars(body, stats) * 0.4;
  for (const el of descendants(body)) {
    if (!el.parent) continue;
    if (el.name === "body" || el.name === "article" || el.name === "main" || isArticleBodyMarker(el)) continue;
    const h = hints(el);
    if (
      h &&
      UNLIKELY.test(h) &&
      !CONTENT_HINT.test(h) &&
      (stats.get(el)?.chars ?? 0) < limit &&
      !ancestors(el).some((a) => a.name === "table" || a.name === "code")
    ) {
      removeNode(el);
    }
  }
}

function bodyChars(body: ParentNode, stats: StatsMap): number {
  if (isElement(body)) return stats.get(body)?.chars ?? 0;
  return elementChildren(body).reduce((n, el) => n + (stats.get(el)?.chars ?? 0), 0);
}

function classWeight(el: Element): number {
  const h = hints(el);
  if (!h) return 0;
  let w = 0;
  const cls = el.attribs.class;
  const id = el.attribs.id;
  if (cls) {
    if (NEGATIVE.test(cls)) w -= 25;
    if (POSITIVE.test(cls)) w += 25;
  }
  if (id) {
    if (NEGATIVE.test(id)) w -= 25;
    if (POSITIVE.test(id)) w += 25;
  }
  return w;
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
    if (isText(c)) ownText += c.data.trim().length;
    else if (isElement(c) && BLOCK_TAGS.has(c.name)) hasBlock = true;
  }
  if (!hasBlock) return "paragraph";
  return ownText >= 100 ? "mixed" : undefined;
}

function pickArticle(body: ParentNode): Element[] {
  const stats = measure(body);
  const marked = descendants(body).filter(isArticleBodyMarker);
  if (marked.length > 0) {
    const outer = marked.filter((el) => !ancestors(el).some(isArticleBodyMarker));
    const total = outer.reduce((n, el) => n + (stats.get(el)?.chars ?? 0), 0);
    if (total >= 250) return outer;
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
  for (const el of descendants(body)) {
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
  return withSiblings(top, final, stats);
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
  while (current.parent && isElement(current.parent) && current.parent.name !== "body" && elementChildren(current.parent).length === 1) {
    current = current.parent;
  }
  return current;
}

function closestArticle(el: Element): Element | undefined {
  if (el.name === "article") return el;
  return ancestors(el, 12).find((a) => a.name === "article");
}

function elementChildren(el: ParentNode): Element[] {
  return (el.children as AnyNode[]).filter(isElement);
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
    if (sib.name === "p") {
      const s = stats.get(sib);
      const ld = linkDensity(s);
      const len = s?.chars ?? 0;
      if ((len > 80 && ld < 0.25) || (len > 0 && len <= 80 && ld === 0 && /\.( |$)/.test(textOf(sib)))) out.push(sib);
    }
  }
  return out;
}

function textOf(el: Element): string {
  return plainText([el]);
}

/** Removes boilerplate inside the article. */
function clean(root: Element): void {
  const before = measure(root);
  const total = before.get(root)?.chars ?? 0;
  // Boilerplate hints are only trusted on blocks that do not hold most of the article.
  for (const el of descendants(root)) {
    if (!el.parent) continue;
    const h = hints(el);
    if (h && BOILERPLATE.test(h) && (before.get(el)?.chars ?? 0) < total * 0.4) removeNode(el);
    else if (el.name === "figcaption" || el.name === "h1") removeNode(el);
  }
  const stats = measure(root);
  // Deepest first, so a container is judged on what is left of it.
  const containers = descendants(root)
    .filter((el) => CONDITIONAL.has(el.name))
    .reverse();
  for (const el of containers) {
    if (!el.parent) continue;
    if (shouldDrop(el, stats, total)) removeNode(el);
  }
  for (const el of descendants(root)) {
    if (!el.parent) continue;
    if (HEADING_TAGS.has(el.name) && (classWeight(el) < 0 || linkDensity(stats.get(el)) > 0.33)) removeNode(el);
    // A paragraph that is mostly links is a list of tags or stories, not prose.
    else if (el.name === "p" && linkDensity(stats.get(el)) > 0.6) removeNode(el);
  }
}

const CONDITIONAL = new Set(["form", "fieldset", "table", "ul", "ol", "div", "section", "figure", "dl"]);

function shouldDrop(el: Element, stats: StatsMap, total: number): boolean {
  const s = stats.get(el);
  if (!s) return true;
  const weight = classWeight(el);
  if (weight < 0) return s.chars < total * 0.4;
  if (s.commas >= 10) return false;
  const p = s.paragraphs;
  const img = s.images;
  let li = s.listItems;
  const input = s.inputs;
  if (el.name === "ul" || el.name === "ol") li -= 100;
  const ld = linkDensity(s);
  if (img > 1 && p / img < 0.5 && s.chars < 200) return true;
  if (li > p && s.chars < 200 * Math.max(1, li / 5)) return ld > 0.2;
  if (input > Math.floor(p / 3)) return true;
  if (s.chars < 25 && (img === 0 || img > 2)) return true;
  if (weight < 25 && ld > 0.2) return true;
  if (weight >= 25 && ld > 0.5) return true;
  return false;
}
