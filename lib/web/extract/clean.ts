// Inside the content: drop link lists, share bars, related-story boxes, captions and other blocks whose
// text density, link density or hints mark them as boilerplate.
import type { AnyNode, Element, ParentNode } from "domhandler";
import { BLOCK_TAGS, HEADING_TAGS } from "./blocks";
import { aroundGroups, groupedChars, isPricedRun, repeatedGroups } from "./cards";
import {
  descendants,
  elementChildren,
  findFirst,
  hasAncestorIn,
  isElement,
  isText,
  leadingText,
  nextElement,
  previousElement,
  rawText,
  rawTextWithin,
  removeNodes,
  withinCode,
} from "./dom";
import { BOILERPLATE, classWeight, roleHints, withoutHeadingAnchor, withoutTestimonialComments } from "./hints";
import { isAdLabel, isCookieNotice, isFurniture, isPictureChoices, isPriceInOtherCurrencies, labelOf, wordsOf } from "./furniture";
import { lineOf, onLineOfItsOwn, standsAlone } from "./lines";
import { MIN_MISNAMED_CARDS, misnamedContent, outermost } from "./prune";
import { removeRecommendations } from "./recommendations";
import { linkDensity, measure, type StatsMap, removeMeasured, type TextStats, takeOffAncestors } from "./text-stats";
import { MICRODATA, mayCarry, roleOf } from "./dom-nodes";

export interface CleanOptions {
  /**
   * Keep repeated cards (listings, grids, threads) that link density and image counts would drop:
   * "always", or only when they hold a good part of the text ("dominant": a story's own related-links
   * lists go, a listing that read as one story keeps its cards, and so does a story told in cards).
   */
  readonly keepCards: "always" | "dominant";
  /** The page is a thread: comments, authors and dates are its content. */
  readonly discussion: boolean;
  /** The page is one product: runs of priced cards are other products (see removeOtherProducts). */
  readonly product?: boolean;
  /** Contact and lead forms (prune.ts): what is left of them is labels and fine print. */
  readonly contactForms?: ReadonlySet<Element>;
  /** The page's address: a link to another site is not one of the site's teasers. */
  readonly pageUrl?: string;
  /**
   * Keep the page's title (its `<h1>`): a product's name, a category's or a service's, heads the region
   * that is the content. A story's title is its metadata's, and a thread's is the topic's.
   */
  readonly keepTitle?: boolean;
}

export function clean(root: Element, options: CleanOptions): void {
  removeRecommendations(root);
  if (options.product) removeOtherProducts(root);
  const elements: Element[] = [];
  const before = measure(root, elements);
  const total = before.get(root)?.chars ?? 0;
  const groups = repeatedGroups(root, before, elements);
  const keep = options.keepCards === "always" || groupedChars(groups, before) >= total * DOMINANT_CARDS;
  const cards = keep ? aroundGroups(groups, root) : new Set<Element>();

  // Boilerplate hints are only trusted on blocks that do not hold most of the content, nor on cards of
  // one kind so named that together outweigh the rest (misnamedContent).
  const named: Element[] = [];
  const unwanted: Element[] = [];
  const small = (el: Element) => (before.get(el)?.chars ?? 0) < total * 0.4;
  const code = withinCode(elements);
  for (const el of elements) {
    // A code block's highlighted tokens are named for what they are in the code ("token tag", "hljs-comment").
    if (code.has(el)) continue;
    const h = roleHints(el, options.discussion);
    const chars = before.get(el)?.chars ?? 0;
    // Read once for every test of a short block's words.
    const label = labelOf(el, chars);
    // What buyers said is never a product page's content, however many reviews there are.
    if (options.product && PRODUCT_ASIDES.test(el.attribs.class ?? "") && small(el)) unwanted.push(el);
    else if (isNumberedCaption(el, h, label)) continue;
    else if (
      h &&
      BOILERPLATE.test(withoutTestimonialComments(h)) &&
      BOILERPLATE.test(withoutHeadingAnchor(el, h, options.discussion)) &&
      (small(el) || SIGNATURE.test(h)) &&
      !(cards.has(el) && CARD_PART.test(h)) &&
      !isFoldedText(el, h, before)
    )
      named.push(el);
    else if ((el.name === "figcaption" && !cards.has(el)) || (el.name === "h1" && !options.keepTitle) || isPlaceholder(el)) unwanted.push(el);
    else if (
      isCallToAction(el, chars, label, before) ||
      isPriceInOtherCurrencies(el, chars) ||
      isPictureChoices(el, chars) ||
      (label === undefined ? isAdLabel(el, chars) : isFurniture(el, label, chars, before, options.discussion))
    )
      unwanted.push(el);
    else if (!options.discussion && (isAuthorCard(el, before) || options.contactForms?.has(el) === true) && small(el)) unwanted.push(el);
    else if (isMenuPanel(el, h, before) && small(el)) unwanted.push(el);
    else if (isSkipLink(el) || isTableOfContents(el, before) || (label !== undefined && isContentsTitle(el, label, chars, before))) unwanted.push(el);
    else if (!options.discussion && options.keepCards === "always" && isRelativeTime(el, before)) unwanted.push(el);
    else if ((isStatusMessage(el) || isCookieNotice(el, chars, label)) && small(el)) unwanted.push(el);
    else if (options.discussion && isBoardNotice(el, before)) unwanted.push(el);
  }
  const misnamed = new Set<ParentNode>(named.length >= MIN_MISNAMED_CARDS ? misnamedContent(outermost(named), total, before, false) : []);
  removeMeasured(before, [...named.filter((el) => misnamed.size === 0 || (!misnamed.has(el) && !hasAncestorIn(el, misnamed))), ...unwanted]);
  // Kept up to date by removeFrom: the measures of what is left, without measuring again.
  const stats = before;
  // An index of links: its lists are the content, as cards are.
  for (const el of aroundGroups(dominantLinkLists(root, stats), root)) cards.add(el);
  // Deepest first, so a container is judged on what is left of it.
  const containers = descendants(root)
    .filter((el) => CONDITIONAL.has(el.name))
    .reverse();
  // A list a sentence introduces is what the sentence promised, links or not.
  for (const el of introducedLists(containers)) cards.add(el);
  // A ranking numbers its entries: what it ranks is content, however short and linked each entry.
  for (const el of aroundGroups(rankedRuns(containers), root)) cards.add(el);
  // Removed together once all are judged (a hostile page drops thousands of siblings): a container is
  // judged on its measures, which each drop below it updates, and on its tree without the dropped.
  const dropped = new Set<Element>();
  // Where the region is the content (no story, no thread), its blocks are a grid's tiles and a service page's sections.
  const wholeRegion = options.keepCards === "always" && !options.discussion;
  for (const el of containers) {
    // A code block's lines (a highlighter sets each in a div of its own) are the code's, not blocks.
    if (!el.parent || cards.has(el) || code.has(el)) continue;
    if (shouldDrop(el, stats, total, options.discussion, dropped, wholeRegion)) {
      takeOffAncestors(stats, el);
      dropped.add(el);
    }
  }
  removeNodes(dropped);
  // Also removed together once all are judged (a page of 100,000 link paragraphs took seconds one by one).
  const gone = new Set<Element>();
  for (const el of descendants(root)) {
    if (!el.parent) continue;
    if (isAssetAddress(el)) {
      // A field printed as "name: address" (cards of fields too): the name goes with it.
      let label = el.name === "dd" ? previousElement(el) : undefined;
      while (label !== undefined && gone.has(label)) label = previousElement(label);
      if (label?.name === "dt") gone.add(label);
      gone.add(el);
    } else if (isCodeNamedField(el)) {
      // The name and the values it labels.
      for (let field: Element | undefined = el; field !== undefined && (field === el || field.name === "dd"); field = nextElement(field)) gone.add(field);
    } else if (cards.has(el)) continue;
    // A heading that is mostly a link is a teaser's title, unless prose follows it: then it titles a
    // section of the page's own (a list article's "10. Park Hyatt", linked to the hotel's site). Its
    // classes say nothing: a docs site's scroll-margin utilities ("scroll-mt-24") and an id made of the
    // heading's words ("social-shopping") read as negative names (WCXB documentation +0.0010, 7 pages
    // better, 1 by 0.0003 worse). A list's entry set in a heading and linked to another site is one of
    // the story's picks ("Top Expert Recommendations:" and the tools, linked to their shops).
    else if (
      HEADING_TAGS.has(el.name) &&
      linkDensity(stats.get(el)) > 0.33 &&
      !introducesProse(el, stats) &&
      !(isListEntry(el) && linksElsewhere(el, options.pageUrl))
    )
      gone.add(el);
    // A paragraph that is nearly all links is a list of tags or stories, not prose; a sentence that
    // links most of its words (a reference's sources, a glossary's terms) stays.
    else if (el.name === "p" && linkDensity(stats.get(el)) > LINKS_PARAGRAPH_DENSITY) gone.add(el);
  }
  removeNodes(gone);
}

/** WCXB all +0.0002 over 0.6 (50 pages better, 27 worse, none by more than 0.012); the article set unchanged. */
const LINKS_PARAGRAPH_DENSITY = 0.8;

/** Fewest lists of links of one kind, and their share of the text, that make a page an index of links. */
const MIN_INDEX_LISTS = 3;
const INDEX_SHARE = 0.5;

/**
 * Lists of links (3+ items, mostly link text) of one kind (their parents alike) that together hold most
 * of what is left once chrome is gone: the page is an index (languages by letter, a directory), and
 * those lists are its content. Lists of another kind (a list of translations beside them) are not.
 */
function dominantLinkLists(root: Element, stats: StatsMap): Element[] {
  const total = stats.get(root)?.chars ?? 0;
  const kinds = new Map<string, { lists: Element[]; chars: number }>();
  // Iterative: a hostile page can nest thousands deep. Lists inside a list of links are its own.
  const stack: Element[] = [root];
  for (let el = stack.pop(); el !== undefined; el = stack.pop()) {
    for (const child of elementChildren(el)) {
      const s = stats.get(child);
      if (s === undefined) continue;
      if ((child.name === "ul" || child.name === "ol") && elementChildren(child).filter((c) => c.name === "li").length >= 3 && linkDensity(s) >= 0.5) {
        const kind = `${el.name}.${el.attribs.class ?? ""}>${child.name}`;
        const of = kinds.get(kind) ?? { lists: [], chars: 0 };
        of.lists.push(child);
        of.chars += s.chars;
        kinds.set(kind, of);
      } else stack.push(child);
    }
  }
  const largest = [...kinds.values()].reduce<{ lists: Element[]; chars: number } | undefined>(
    (a, b) => (a === undefined || b.chars > a.chars ? b : a),
    undefined,
  );
  return largest !== undefined && largest.lists.length >= MIN_INDEX_LISTS && largest.chars >= total * INDEX_SHARE ? largest.lists : [];
}

/** An image's, a video's, a sound's, a font's or a stylesheet's address alone as text: a template printing its data, nothing a reader is meant to read. */
const ASSET_ADDRESS = /^https?:\/\/\S+\.(?:jpe?g|png|gif|webp|avif|svg|css|js|mp4|webm|mov|m4v|mp3|m4a|ogg|wav|woff2?|ttf|otf)(?:[?#]\S*)?$/i;

function isAssetAddress(el: Element): boolean {
  const only = el.children.length === 1 ? el.children[0] : undefined;
  return only !== undefined && isText(only) && ASSET_ADDRESS.test(only.data.trim());
}

/**
 * A field's name written as code writes it ("retail_price_tier1:", "tab_Details", "shipping_chunk-1:",
 * "tab_Shipping and Returns:", a store's tab switched on by its name): a template printing its store's
 * fields, names and values meant for scripts, not for readers.
 */
const CODE_NAME = /^[A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)*_[A-Za-z0-9]+(?:[_-][A-Za-z0-9]+)*:?$|^[a-z]+_[A-Z][\w ]*:$/;

function isCodeNamedField(el: Element): boolean {
  const only = el.name === "dt" && el.children.length === 1 ? el.children[0] : undefined;
  return only !== undefined && isText(only) && CODE_NAME.test(only.data.trim());
}

/**
 * On a product page: what buyers said and what else they looked at, beside the product itself. Read
 * from classes alone: ids are often headings' anchors ("…-review" in a review article).
 */
const PRODUCT_ASIDES = /reviews?\b|reviews?-|ratings?\b|ratings?-|recently-?viewed|also-?(?:bought|viewed|like)/i;

/**
 * Cards hold at least this share of a story's text when they are what it tells (a listing read as one
 * story, a guide whose steps or picks are cards); a story's related links hold less. WCXB: 0.5 → 0.3
 * all +0.0006 (18 pages better, 9 worse), the article set unchanged; 0.2 and below cost the article set.
 */
const DOMINANT_CARDS = 0.3;

/** A member's signature is never a post's content, however long it runs beside a short post. */
const SIGNATURE = /signature/i;

/** In a card, a "caption" or "credit" is the card's title or byline, not an image's. */
const CARD_PART = /caption|credit/i;

/** Share of the root's text that makes a container the content, when it is at least this long. */
const MOST = 0.5;
const KEPT_CONTAINER_MIN_CHARS = 200;

const CONDITIONAL = new Set(["form", "fieldset", "table", "ul", "ol", "div", "section", "figure", "dl"]);

function shouldDrop(el: Element, stats: StatsMap, total: number, discussion: boolean, dropped: ReadonlySet<Element>, wholeRegion: boolean): boolean {
  const s = stats.get(el);
  if (!s) return true;
  // A container holding most of the content is the content: its own links and counts do not condemn
  // what its children kept (a thread's wrapper with the board's menus in it).
  if (s.chars >= total * MOST && s.chars >= KEPT_CONTAINER_MIN_CHARS) return false;
  // A documentation's callout ("Note", "Warning: …") is the page's own, whatever it links to.
  if (isAdmonition(el)) return false;
  const weight = classWeight(el, discussion);
  const ld = linkDensity(s);
  // A negative hint alone does not outweigh prose (page builders call every block a "widget"); where the
  // whole region is the content it condemns nothing alone: the block's links and shape decide, as for any
  // block (WCXB, with the images' test below: +0.0003, service +0.0014, product +0.0017; 21 pages better, 6 worse).
  if (weight < 0 && !wholeRegion) return s.chars < total * 0.4 && !isProse(s, ld);
  if (s.commas >= 10) return false;
  // A table of data whose first column names its rows with links is not a menu.
  if (el.name === "table" && isDataTable(el, dropped)) return ld > DATA_TABLE_LINK_DENSITY;
  const p = s.paragraphs;
  const img = s.images;
  let li = s.listItems;
  const input = s.inputs;
  if (el.name === "ul" || el.name === "ol") {
    if (isFewLinkedPhrases(s)) return false;
    li -= 100;
  }
  // Images with a few words are a story's gallery or ad strip; where the whole region is the content, a grid's tiles (logos, products).
  if (img > 1 && p / img < 0.5 && s.chars < 200 && !wholeRegion) return true;
  if (li > p && s.chars < 200 * Math.max(1, li / 5)) return ld > 0.2;
  if (input > Math.floor(p / 3)) return true;
  // A command set as code ("cd my-website", "npx docusaurus start") is short, and the page's own.
  if (s.chars < 25 && (img === 0 || img > 2)) return findFirst(el, isCode) === undefined;
  // A list whose items each say something beside their link ("Official website: Park Hyatt") is the
  // story's own, unless links are most of it.
  if ((el.name === "ul" || el.name === "ol") && isAnnotatedList(el, stats)) return ld > ANNOTATED_LIST_LINK_DENSITY;
  if (weight < 25 && ld > 0.2) return discussion || !isLinkedNote(el, s, ld, dropped);
  if (weight >= 25 && ld > 0.5) return true;
  return false;
}

/**
 * A caption numbered for the text to point at ("Listing 9-3: Opening a file", "Figure 4-2: The
 * representation in memory…", "Table 1. Baseline characteristics"): the text says "see Listing 9-3", so
 * the caption is part of what it reads; an unnumbered caption under a photo is the photo's.
 */
function isNumberedCaption(el: Element, h: string, label: string | undefined): boolean {
  if (el.name !== "figcaption" && !CAPTION_HINT.test(h)) return false;
  const opening = label ?? leadingText(el, NUMBERED_CAPTION_CHARS, NUMBERED_CAPTION_NODES);
  return NUMBERED_CAPTION.test(opening);
}

const CAPTION_HINT = /caption/i;
const NUMBERED_CAPTION = /^\s*(?:figure|fig\.|listing|table)\s*\d+(?:[-.]\d+)*\s*[:.–—]/i;
const NUMBERED_CAPTION_CHARS = 20;
const NUMBERED_CAPTION_NODES = 10;

/**
 * A list of annotated links: two in three of its items or more hold some text outside their links (a
 * label before the link, a line after it), where a menu's or a related box's items are links alone.
 * Up to 40 % links against 20 % for other lists: WCXB all +0.0001 (12 pages better, none worse); up
 * to 60 %: +0.0002 more (six pages better, none worse), though it keeps a news site's "More great
 * stories" list, whose items run a clause into their link (article set 0.9726 → 0.9723).
 */
function isAnnotatedList(list: Element, stats: StatsMap): boolean {
  const items = elementChildren(list).filter((li) => li.name === "li");
  if (items.length === 0) return false;
  const annotated = items.filter((li) => {
    const s = stats.get(li);
    return s !== undefined && s.chars - s.linkChars >= MIN_ANNOTATION_CHARS;
  }).length;
  return annotated * 3 >= items.length * 2;
}

const MIN_ANNOTATION_CHARS = 15;
const ANNOTATED_LIST_LINK_DENSITY = 0.6;

/**
 * A list of one or two linked phrases (a changelog's pull request under its author, a source under a
 * claim) is part of what it sits in: a menu or a list of stories offers more choices than that.
 */
function isFewLinkedPhrases(s: TextStats): boolean {
  return s.listItems <= MAX_LINKED_PHRASES && s.chars >= s.listItems * MIN_PHRASE_CHARS;
}

const MAX_LINKED_PHRASES = 2;
/** Shorter items are a word or two: a tag, a "Home" link. */
const MIN_PHRASE_CHARS = 15;

/** A data table is dropped only when it is mostly links (a table of links laid out as a grid). */
const DATA_TABLE_LINK_DENSITY = 0.5;

/**
 * A table that holds data, not layout: header cells or a caption, or rows of several cells each, and no
 * table inside it (layout tables nest). As Readability tells them apart.
 */
function isDataTable(table: Element, dropped: ReadonlySet<Element>): boolean {
  if (roleOf(table) === "presentation") return false;
  let rows = 0;
  let widest = 0;
  let header = false;
  // What was dropped below the table is not read: it is gone from the tree once the drops are made.
  const stack: AnyNode[] = [...table.children];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (!isElement(node) || dropped.has(node)) continue;
    if (node.name === "table") return false;
    if (node.name === "th" || node.name === "thead" || node.name === "caption") header = true;
    else if (node.name === "tr") {
      rows++;
      widest = Math.max(widest, elementChildren(node).filter((c) => c.name === "td" || c.name === "th").length);
    }
    for (const child of node.children) stack.push(child);
  }
  return widest >= 2 && (header || rows * widest > 10);
}

function isCode(el: Element): boolean {
  return el.name === "code" || el.name === "pre";
}

/**
 * A paragraph or two of prose that links a phrase or two and ends as a sentence does (a documentation's
 * "For more information, see Add bindings.", "Changed in version 3.6: All parameters are now
 * keyword-only."): the page's own note, however short; link density condemns lists and rows of links.
 * Not on a thread, where the board's notices read so ("News: … See why free is better.").
 */
function isLinkedNote(el: Element, s: TextStats, ld: number, dropped: ReadonlySet<Element>): boolean {
  return s.paragraphs > 0 && s.listItems === 0 && ld <= NOTE_LINK_DENSITY && SENTENCE_END.test(rawText(el, dropped));
}

const NOTE_LINK_DENSITY = 0.5;
const SENTENCE_END = /[.!?]\s*$/;

function isProse(s: TextStats, ld: number): boolean {
  return ld < 0.25 && s.chars >= 200 && (s.paragraphs > 0 || s.commas >= 3);
}

/**
 * On a product page, a group of cards that each show a price is other products (a carousel, "sponsored",
 * the seller's other items) whatever its heading says, unless it holds most of the text (a product page
 * that is really a listing). The product's own price stands alone, not in a run of cards.
 */
function removeOtherProducts(root: Element): void {
  const stats = measure(root);
  const total = stats.get(root)?.chars ?? 0;
  const others = repeatedGroups(root, stats).filter((group) => group !== root && (stats.get(group)?.chars ?? 0) < total * MOST && isPricedRun(group, stats));
  removeNodes(new Set(others));
}

/**
 * A call to act, not content: a link drawn as a button ("Contact us", "Book a lesson", "Get started"),
 * only a short one (a block-sized link classed so is a card); or a link or button that says nothing but
 * where it leads or what it opens ("Read more", "See all", "Shop now", "Show 12 more comments", "Show
 * less", a quote's "Click to expand..."; "Learn more about pricing" on a line of its own, where in a
 * sentence those may be its words: WCXB all +0.0001, 75 pages better, 21 worse, none by more than
 * 0.011, a few ground truths keep a card's "Learn more"; taking such links within sentences too
 * measured +0.0002); or a control on a list's item ("Quick shop", "Add to wishlist", "Rate this book").
 * A block, not a heading, saying only that (a box holding an `<h4>View Details</h4>` over a card's
 * picture, a "Quick Shop" left of a custom element) is the label of a control whose element is gone: it
 * goes too, where a "Read more:" in bold before a link in a sentence stays (collection +0.0016, 22 pages
 * better, 6 worse). Lone blocks saying "Contact us", "Get started" or "Book now" measured +0.00004 (27
 * pages better, 13 worse: truths keep a service page's last "Get started"): left.
 */
function isCallToAction(el: Element, chars: number, label: string | undefined, stats: StatsMap): boolean {
  if (chars > CALL_TO_ACTION_CHARS) return false;
  const control = el.name === "a" || el.name === "button" || roleOf(el) === "button";
  // A block is a control's label left without its control: only the call alone, whole. A heading saying
  // it titles a section ("Learn more" over the studio's classes).
  if (!control && (chars === 0 || !BLOCK_TAGS.has(el.name) || HEADING_TAGS.has(el.name))) return false;
  if (el.name === "a" && BUTTON_CLASS.test(el.attribs.class ?? "")) return true;
  const text = label ?? "";
  if (ITEM_CONTROL.test(text)) return true;
  const said = BARE_CALL.exec(text);
  // "Read more" alone says nothing wherever it stands; "read more about kilns" may be words of a sentence.
  return said !== null && (!/\w/.test(said[1] ?? "") || (control && standsAlone(el, chars, stats)));
}

const BUTTON_CLASS = /(?:^|[\s_-])(?:btn|button|cta)(?:$|[\s_-])/i;
const CALL_TO_ACTION_CHARS = 50;
/**
 * A verb and where it leads, and at most a few words more, no sentence; or the same said in another
 * language (French, German, Spanish, Italian, Portuguese, Dutch, Russian, Japanese, Chinese, Korean),
 * whole: "Lire la suite", "Weiterlesen", "Leer más", "Читать далее", "続きを読む", "查看更多", "더보기".
 */
const BARE_CALL = new RegExp(
  String.raw`^(?:(?:load|show|view|see|read|learn|discover|explore|shop|browse|hide) (?:\d+ )?(?:more|less|all|now|details|full)\b([^.]{0,25})|click to (?:expand|read more|see more)\W*|(?:${[
    "lire la suite",
    "en savoir plus",
    "voir (?:plus|tout)",
    "weiterlesen",
    "mehr (?:erfahren|lesen|anzeigen)",
    "alle anzeigen",
    "(?:leer|ver|saber) más",
    "ver tod[oa]s",
    "(?:leggi|scopri) (?:di più|tutto)",
    "(?:leia|saiba|ver) mais",
    "lees meer",
    "meer (?:lezen|weten)",
    "bekijk (?:alles|meer)",
    "читать (?:далее|дальше|полностью)",
    "подробнее",
    "показать (?:ещё|еще|все)",
    "続きを読む",
    "もっと見る",
    "詳しくはこちら",
    "(?:阅读|閱讀)更多",
    "查看(?:更多|全部)",
    "了解更多",
    "더 ?보기",
    "자세히 ?보기",
  ].join("|")})[\s.…:»›>→]*)$`,
  "i",
);
/**
 * Controls on a list's items or a story's pictures, which say nothing of them: "Quick shop", "Quick view",
 * "Add to wishlist", "Swipe to view", "Rate this book", "Clear rating", "Watch video", "Toggle caption"; and a count of
 * comments ("13 comments", "1comment"), the link to them.
 */
const ITEM_CONTROL =
  /^(?:quick ?(?:shop|view|look|add|buy)|add to (?:cart|bag|basket|trolley|wishlist|wish list|favou?rites|compare)|swipe to view|rate this [\p{L}]+|clear rating|watch (?:the )?video|toggle caption|\d+ ?comments?)$/iu;

/**
 * On a thread, the board talking rather than a post: asking a guest to sign in ("Create an account or
 * sign in to comment", "Already have an account? Sign in here", "Join the conversation"), saying the
 * thread is closed ("This thread is not open for further replies"), listing its posting rules ("You may
 * not post replies") or who is viewing it, counting its views and replies ("6.3K views 23 replies 14 participants"), warning of an
 * out-of-date browser or of a deleted topic still shown to moderators. Only a short block that opens
 * so: a post that mentions signing in says something else first ("I could not sign in to reply"). WCXB
 * all +0.0001 for the prompts (seven pages better, none worse), forum +0.0004 for the notices (six
 * better, none worse), +0.0008 for the counts and warnings (nine better, none worse).
 */
function isBoardNotice(el: Element, stats: StatsMap): boolean {
  return (stats.get(el)?.chars ?? 0) <= BOARD_NOTICE_CHARS && BOARD_NOTICE.test((rawTextWithin(el, BOARD_NOTICE_NODES) ?? "").trimStart());
}

const BOARD_NOTICE =
  /^(?:(?:please )?(?:sign|log) ?in (?:or (?:register|sign up) )?to (?:reply|comment|post|join|leave)|create an account or sign in|you must (?:be )?(?:logged|signed|log|sign) ?in|already have an account|register (?:now|for free|to (?:reply|post|join))|join the conversation|(?:this (?:thread|topic|discussion) (?:is|has been|was) )?(?:closed|not open|locked) (?:for|to) (?:further|new) replies|users who are viewing this (?:thread|topic)|posting (?:rules|permissions)|you (?:may|can) ?not (?:post|edit|reply|upload|vote|create|delete)|you are using an out of date browser|this (?:thread|topic|post) has been deleted\. only|[\d.,]+k?\s+views?\s+[\d.,]+k?\s+repl(?:y|ies)\b)/i;
const BOARD_NOTICE_CHARS = 600;
const BOARD_NOTICE_NODES = 60;

/**
 * Where the region is the content (cards of a listing, not a thread's posts), a time said relative to
 * the moment the page was served ("5 hours ago", "a day ago", "vor 2 Tagen", "3時間前") alone in its element: stale once the page
 * is read, and no part of what the card shows. WCXB all +0.0001 (listing +0.0011), ten pages better,
 * none worse; read in stories too it cost more than it gained. A thread keeps its posts' times.
 */
function isRelativeTime(el: Element, stats: StatsMap): boolean {
  return (stats.get(el)?.chars ?? Infinity) <= RELATIVE_TIME_CHARS && RELATIVE_TIME.test(rawTextWithin(el, RELATIVE_TIME_NODES) ?? "");
}

/** "5 hours ago", and so said in French, German, Spanish, Portuguese, Italian, Dutch, Russian, Japanese, Chinese and Korean. */
const RELATIVE_TIME = new RegExp(
  String.raw`^\s*(?:${[
    String.raw`(?:\d+|an?) (?:min(?:ute)?s?|hours?|hrs?|days?|weeks?|months?|years?) ago`,
    String.raw`il y a (?:\d+|une?) (?:minutes?|heures?|jours?|semaines?|mois|ans?)`,
    String.raw`vor (?:\d+|einer|einem) (?:minuten?|stunden?|tag(?:en)?|wochen?|monat(?:en)?|jahr(?:en)?)`,
    String.raw`hace (?:\d+|una?) (?:minutos?|horas?|días?|semanas?|mes(?:es)?|años?)`,
    String.raw`há (?:\d+|uma?) (?:minutos?|horas?|dias?|semanas?|mês|meses|anos?)`,
    String.raw`(?:\d+ |una? |un')(?:minut[oi]|or[ae]|giorn[oi]|settiman[ae]|mes[ei]|ann[oi]) fa`,
    String.raw`(?:\d+|een) (?:minuten?|uur|dagen?|weken?|maanden?|jaar|jaren) geleden`,
    String.raw`(?:\d+ )?(?:минут[уы]?|час(?:а|ов)?|день|дня|дней|недел[юиь]|месяц(?:а|ев)?|года?|лет) назад`,
    String.raw`\d+ ?(?:分|時間|日|週間|か月|ヶ月|年)前`,
    String.raw`\d+ ?(?:分钟|分鐘|小时|小時|天|周|週|个月|個月|年)前`,
    String.raw`\d+ ?(?:분|시간|일|주|개월|년) 전`,
  ].join("|")})\s*$`,
  "i",
);
const RELATIVE_TIME_CHARS = 24;
const RELATIVE_TIME_NODES = 5;

/** A link that skips past the page's chrome to a place on the page ("Skip to main content"): for keyboards and screen readers, never content. */
function isSkipLink(el: Element): boolean {
  return el.name === "a" && (el.attribs.href ?? "").startsWith("#") && SKIP.test(rawTextWithin(el, SKIP_NODES) ?? "");
}

/** "Skip to …", and so said in French, German, Spanish, Portuguese, Italian, Dutch, Russian, Japanese, Chinese and Korean. */
const SKIP =
  /^\s*(?:skip\b|(?:direkt )?zum (?:inhalt|hauptinhalt)|(?:aller|passer) (?:au|directement au) contenu|(?:saltar|ir) al contenido|(?:pular|ir) para o conteúdo|(?:vai|salta) al contenuto|(?:naar|ga naar) (?:de )?(?:inhoud|hoofdinhoud)|перейти к (?:содержимому|основному|контенту)|(?:メイン)?コンテンツへ(?:スキップ|移動)|本文へ|跳(?:至|到|转到)(?:主要)?(?:内容|內容|正文)|본문 ?바로 ?가기)/i;
const SKIP_NODES = 10;

/**
 * A table of contents: a list whose links all lead to places on one page (`#…`, the page's own address
 * with a fragment), its text the links': the headings it lists follow, and say it again. Among cards too
 * (entries as long as cards'). WCXB all +0.0001 (documentation +0.0004, product +0.0003), 19 pages better,
 * 17 worse (some truths keep the table).
 */
function isTableOfContents(el: Element, stats: StatsMap): boolean {
  if ((el.name !== "ul" && el.name !== "ol") || linkDensity(stats.get(el)) < TOC_LINK_DENSITY) return false;
  const links = descendants(el).filter((a) => a.name === "a");
  if (links.length < MIN_TOC_LINKS) return false;
  const pages = new Set<string>();
  for (const a of links) {
    const href = a.attribs.href ?? "";
    const hash = href.indexOf("#");
    if (hash < 0 || hash === href.length - 1) return false;
    pages.add(href.slice(0, hash));
  }
  return pages.size === 1;
}

const MIN_TOC_LINKS = 3;
const TOC_LINK_DENSITY = 0.8;

/**
 * A table of contents' title on a line of its own ("Table of Contents", "In this article", "On this
 * page", "Inhaltsverzeichnis", "Sommaire"): the table goes (isTableOfContents), and the title has
 * nothing left to title. WCXB: 16 pages better, 2 by at most 0.002 worse.
 */
function isContentsTitle(el: Element, label: string, chars: number, stats: StatsMap): boolean {
  if (chars > CONTENTS_TITLE_CHARS || !CONTENTS_TITLE.test(wordsOf(label)) || !onLineOfItsOwn(el, chars, stats)) return false;
  // Over a list that stays (a manual's chapter page listing its sections' pages) it titles that list.
  const next = nextElement(lineOf(el));
  return next === undefined || !LISTS.has(next.name) || isTableOfContents(next, stats);
}

const LISTS = new Set(["ul", "ol", "dl"]);

const CONTENTS_TITLE =
  /^(?:table of contents|contents|in this (?:article|post|guide)|on this page|jump to(?: section)?|inhaltsverzeichnis|inhalt|sommaire|table des matières|índice|contenido|indice|sommario|inhoudsopgave|содержание|目次|目录)\s*:?$/i;
const CONTENTS_TITLE_CHARS = 30;

/**
 * The story's author as schema.org microdata (`itemprop="author"`) holding a biography beside the name:
 * the author's card, about the writer rather than the story. A byline (the name, perhaps a date) is
 * shorter, and bylines are dropped by their class.
 */
function isAuthorCard(el: Element, stats: StatsMap): boolean {
  const prop = mayCarry(el, MICRODATA) ? el.attribs.itemprop : undefined;
  return prop !== undefined && AUTHOR_PROPERTY.test(prop) && (stats.get(el)?.chars ?? 0) >= AUTHOR_CARD_CHARS;
}

const AUTHOR_PROPERTY = /(?:^|\s)author(?:$|\s)/;
const AUTHOR_CARD_CHARS = 150;

/**
 * A menu's panel left in the page (a dropdown, a mega-menu, a flyout: shown on hover or click, by
 * stylesheets a scraper does not run): so named, and its text links. Cards' lists stay cards, but a
 * block so named inside them is still the menu (a board's "Jump to" list of forums, a site's list of
 * services under a hero). An accordion's "dropdown" of prose is no menu. WCXB all +0.0004, ten pages
 * better, none worse.
 */
function isMenuPanel(el: Element, h: string, stats: StatsMap): boolean {
  return h !== "" && MENU_PANEL.test(h) && linkDensity(stats.get(el)) >= MENU_PANEL_LINK_DENSITY;
}

const MENU_PANEL = /dropdown|mega-?menu|sub-?menu|flyout/i;
const MENU_PANEL_LINK_DENSITY = 0.8;

/**
 * Copy a template left as it came ("Lorem ipsum dolor sit amet…", "Lorem ipsum 3"): an element whose own
 * text starts so holds no word of the page's. Only its first text is read.
 */
function isPlaceholder(el: Element): boolean {
  for (const child of el.children) {
    if (isText(child)) {
      if (child.data.trim() !== "") return PLACEHOLDER.test(child.data);
    } else if (isElement(child) && BLOCK_TAGS.has(child.name)) return false;
  }
  return false;
}

/** The filler's opening, or its two words alone as a label ("Lorem ipsum 3"); not prose about the filler ("Lorem ipsum is…"). */
const PLACEHOLDER = /^\s*lorem ipsum(?:\s+dolor sit amet\b|\s*\d*\s*$)/i;

/**
 * A live region's message (`role="alert"` or `"status"`): what a script says of what the reader just
 * did or of the session ("Unable to add item to List. Please try again.", "Added to cart", a sign-up
 * prompt, a cookie notice), not the page's. A callout opening with its kind ("Note:", "Warning") stays:
 * docs mark theirs as alerts. WCXB all +0.0002 (listing +0.0013, forum +0.0004), ten pages better, none worse.
 */
function isStatusMessage(el: Element): boolean {
  const role = roleOf(el);
  if (role !== "alert" && role !== "status") return false;
  return !isAdmonition(el);
}

/**
 * Lists right after a paragraph that is a sentence ending in a colon ("Here are some of the courses you
 * can take on OpenLearn:"): the list is what the sentence introduces. A label ("Buying options:", "YOU
 * MIGHT ALSO LIKE:") is too short to be such a sentence, and a heading introduces a section, not a list.
 */
function introducedLists(elements: readonly Element[]): Element[] {
  return elements.filter((el) => {
    const before = previousElement(el);
    if (before === undefined) return false;
    if (HEADING_TAGS.has(before.name)) return isReferencesHeading(before);
    if (el.name !== "ul" && el.name !== "ol") return false;
    if (before.name !== "p") return false;
    const text = rawTextWithin(before, MAX_INTRODUCTION_NODES)?.trim();
    return text !== undefined && ENDS_IN_COLON.test(text) && wordCount(text) >= MIN_INTRODUCTION_WORDS;
  });
}

/** A heading over the story's references ("References", "Sources", "References & Sources", "Works cited"): its list is where the story's facts come from. */
function isReferencesHeading(heading: Element): boolean {
  const text = rawTextWithin(heading, MAX_INTRODUCTION_NODES);
  return text !== undefined && REFERENCES.test(text.trim());
}

const REFERENCES = /^(?:references?|sources?|references? (?:and|&) sources?|sources? (?:and|&) references?|bibliography|works cited|citations|footnotes)$/i;

const ENDS_IN_COLON = /[:：]$/;

/**
 * Containers whose entries each open with their rank, counting up one by one ("1. Automation Anywhere
 * 9.1", "2. ChatGPT 9.0", …; a second page's from 51): a ranking, whose entries are too short and too
 * linked to pass for cards. Numbers a list's markup draws are no text, and pages are numbered without a dot.
 */
function rankedRuns(elements: readonly Element[]): Element[] {
  return elements.filter((el) => {
    let expected: number | undefined;
    let ranked = 0;
    for (const child of el.children) {
      if (!isElement(child)) continue;
      const found = RANK.exec(leadingText(child, RANK_CHARS, RANK_NODES));
      const rank = found?.[1] ?? found?.[2];
      if (rank === undefined) {
        // A header row before the first entry ("Product Ranking", "Score").
        if (expected === undefined) continue;
        return false;
      }
      if (expected !== undefined && Number(rank) !== expected) return false;
      expected = Number(rank) + 1;
      ranked++;
    }
    return ranked >= MIN_RANKED;
  });
}

/** An entry's rank: a number and a dot (or `#` and a number) before its first word. */
const RANK = /^\s*(?:#\s?(\d{1,4})|(\d{1,4})\.)(?!\d)/;
const RANK_CHARS = 6;
const RANK_NODES = 12;
const MIN_RANKED = 5;
const MIN_INTRODUCTION_WORDS = 6;

/** A sentence's words: those between spaces, and in Chinese or Japanese (written without them) one per two characters. */
function wordCount(text: string): number {
  return text.split(/\s+/).length + Math.floor((text.match(HAN_KANA)?.length ?? 0) / 2);
}

const HAN_KANA = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/g;
/** A paragraph of more nodes than this is not one introductory sentence. */
const MAX_INTRODUCTION_NODES = 200;

/**
 * A block named for a "Read more" toggle that holds prose is the text the toggle unfolds (a product's
 * description shown truncated, a folded biography), not the toggle: the name says nothing else of it.
 */
function isFoldedText(el: Element, h: string, stats: StatsMap): boolean {
  const rest = h.replace(READ_MORE, "");
  if (rest === h || BOILERPLATE.test(rest)) return false;
  const s = stats.get(el);
  return (s?.chars ?? 0) >= MIN_FOLDED_CHARS && linkDensity(s) < 0.5;
}

const READ_MORE = /read-?more/gi;
const MIN_FOLDED_CHARS = 100;

/**
 * Whether the heading opens a section of the page's own: prose (this many characters outside links, at
 * least) follows it within a few blocks, before the next heading, or its link is its own permalink (an
 * anchor to the heading, as documentation and blog generators add to share a section).
 */
function introducesProse(heading: Element, stats: StatsMap): boolean {
  if (isPermalink(heading)) return true;
  let prose = 0;
  let next = nextElement(heading);
  for (let n = 0; next !== undefined && n < PROSE_BLOCKS && !HEADING_TAGS.has(next.name); n++, next = nextElement(next)) {
    const s = stats.get(next);
    if (s !== undefined) prose += s.chars - s.linkChars;
  }
  return prose >= PROSE_CHARS;
}

/** How many blocks after a heading may hold its prose (a figure, a rating, a price line before the text). */
const PROSE_BLOCKS = 4;

function isPermalink(heading: Element): boolean {
  const href = findFirst(heading, (el) => el.name === "a")?.attribs.href ?? "";
  const hash = href.indexOf("#");
  if (hash < 0 || hash === href.length - 1) return false;
  return hash === 0 || href.slice(hash + 1) === heading.attribs.id;
}

const PROSE_CHARS = 100;

/** The callout's kind comes first: within its first few nodes. */
const ADMONITION_NODES = 12;
const ADMONITION = /^(?:note|tip|warning|important|caution|hint|danger|info)\b(?:\s*:|\s*$|\s+[A-Z])/i;

/**
 * A callout: a block opening with its kind ("Note:", "Tip", "Warning", "Important" over its text), as
 * documentation sets them apart (Sphinx's and MkDocs' admonitions, a wiki's tip boxes, a docs site's
 * alerts). WCXB documentation +0.0004 (five pages better, two by 0.001 worse).
 */
function isAdmonition(el: Element): boolean {
  return ADMONITION.test(leadingText(el, 30, ADMONITION_NODES).trim());
}

/** A heading that is the whole of a list item: an entry of the list, set in a heading's type. */
function isListEntry(heading: Element): boolean {
  const item = heading.parent;
  if (!item || !isElement(item) || item.name !== "li") return false;
  return item.children.every((child) => child === heading || (child.type === "text" && child.data.trim() === "") || child.type === "comment");
}

/**
 * Whether every link of the element leads to another site: a story's own picks (the tools it
 * recommends, linked to their shops), where a teaser of the site's stories links within it.
 */
function linksElsewhere(el: Element, pageUrl: string | undefined): boolean {
  const home = pageUrl === undefined ? undefined : hostOf(pageUrl, undefined);
  if (home === undefined) return false;
  const links = descendants(el).filter((a) => a.name === "a");
  return (
    links.length > 0 &&
    links.every((a) => {
      const host = hostOf(a.attribs.href ?? "", pageUrl);
      return host !== undefined && host !== "" && host !== home;
    })
  );
}

/** An address's host without its `www.`, read against a base address. */
function hostOf(href: string, base: string | undefined): string | undefined {
  try {
    return new URL(href, base).hostname.replace(/^www\./, "");
  } catch {
    return undefined;
  }
}
