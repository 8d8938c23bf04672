// Main-content extraction over the page's DOM (domhandler nodes).
//
// 1. Prune what is never content (prune.ts).
// 2. Find the content region: the page's <main>, else the body (region.ts).
// 3. Pick the article (article.ts); when it holds a fair share of the region's own text (not link text:
//    teasers, menus and link lists around a story do not count) the page is one story and the article
//    is the content, else the region is (listings, service pages, threads).
// 4. Clean inside what was kept (clean.ts).
// The DOM is modified: run other extractions (links, images, metadata) first.
import type { Element, ParentNode } from "domhandler";
import { pickArticle } from "./article";
import { HEADING_TAGS } from "./blocks";
import { groupedChars, isPricedRun, repeatedGroups } from "./cards";
import { clean } from "./clean";
import { removeLinesRepeatedInCards, removeLinesSaidAgain, removeRepeatedLines, removeRepeatedSections, removeSentencesSaidAgain } from "./repeats";
import { declaredProductDescription } from "./declared-description";
import { descendants, documentBody, elementChildren, isElement, type ParsedDocument } from "./dom";
import { repairMojibakeUnder } from "./mojibake";
import { addressHints } from "./page-address";
import { declaredPageType, type PageType } from "./page-type";
import { plainText } from "./plain-text";
import { prune } from "./prune";
import { contentRegion, ownTextOf } from "./region";
import { oneOfManySections } from "./sections";
import { commentsHoldMostText, onePostOfThread, postsHoldRegion } from "./thread";
import { linkDensity, measure, type StatsMap } from "./text-stats";

export interface MainContent {
  /** The kept subtrees, in document order. */
  readonly roots: readonly Element[];
  readonly text: string;
  /** What kind of page it was read as. */
  readonly pageType: PageType;
  /** Whether the kept subtrees held any text before cleaning. */
  readonly hadText: boolean;
}

/**
 * The article is the content when it holds at least this share of the region's text outside links: a
 * page that declares itself an article needs less than one that declares nothing (often a service page).
 */
const ARTICLE_SHARE = { declared: 0.3, undeclared: 0.6 };

/** Less text outside links than this is a card or a caption, not a story (a listing's region is mostly links). */
const MIN_STORY_CHARS = 200;

/** Pages of these kinds are many items (posts, cards, offers around a product): the region is the content. */
const WHOLE_REGION: ReadonlySet<PageType> = new Set(["forum", "listing", "collection", "product"]);

/** Pages of these kinds say a line once: its second saying is a second rendering (repeats.ts removeLinesSaidAgain). */
const SAID_ONCE: ReadonlySet<PageType> = new Set(["product", "listing", "collection", "service"]);

export interface MainContentOptions {
  /** Clean inside the content (clean.ts); off for the second reading of a page that cleaning emptied. */
  readonly clean?: boolean;
  /** The page's address: its conventions hint at the page's kind (page-address.ts). */
  readonly pageUrl?: string;
}

export function extractMainContent(doc: ParsedDocument, options: MainContentOptions = {}): MainContent {
  const body = documentBody(doc) ?? doc;
  const said = declaredPageType(doc);
  const undeclared = said === undefined || said === "article";
  const address = addressHints(options.pageUrl);
  // Most pages call themselves articles (og:type); a thread's structure, or its address, outweighs that.
  const { stats, discussion, contactForms } = prune(
    body,
    undeclared && address.thread ? true : undeclared ? (measured) => commentsHoldMostText(body, measured, said === "article") : said === "forum",
  );
  const declared = discussion ? "forum" : said;
  const elements = descendants(body);
  const region = contentRegion(body, stats, elements);
  const article = pickArticle(body, stats, elements);
  const articleText = article.reduce((n, el) => n + ownTextOf(el, stats), 0);
  const regionText = ownTextOf(region, stats);
  const storySized =
    !(declared && WHOLE_REGION.has(declared)) &&
    // An index by its address (a category, a tag, a shop's collection) is many items, unless it declares a kind of its own.
    !(undeclared && address.index) &&
    articleText >= MIN_STORY_CHARS &&
    articleText >= regionText * (declared ? ARTICLE_SHARE.declared : ARTICLE_SHARE.undeclared);
  // A thread whose first post outweighs its replies, or whose posts are named neither comments nor
  // posts: every post is the content, as on any thread. A page declaring another kind is none.
  const thread =
    discussion ||
    (storySized && onePostOfThread(article, region)) ||
    ((declared === undefined || declared === "article") && isElement(region) && postsHoldRegion(region, stats));
  const isStory = storySized && !thread && !oneOfManySections(article, articleText, stats, region);
  const roots = isStory ? article : asRoots(region);
  const hadText = roots.some((root) => (stats.get(root)?.chars ?? 0) > 0);
  if (options.clean !== false) {
    const cleaning = {
      keepCards: isStory ? "dominant" : "always",
      discussion: thread,
      product: declared === "product",
      contactForms,
      // A page's title is its own where the page is many items, and where a story reads as a service
      // page's sections (declaring no kind, or "article", many tools' default for every page); a
      // story's title is the page's, said again.
      keepTitle: (!isStory && !thread) || (isStory && (declared === undefined || declared === "article") && readsAsSections(roots, stats)),
      pageUrl: options.pageUrl,
    } as const;
    for (const root of roots) clean(root, cleaning);
  }
  removeRepeatedSections(roots);
  // Where the region is the content, its cards' second renderings of a line go; a story's own lines stay.
  if (!isStory) removeLinesRepeatedInCards(roots, stats);
  if (thread) removeRepeatedLines(roots);
  // A page with too little text to be a story is too little to be many sections either: typed as one.
  const readsAsStory = isStory || regionText < MIN_STORY_CHARS;
  const pageType = thread ? "forum" : (declared ?? structuralType(roots, readsAsStory));
  // Pages of items or sections render some lines twice; a story's short refrains are its own, and a
  // thread's quotes are read apart (removeRepeatedLines).
  if (options.clean !== false && SAID_ONCE.has(pageType)) removeLinesSaidAgain(roots);
  else if (options.clean !== false && pageType !== "forum") removeSentencesSaidAgain(roots);
  repairMojibakeUnder(roots);
  const text = plainText(roots);
  if (pageType === "product" && options.clean !== false && text.length < THIN_PRODUCT_CHARS) {
    const described = withDeclaredDescription(doc, roots, text);
    if (described !== roots) return { roots: described, text: plainText(described), pageType, hadText };
  }
  return { roots, text, pageType: pageType === "article" ? articleByAddress(doc, roots, options.pageUrl) : pageType, hadText };
}

/** A product page with less text than this shows its buy box alone (declared-description.ts). */
const THIN_PRODUCT_CHARS = 1_500;

/** The roots and, after them, the description the page's Product declares, where the text does not already say it. */
function withDeclaredDescription(doc: ParsedDocument, roots: Element[], text: string): Element[] {
  const block = declaredProductDescription(doc);
  if (!block) return roots;
  repairMojibakeUnder([block]);
  const opening = wordsOf(plainText([block]))
    .slice(0, SAID_WORDS)
    .join(" ");
  return opening === "" || wordsOf(text).join(" ").includes(opening) ? roots : [...roots, block];
}

/** The description is already said when the text holds its first words. */
const SAID_WORDS = 8;

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * What a page read as an article is, by its address: a site's front page shows what the site holds or
 * offers (typed from its structure as no story) unless schema.org declares it an article, og:type
 * "article" being most publishing tools' default; a story under a documentation address is documentation.
 */
function articleByAddress(doc: ParsedDocument, roots: readonly Element[], pageUrl: string | undefined): PageType {
  const address = addressHints(pageUrl);
  if (address.docs) return "documentation";
  if (address.home && declaredPageType(doc, { openGraphArticle: false }) !== "article") return structuralType(roots, false);
  return "article";
}

/**
 * A page that declares no type: content that is mostly repeated cards is a listing, a story with code
 * blocks documentation, many short sections under their headings (or a region that is no story) a
 * service page, another story an article.
 */
function structuralType(roots: readonly Element[], isStory: boolean): PageType {
  let total = 0;
  let grouped = 0;
  let headings = 0;
  let code = false;
  const found: { cards: Element[]; stats: StatsMap }[] = [];
  for (const root of roots) {
    const below: Element[] = [];
    const stats = measure(root, below);
    for (const el of below) {
      if (HEADING_TAGS.has(el.name)) headings++;
      else if (el.name === "pre") code = true;
    }
    total += stats.get(root)?.chars ?? 0;
    // Cards link to what they show; repeated sections of prose do not.
    const cards = repeatedGroups(root, stats, below).filter((g) => linkDensity(stats.get(g)) >= 0.2);
    grouped += groupedChars(cards, stats);
    found.push({ cards, stats });
  }
  if (total > 0 && grouped >= total * 0.5) {
    // A shop's category is cards of products with their prices; a listing's cards are stories and results.
    const priced = found.reduce(
      (n, { cards, stats }) =>
        n +
        groupedChars(
          cards.filter((g) => isPricedRun(g, stats)),
          stats,
        ),
      0,
    );
    return priced >= grouped * 0.5 ? "collection" : "listing";
  }
  if (code) return "documentation";
  if (!isStory || isSectioned(headings, total)) return "service";
  return "article";
}

/** Many short sections under headings and no code (a service page's, not documentation's), read before cleaning. */
function readsAsSections(roots: readonly Element[], stats: StatsMap): boolean {
  let headings = 0;
  for (const root of roots) {
    for (const el of descendants(root)) {
      if (HEADING_TAGS.has(el.name)) headings++;
      else if (el.name === "pre") return false;
    }
  }
  return isSectioned(
    headings,
    roots.reduce((n, root) => n + (stats.get(root)?.chars ?? 0), 0),
  );
}

function isSectioned(headings: number, chars: number): boolean {
  return headings >= SECTIONED_HEADINGS && chars / headings < SECTION_CHARS;
}

/** Marketing pages are many short sections: at least this many headings with less text than this under each. */
const SECTIONED_HEADINGS = 4;
const SECTION_CHARS = 250;

function asRoots(node: ParentNode): Element[] {
  return isElement(node) ? [node] : elementChildren(node);
}
