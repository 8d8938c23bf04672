// What is never main content, removed before anything is scored: scripts, forms' controls, media,
// navigation chrome, hidden elements, and blocks whose class or id say boilerplate.
import type { AnyNode, Element, ParentNode } from "domhandler";
import {
  ancestors,
  descendants,
  elementChildren,
  hasAncestorIn,
  holdsOneElement,
  isElement,
  isText,
  nextElement,
  rawText,
  rawTextWithin,
  removeNodes,
} from "./dom";
import { HEADING_TAGS } from "./blocks";
import { CONTROLS, classOf, idOf, MAY_CONCEAL, MAY_OVERLAY, MICRODATA, mayCarry, roleOf } from "./dom-nodes";
import { hints, namesBoilerplate, SCREEN_READER_ONLY, withoutHeadingAnchor } from "./hints";
import { measure, removeMeasured, type StatsMap, type TextStats, textCounts } from "./text-stats";

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

export interface Pruned {
  /** The measures of what is left (taken before the removals by hint, and kept current through them). */
  readonly stats: StatsMap;
  /** Whether the page was read as a thread. */
  readonly discussion: boolean;
  /**
   * Forms asking for an email address and more (a name, a phone, a message): contact and lead forms,
   * whose labels and fine print are left once their controls are gone. Cleaning drops them; pruning
   * does not, so they weigh in the region's text as before.
   */
  readonly contactForms: ReadonlySet<Element>;
}

/**
 * `discussion`: the page is a thread, whose comments are its content; or a test of the page's measures
 * (after the removals that do not depend on it) that tells.
 */
export function prune(body: ParentNode, discussion: boolean | ((measured: StatsMap) => boolean) = false): Pruned {
  const elements = descendants(body);
  // Read once: the search for content kept from view and the removal of hidden blocks both ask.
  const hidden = elements.map(isHidden);
  const concealedContent = contentKeptFromView(body, elements, hidden);
  const disclosed = disclosedPanels(elements);
  // Read as a browser without scripts shows it: a <noscript> rendering is then a block like any other
  // (not a notice asking for JavaScript, on a page that has no text without it).
  if (concealedContent?.name === "noscript" && readableChars(concealedContent) >= NOSCRIPT_RENDERING_CHARS) concealedContent.name = "div";
  // Removed together after the walk (a hostile page has tens of thousands of scripts between its words:
  // one by one, each removal shifted the rest of its parent's list). Meanwhile every reading of the tree
  // below passes over what is already removed, as if it were gone.
  const removed = new Set<AnyNode>();
  const page = new PageShare(body);
  // Read once for the whole walk (the tree changes only after it): chrome nested in chrome asked of
  // each its whole subtree again.
  const holdsMain = holdersOf(elements, "main");
  const holdsArticle = holdersOf(elements, "article");
  const wrapsTheContent = (el: Element): boolean => {
    // What is opened over the page, or kept from search engines, may be all the page has to read (a
    // post shown in a modal, a story marked not to be quoted): with most of its text, it is the page.
    const overPage = el.name === "dialog" || (!CHROME.has(el.name) && (isDialog(el) || isUnquotable(el)));
    if (!overPage && !CHROME.has(el.name)) return false;
    if (holdsMain.has(el)) return true;
    if (!overPage && !holdsArticle.has(el)) return false;
    return page.isMostOf(readableChars(el), removed);
  };
  /** Forms holding a text box, and forms asking for an email address alone (read before the controls go). */
  const composeForms = new Set<Element>();
  const signupForms = new Set<Element>();
  /** Forms asking for a password: the site's sign-in, whose labels ("User Name", "Remember Me?") are left once its controls go. */
  const signinForms = new Set<Element>();
  const contactForms = new Set<Element>();
  /** For each hidden element read, the element sibling before it that stays (see answersQuestion). */
  const keptBefore = new Map<Element, Element | null>();
  for (const term of templateTerms(elements)) removed.add(term);
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i]!;
    if (el === concealedContent) continue;
    if (el.name === "input" && (el.attribs.type ?? "").toLowerCase() === "email") {
      const form = attachedAncestors(el, removed).find((a) => a.name === "form");
      if (form !== undefined) (asksOnlyEmail(form) ? signupForms : contactForms).add(form);
    }
    if (el.name === "input" && (el.attribs.type ?? "").toLowerCase() === "password") {
      const form = attachedAncestors(el, removed).find((a) => a.name === "form");
      if (form !== undefined) signinForms.add(form);
    }
    if (el.name === "textarea") {
      const form = attachedAncestors(el, removed).find((a) => a.name === "form");
      if (form !== undefined) composeForms.add(form);
    }
    if (
      ((NEVER_CONTENT.has(el.name) || isDialog(el) || isUnquotable(el)) && !wrapsTheContent(el)) ||
      (hidden[i] && !disclosed.has(el) && !answersQuestion(el, removed, keptBefore))
    )
      removed.add(el);
  }
  removeNodes(removed);
  removeCommentsOnAnswers(elements);
  const left: Element[] = [];
  const stats = measure(body, left);
  const thread = typeof discussion === "boolean" ? discussion : discussion(stats);
  const total = bodyChars(body, stats);
  // On a thread, a form to write in (a reply or answer box) is chrome: its labels and notes are left of it.
  const named = left.filter((el) => isNamedChrome(el, total, thread, stats) || (thread && composeForms.has(el) && mayBeBoilerplate(el, total, stats)));
  for (const form of signinForms) if (!named.includes(form)) named.push(form);
  for (const form of signupForms) {
    const box = signupBox(form, stats);
    if (!named.includes(box)) named.push(box);
  }
  const asides = thread ? named : withoutCardHeaders(named);
  const misnamed = new Set<ParentNode>(misnamedContent(outermost(asides), total, stats));
  removeMeasured(
    stats,
    asides
      .filter((el) => misnamed.size === 0 || (!misnamed.has(el) && !hasAncestorIn(el, misnamed)))
      .concat(left.filter((el) => isChromeLandmark(el, total, stats))),
  );
  return { stats, discussion: thread, contactForms };
}

/**
 * The terms of a card template's description lists: a <dt> whose text is the same in five lists or more
 * ("Brand Name", "Product Name", "Price" over each card of a shop's grid, which its style sheet hides:
 * the values say it). A product's own specifications name each term once.
 */
function templateTerms(elements: readonly Element[]): Element[] {
  const terms = elements.filter((el) => el.name === "dt");
  if (terms.length < MIN_TEMPLATE_TERMS) return [];
  const texts = terms.map((dt) => rawText(dt).trim());
  const uses = new Map<string, number>();
  for (const text of texts) uses.set(text, (uses.get(text) ?? 0) + 1);
  return terms.filter((_, i) => (uses.get(texts[i]!) ?? 0) >= MIN_TEMPLATE_TERMS);
}

const MIN_TEMPLATE_TERMS = 5;

/**
 * The site's landmarks of chrome, known by tag or role whatever their classes say, when their text is
 * mostly links. The banner: a <header> no article, aside, main, nav or section holds (HTML's banner
 * landmark), or an element given that role (a masthead and its mega-menu, which a page may serve after
 * its content); never content under a misleading name, though it may hold most of a short page's text
 * (a mega-menu of 30,000 characters over a 10,000-character explainer): a header holding nearly all of
 * it wraps the page. An element given the navigation role is a <nav>, trusted as named blocks are (a
 * profile's list of co-authors, given that role and linked name by name, can be the page's own).
 */
function isChromeLandmark(el: Element, total: number, stats: StatsMap): boolean {
  const role = roleOf(el);
  const navigation = role === "navigation";
  if (!navigation && el.name !== "header" && role !== "banner") return false;
  const m = stats.get(el);
  const share = navigation ? BOILERPLATE_SHARE.named : BOILERPLATE_SHARE.notice;
  if (m === undefined || m.chars === 0 || m.chars >= total * share || m.linkChars < m.chars * LANDMARK_LINK_SHARE) return false;
  return navigation || role === "banner" || !ancestors(el).some((a) => SECTIONING.has(a.name));
}

const LANDMARK_LINK_SHARE = 0.7;
const SECTIONING = new Set(["article", "aside", "main", "nav", "section"]);

/**
 * Blocks named as headers that share one class this many times or more are the headers of cards (each
 * item's title in a listing or grid): a site has one header. On a thread each post's header (its
 * author's name and counts) stays chrome.
 */
const MIN_CARD_HEADERS = 3;
const HEADER_NAME = /header/i;

function withoutCardHeaders(named: readonly Element[]): Element[] {
  const perClass = new Map<string, number>();
  for (const el of named) {
    const cls = el.attribs.class;
    if (cls !== undefined && HEADER_NAME.test(cls)) perClass.set(cls, (perClass.get(cls) ?? 0) + 1);
  }
  return named.filter((el) => (perClass.get(el.attribs.class ?? "") ?? 0) < MIN_CARD_HEADERS);
}

/**
 * Boilerplate hints are trusted on blocks that hold less than this share of the page's text: a block
 * holding most of it is the page, whatever its name. A sidebar is trusted up to more than half (a short
 * thread beside its forum's list of trending threads). A consent notice is never content, however short
 * the page it sits on (a forum thread of two posts under a cookie-preferences centre): below the whole.
 */
const BOILERPLATE_SHARE = { named: 0.4, sidebar: 0.6, notice: 0.9 };
const SIDEBAR = /sidebar/i;
const NOTICE = /cookie|consent|gdpr/i;

/** A block whose class or id name boilerplate, as trusted on a block of its size among `total` characters of text. */
export function isNamedChrome(el: Element, total: number, thread: boolean, stats: StatsMap): boolean {
  return mayBeBoilerplate(el, total, stats) && saysBoilerplate(el, thread, stats);
}

function mayBeBoilerplate(el: Element, total: number, stats: StatsMap): boolean {
  const chars = stats.get(el)?.chars ?? 0;
  if (chars < total * BOILERPLATE_SHARE.named) return true;
  if (chars >= total * BOILERPLATE_SHARE.notice) return false;
  const h = hints(el);
  return NOTICE.test(h) || (chars < total * BOILERPLATE_SHARE.sidebar && SIDEBAR.test(h));
}

/** Whether a block's class or id say boilerplate (where that is not overruled by what it is or holds). */
function saysBoilerplate(el: Element, thread: boolean, stats: StatsMap): boolean {
  if (el.name === "body" || el.name === "article" || el.name === "main") return false;
  // A heading classed "…header" is a heading: the word says nothing of where it stands.
  const asRead = (names: string) => (HEADING_TAGS.has(el.name) ? names.replace(HEADER_WORDS, "") : names);
  const says = (names: string) => names !== "" && (namesBoilerplate(names) || (thread && THREAD_NOTICE.test(names)));
  const named = hints(el, thread);
  // The names first: they clear most elements, the story's body markers few; an anchor named for the
  // element's heading last, asked of the few named boilerplate.
  if (!says(asRead(named)) || isArticleBodyMarker(el)) return false;
  const h = asRead(withoutHeadingAnchor(el, named, thread));
  if (!says(h)) return false;
  // Page links are a line of numbers: a block so named that holds far more is the list being paged.
  if (PAGER_WORD.test(h) && (stats.get(el)?.chars ?? 0) >= PAGED_LIST_CHARS && !namesBoilerplate(h.replace(PAGER_WORDS, ""))) return false;
  // A menu is links: a block so named that reads as paragraphs of prose is what a tab or toggle shows.
  if (MENU_WORD.test(h) && readsAsProse(stats.get(el)) && !namesBoilerplate(h.replace(MENU_WORDS, ""))) return false;
  return !ancestors(el).some((a) => a.name === "table" || a.name === "code") && !isContentHeader(el, h, stats);
}

/**
 * On a thread, a block named a notice is the site talking, not a post: a sign-up prompt, the notice
 * under the answers ("Start asking to get answers"). Elsewhere a notice may be the content's own (a
 * game's DRM notice on its store page).
 */
const THREAD_NOTICE = /notice/i;

/**
 * The content under a misleading name (a shop's product grid in a "related-product" section, a grid
 * whose every card is named "related-link" or "hero-banner"): the largest block named boilerplate, or the
 * blocks of one kind (one tag and class, 3 or more: a grid's cards), when it holds more than the page
 * outside all such blocks. `alone`: whether a block alone can be the content.
 */
export function misnamedContent(asides: readonly Element[], total: number, stats: StatsMap, alone = true): Element[] {
  const chars = (el: Element) => stats.get(el)?.chars ?? 0;
  const candidates: { blocks: Element[]; chars: number }[] = alone ? asides.map((el) => ({ blocks: [el], chars: chars(el) })) : [];
  const kinds = new Map<string, { blocks: Element[]; chars: number }>();
  for (const el of asides) {
    if (el.attribs.class === undefined) continue;
    const key = `${el.name}.${el.attribs.class}`;
    const kind = kinds.get(key) ?? { blocks: [], chars: 0 };
    kind.blocks.push(el);
    kind.chars += chars(el);
    kinds.set(key, kind);
  }
  for (const kind of kinds.values()) if (kind.blocks.length >= MIN_MISNAMED_CARDS) candidates.push(kind);
  const largest = candidates.reduce<(typeof candidates)[number] | undefined>((a, b) => (a === undefined || b.chars > a.chars ? b : a), undefined);
  const elsewhere = total - asides.reduce((n, el) => n + chars(el), 0);
  if (largest === undefined || largest.chars <= elsewhere) return [];
  const h = hints(largest.blocks[0]!);
  return NEVER_MISNAMED.test(h) || (largest.blocks.length > 1 && NEVER_MISNAMED_KIND.test(h)) ? [] : largest.blocks;
}

export const MIN_MISNAMED_CARDS = 3;

/**
 * Names that are never given to content: the site's chrome (a mega-menu can outweigh a short page), and
 * comments, which the thread test alone makes content (a post under a long discussion stays the story).
 */
const NEVER_MISNAMED = /header|footer|menu|nav|cookie|consent|breadcrumb|comment|repl(?:y|ies)|disqus|discussion/i;

/**
 * Blocks that repeat one name are the items of a grid, when named as such (related…, banner, promo); a
 * run of sidebars' parts or of popovers (menus preloaded for a hover) is not.
 */
const NEVER_MISNAMED_KIND = /sidebar|(?<![\w-])side(?![\w-])|popup|popover/i;

/** The elements of a document-ordered list that are not inside another of them. */
export function outermost(els: readonly Element[]): Element[] {
  const all = new Set<ParentNode>(els);
  return els.filter((el) => !hasAncestorIn(el, all));
}

/**
 * A page that keeps its content out of sight until a script shows it — a <noscript> rendering (forum
 * software serves threads so), a hidden block a script reveals (age gates, streamed server renders) —
 * has it in the one such block that holds more text than everything visible. Other noscripts and
 * hidden blocks are notices, pixels, closed menus and dialogs. `elements`: the body's, in document order;
 * `hidden`: whether each is hidden.
 */
function contentKeptFromView(body: ParentNode, elements: readonly Element[], hidden: readonly boolean[]): Element | undefined {
  const concealed: Element[] = [];
  // The elements are in document order: one inside a block already set aside follows it, its parent set aside too.
  const setAside = new Set<ParentNode>();
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i]!;
    if (setAside.size > 0 && el.parent !== null && setAside.has(el.parent)) setAside.add(el);
    else if (SCRIPTING.has(el.name)) setAside.add(el);
    else if (el.name === "noscript" || hidden[i]) {
      concealed.push(el);
      setAside.add(el);
    }
  }
  if (concealed.length === 0) return undefined;
  const sizes = concealed.map((el) => readableChars(el));
  let largest = 0;
  for (let i = 1; i < sizes.length; i++) if (sizes[i]! > sizes[largest]!) largest = i;
  const concealedChars = sizes.reduce((a, b) => a + b, 0);
  // Counting the page's text stops once the visible part is known to be larger (most pages, early on).
  const visible = readableChars(body, concealedChars + sizes[largest]!) - concealedChars;
  return sizes[largest]! > visible ? concealed[largest] : undefined;
}

const SCRIPTING = new Set(["script", "style", "template"]);

/** A <noscript> with less text than this is a notice, not the page rendered for readers without scripts. */
const NOSCRIPT_RENDERING_CHARS = 200;

/** Longest question a FAQ's visible half is. */
const QUESTION_MAX_CHARS = 200;

/**
 * A hidden block right after a question (the visible half of an FAQ item, text ending in "?", "？" or "؟") is its
 * answer, shown on a click: an accordion built without ARIA attributes.
 */
function answersQuestion(el: Element, removed: ReadonlySet<AnyNode>, keptBefore: Map<Element, Element | null>): boolean {
  // Past a removed sibling already read here, straight to the one it found: a page of thousands of
  // hidden siblings would otherwise walk back over all of them from each.
  let prev: AnyNode | null | undefined = el.prev;
  while (prev && (!isElement(prev) || removed.has(prev))) prev = isElement(prev) && keptBefore.has(prev) ? keptBefore.get(prev) : prev.prev;
  keptBefore.set(el, prev && isElement(prev) ? prev : null);
  if (!prev || !isElement(prev)) return false;
  const question = plainTextOf(prev, removed);
  return question.length <= QUESTION_MAX_CHARS && QUESTION_MARK.test(question);
}

/** Latin, full-width (Chinese, Japanese) and Arabic. */
const QUESTION_MARK = /[?？؟]$/;

function plainTextOf(el: Element, removed: ReadonlySet<AnyNode>): string {
  let out = "";
  const stack: AnyNode[] = [el];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (removed.has(node)) continue;
    if (isText(node)) out += node.data;
    else if (isElement(node) && !SCRIPTING.has(node.name)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    if (out.length > QUESTION_MAX_CHARS * 2) break;
  }
  return out.replace(/\s+/g, " ").trim();
}

/** Characters of text a reader could see, scripts, styles and what is removed aside; counting stops once above `enough`. */
function readableChars(root: ParentNode, enough = Infinity, removed: ReadonlySet<AnyNode> = NOTHING): number {
  let n = 0;
  const stack: AnyNode[] = [...root.children];
  // Most readings remove nothing: the set is then not asked about every node.
  const anyRemoved = removed.size > 0;
  while (stack.length > 0 && n <= enough) {
    const node = stack.pop()!;
    if (anyRemoved && removed.has(node)) continue;
    if (isText(node)) n += textCounts(node).visibleChars;
    else if (isElement(node) && !SCRIPTING.has(node.name)) for (const child of node.children) stack.push(child);
  }
  return n;
}

const NOTHING: ReadonlySet<AnyNode> = new Set();

/**
 * Whether a block holds more than half the page's readable characters, the page read as it stood at the
 * first question (what was removed by then aside). The page is counted no further than the first
 * question needs, twice the block's characters (a sidebar's few hundred where the page has thousands),
 * and at most once more, in full.
 */
class PageShare {
  private removed: ReadonlySet<AnyNode> | undefined;
  /** The page's characters once `complete`; until then, a count the page is known to exceed. */
  private chars = 0;
  private complete = false;

  constructor(private readonly body: ParentNode) {}

  isMostOf(blockChars: number, removed: ReadonlySet<AnyNode>): boolean {
    const twice = blockChars * 2;
    if (this.removed === undefined) {
      this.removed = new Set(removed);
      this.count(twice);
    } else if (!this.complete && twice >= this.chars) this.count(Infinity);
    // Still counted in part, the page holds more than `chars`, itself more than twice the block's.
    return twice > this.chars;
  }

  private count(enough: number): void {
    this.chars = readableChars(this.body, enough, this.removed);
    this.complete = this.chars <= enough;
  }
}

/** el's ancestors up to the first removed one (whose own parent a removal would have cut). */
function attachedAncestors(el: Element, removed: ReadonlySet<AnyNode>): Element[] {
  const out: Element[] = [];
  for (const a of ancestors(el)) {
    out.push(a);
    if (removed.has(a)) break;
  }
  return out;
}

/**
 * An element a script opens over the page is a <dialog> by its role (`dialog`, `alertdialog`: a Bootstrap
 * modal, a region picker, a newsletter pop-up; `tooltip`), by `aria-modal`, or by the frameworks' own
 * marks when the role is missing (Bootstrap's `modal` class, Foundation's `data-reveal`): not the page's
 * content, unless broken markup left it open around the page (see CHROME).
 */
function isDialog(el: Element): boolean {
  const role = roleOf(el);
  if (role !== undefined && POPUP_ROLES.has(role)) return true;
  if (mayCarry(el, MAY_OVERLAY) && (el.attribs["aria-modal"] === "true" || el.attribs["data-reveal"] !== undefined)) return true;
  const names = classOf(el);
  return names?.includes("modal") === true && names.split(/\s+/).includes("modal");
}

const POPUP_ROLES = new Set(["dialog", "alertdialog", "tooltip"]);

/**
 * A block the site asks search engines never to quote (`data-nosnippet`, set on a consent notice, a
 * menu, a delivery widget): by the site's own word, not what the page says.
 */
function isUnquotable(el: Element): boolean {
  return mayCarry(el, MAY_OVERLAY) && el.attribs["data-nosnippet"] !== undefined;
}

/**
 * Page chrome left open by broken markup swallows the page: an <aside> or <footer> holding the <main>,
 * or an <article> with most of the page's text, is not chrome (a menu's featured-story card is).
 */
const CHROME = new Set(["nav", "aside", "footer", "menu", "dialog"]);

/** The elements that hold an element of this name (its ancestors). */
function holdersOf(elements: readonly Element[], name: string): Set<Element> {
  const holders = new Set<Element>();
  for (const el of elements) {
    if (el.name !== name) continue;
    for (const a of ancestors(el)) {
      if (holders.has(a)) break;
      holders.add(a);
    }
  }
  return holders;
}

/**
 * On a Q&A page the question and its answers are the content; the comments marked up under them
 * (schema.org Comment items inside a Question or Answer) are asides. A thread's replies, marked as
 * comments of the posting, stay. `elements`: the body's, listed before the removals (one inside a removed
 * block is taken off that block alone).
 */
function removeCommentsOnAnswers(elements: readonly Element[]): void {
  const comments = new Set<Element>();
  for (const el of elements) {
    if (el.parent && isItemOf(el, "Comment") && ancestors(el).some((a) => isItemOf(a, "Answer") || isItemOf(a, "Question"))) comments.add(el);
  }
  removeNodes(comments);
}

function isItemOf(el: Element, type: string): boolean {
  return mayCarry(el, MICRODATA) && el.attribs.itemtype?.endsWith(`schema.org/${type}`) === true;
}

/**
 * A "header" or "banner" inside <main> that holds a title and prose under it is content: a docs page's
 * title, summary and notes above its sections, a service page's hero sections; so is one holding a
 * paragraph long enough to be the page's introduction, titled or not (a page builder sets each section
 * of a page in a "banner"). The site's own header and banners are outside <main>, and hold no prose.
 */
function isContentHeader(el: Element, hint: string, stats: StatsMap): boolean {
  if (!HEADER.test(hint) || !ancestors(el).some((a) => a.name === "main")) return false;
  const inside = descendants(el);
  const titled = inside.some((d) => TITLE_TAGS.has(d.name));
  return inside.some((d) => d.name === "p" && ownProse(stats.get(d)) >= (titled ? HEADER_PROSE_CHARS : UNTITLED_PROSE_CHARS));
}

const HEADER = /header|banner/i;
const HEADER_WORDS = /header/gi;
const PAGER_WORDS = /pagination|pager/gi;
const PAGER_WORD = /pagination|pager/i;
const PAGED_LIST_CHARS = 500;
const MENU_WORD = /menu/i;
const MENU_WORDS = /menu/gi;

/** Paragraphs of prose: at least this much text, under a quarter of it links. */
function readsAsProse(s: TextStats | undefined): boolean {
  return s !== undefined && s.paragraphs >= MENU_PROSE_PARAGRAPHS && s.chars >= MENU_PROSE_CHARS && s.linkChars < s.chars * 0.25;
}

const MENU_PROSE_PARAGRAPHS = 2;
const MENU_PROSE_CHARS = 500;
const ENTRY_CONTENT = /(?:^|\s)(?:e-content|entry-content)(?:\s|$)/;
const TITLE_TAGS = new Set(["h1", "h2", "h3"]);
/** A paragraph of at least this much text outside links is prose, not a tagline. */
const HEADER_PROSE_CHARS = 80;
/** A paragraph this long is an introduction, with or without a title over it: no promotion runs so long. */
const UNTITLED_PROSE_CHARS = 500;

function ownProse(s: TextStats | undefined): number {
  return s === undefined ? 0 : s.chars - s.linkChars;
}

/**
 * Where the page declares its story's body: schema.org's articleBody, or microformats' e-content (an
 * h-entry's content; blog engines such as Squarespace lay a post out as rows of blocks inside it) and
 * hAtom's entry-content (WordPress themes'). A page holding several is a list of entries (article.ts).
 */
export function isArticleBodyMarker(el: Element): boolean {
  // Asked of every element: the attributes are read only where they may be, the classes tested only where they could hold the names.
  const prop = mayCarry(el, MICRODATA) ? el.attribs.itemprop : undefined;
  const cls = classOf(el);
  return (prop !== undefined && /\barticleBody\b/.test(prop)) || (cls?.includes("-content") === true && ENTRY_CONTENT.test(cls));
}

/**
 * The panels a control opens and closes in place (aria-controls on an element with aria-expanded, or
 * naming the block right below it: an accordion's answers, a "read more"): hidden until a click,
 * content like a tab's panel. With them, the wrappers that hold nothing else (a collapsing animation's
 * box, hidden in the panel's place).
 */
function disclosedPanels(elements: readonly Element[]): Set<Element> {
  const ids = new Set<string>();
  const panels = new Set<Element>();
  const open = (panel: Element) => {
    panels.add(panel);
    for (let box = panel.parent; box !== null && isElement(box) && holdsOneElement(box); box = box.parent) panels.add(box);
  };
  for (const el of elements) {
    if (!mayCarry(el, CONTROLS)) continue;
    const { "aria-controls": controls, "aria-expanded": expanded } = el.attribs;
    if (controls !== undefined) {
      for (const id of controls.split(/\s+/)) if (id !== "" && (expanded !== undefined || blocksBelow(el).some((b) => b.attribs.id === id))) ids.add(id);
    } else if (expanded !== undefined && (el.name === "button" || roleOf(el) === "button")) {
      // A disclosure button naming no panel opens the hidden block right below it (or below its header).
      const panel = blocksBelow(el).find(isHidden);
      if (panel !== undefined) open(panel);
    }
  }
  if (ids.size > 0)
    for (const el of elements) {
      const id = idOf(el);
      if (id !== undefined && ids.has(id)) open(el);
    }
  return panels;
}

/**
 * What comes right after a control, and after each of the blocks holding it up to a header's depth:
 * where an accordion puts the panel the control opens. A panel elsewhere (a menu's overlay) is not
 * opened in place.
 */
function blocksBelow(control: Element): Element[] {
  const below: Element[] = [];
  let at: Element = control;
  for (let depth = 0; depth <= PANEL_HEADER_DEPTH; depth++) {
    const next = nextElement(at);
    if (next !== undefined) below.push(next);
    if (at.parent === null || !isElement(at.parent)) break;
    at = at.parent;
  }
  return below;
}

const PANEL_HEADER_DEPTH = 3;

/**
 * Hidden from every reader; aria-hidden hides from screen readers only, and is trusted as hiding except
 * on a link out of the tab order (a card's second link to its story, the teaser under the title, shown
 * to the eye and kept from screen readers as a duplicate) and on the face of a labelled control (a
 * rating's "4.7 out of 5 stars" under a link whose aria-label says it again for screen readers).
 */
function isHidden(el: Element): boolean {
  if (!mayCarry(el, MAY_CONCEAL)) return false;
  const a = el.attribs;
  const concealed =
    a.hidden !== undefined ||
    (a["aria-hidden"] === "true" && !(el.name === "a" && a.tabindex === "-1") && !isSlide(el) && !facesLabel(el) && !facesReading(el)) ||
    (a.style !== undefined && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(a.style));
  return concealed && !isTabPanel(el) && !ACCORDION_PANEL.test(el.attribs.class ?? "");
}

/**
 * A carousel's slide: the slides out of view are kept from screen readers until they slide in (all of
 * them, before the carousel's script runs), and are shown all the same; a slide cloned for the loop is
 * a copy.
 */
function isSlide(el: Element): boolean {
  const cls = el.attribs.class;
  return cls !== undefined && SLIDE.test(cls) && !SLIDE_CLONE.test(cls);
}

const SLIDE = /(?:^|[\s_-])(?:slide|carousel__cell|carousel-cell|carousel-item|carousel__item)(?:$|[\s_-])/i;
const SLIDE_CLONE = /clone|duplicate/i;

/** The element shows what an aria-label of a block holding it says to screen readers: its text is in the label. */
function facesLabel(el: Element): boolean {
  let label: string | undefined;
  let at = el.parent;
  for (let depth = 0; label === undefined && depth < LABEL_DEPTH && at !== null && isElement(at); depth++, at = at.parent) label = at.attribs["aria-label"];
  if (label === undefined) return false;
  const face = rawTextWithin(el, FACE_NODES)?.replace(/\s+/g, " ").trim().toLowerCase();
  return face !== undefined && face !== "" && label.replace(/\s+/g, " ").toLowerCase().includes(face);
}

/**
 * The element shows what the screen-reader text right after it says ("$30.00" struck through, then
 * "Original price was: $30.00." for readers only): the eye reads the face, a reader the text, and
 * cleaning drops the text kept from view (BOILERPLATE); without the face neither would stay.
 */
function facesReading(el: Element): boolean {
  const next = nextElement(el);
  return next !== undefined && SCREEN_READER_ONLY.test(next.attribs.class ?? "");
}

/** How far up the label may be (a link around an icon around its text), and how much a face may hold. */
const LABEL_DEPTH = 3;
const FACE_NODES = 50;

/** A tab's panel (role tabpanel, or named so: tab-panel, Bootstrap's tab-pane, tab__content) is hidden only until its tab is chosen (code samples per language, specs beside the description): content. */
export function isTabPanel(el: Element): boolean {
  return roleOf(el) === "tabpanel" || TAB_PANEL.test(el.attribs.class ?? "");
}

const TAB_PANEL = /tab-?pane|tabs?[-_]+content/i;

/** An accordion's folded panel, named so (accordion-content, accordion__body, AccordionPanel) where no control names it. */
const ACCORDION_PANEL = /accordion[-_]*(?:content|body|panel)/i;

function bodyChars(body: ParentNode, stats: StatsMap): number {
  if (isElement(body)) return stats.get(body)?.chars ?? 0;
  return elementChildren(body).reduce((n, el) => n + (stats.get(el)?.chars ?? 0), 0);
}

/**
 * A form whose one field is an email address is a sign-up (a newsletter, "notify me when back in
 * stock"), never content, and goes with its box; a contact or lead form asks for more (a name, a
 * message, a choice), and only what is left of the form goes (in cleaning): the pitch beside it may be
 * the page's.
 */
function asksOnlyEmail(form: Element): boolean {
  return !descendants(form).some(
    (el) => (el.name === "input" && OTHER_FIELDS.has((el.attribs.type ?? "text").toLowerCase())) || el.name === "textarea" || el.name === "select",
  );
}

const OTHER_FIELDS = new Set(["text", "tel", "number", "password", "search", "url", "date"]);

/**
 * The sign-up's box: the form with its heading, pitch and fine print ("Subscribe to our newsletter",
 * "You can opt out any time"), up to the block that holds more than a box's worth of other text or the
 * page's title (a hero whose headline sits beside a "start your trial" field is the page's).
 */
function signupBox(form: Element, stats: StatsMap): Element {
  const formChars = stats.get(form)?.chars ?? 0;
  let box = form;
  for (let p = form.parent; p !== null && isElement(p) && p.name !== "body"; p = p.parent) {
    if ((stats.get(p)?.chars ?? 0) - formChars >= SIGNUP_BOX_CHARS || descendants(p).some((d) => d.name === "h1")) break;
    box = p;
  }
  return box;
}

const SIGNUP_BOX_CHARS = 800;
