// A thread recognised from its structure: a page that declares nothing (or only "article", as most
// pages' og:type does) whose comments hold nearly all of its text is a discussion, whose comments are
// its content. Pruning by hints would otherwise remove every comment, each one small, and leave nothing.
import type { AnyNode, Element, ParentNode } from "domhandler";
import { shapeOf } from "./cards";
import { HEADING_TAGS } from "./blocks";
import { descendants, isElement, isText } from "./dom";
import { AUTHOR_OR_DATE, classOf, idOf, MICRODATA, mayCarry } from "./dom-nodes";
import { isNamedChrome } from "./prune";
import type { StatsMap } from "./text-stats";

/** Class or id words that mark a comment or a reply. */
const COMMENT = /comment|repl(?:y|ies)/i;

/** Comments hold at least this share of the text on a thread (a story with a long comment section holds less). */
const THREAD_SHARE = 0.85;

/** What a thread's opening holds at most outside its comments: a longer text is a story with a comment section. */
const THREAD_OPENING_CHARS = 2_000;

/**
 * Comments holding at least this share of all the text are weighed again without the site's chrome (a
 * board's rules in a sidebar beside the thread, its header and footer), which is no opening.
 */
const SHARE_BESIDE_CHROME = 0.6;

/**
 * Whether the comments (outermost blocks classed as such) hold nearly all the text measured under body,
 * beside a short opening: of all of it, or, on a page that does not call itself an article, of what is
 * left outside the blocks named chrome (a sidebar of rules beside an old-style board's thread) when
 * they hold most of it. A blog post's open thread declares an article: its comments stay asides.
 */
export function commentsHoldMostText(body: ParentNode, stats: StatsMap, declaredArticle: boolean): boolean {
  const total = isElement(body) ? (stats.get(body)?.chars ?? 0) : body.children.reduce((n, c) => n + (isElement(c) ? (stats.get(c)?.chars ?? 0) : 0), 0);
  if (total === 0) return false;
  const inComments = commentChars(body, stats);
  if (holdsThread(inComments, total)) return true;
  if (declaredArticle || inComments < total * SHARE_BESIDE_CHROME) return false;
  return holdsThread(inComments, total - commentChars(body, stats, total));
}

function holdsThread(inComments: number, total: number): boolean {
  return inComments >= total * THREAD_SHARE && total - inComments <= THREAD_OPENING_CHARS;
}

/**
 * Characters in the outermost comments; or, given the page's total, in the outermost blocks outside
 * them that prune would remove as named chrome on a thread.
 */
function commentChars(body: ParentNode, stats: StatsMap, chromeOf?: number): number {
  let chars = 0;
  const stack: Element[] = body.children.filter(isElement);
  while (stack.length > 0) {
    const el = stack.pop()!;
    if (isComment(el)) {
      if (chromeOf === undefined) chars += stats.get(el)?.chars ?? 0;
    } else if (chromeOf !== undefined && isNamedChrome(el, chromeOf, true, stats)) chars += stats.get(el)?.chars ?? 0;
    else for (const child of el.children) if (isElement(child)) stack.push(child);
  }
  return chars;
}

function isComment(el: Element): boolean {
  const cls = classOf(el);
  const id = idOf(el);
  return (cls !== undefined && COMMENT.test(cls)) || (id !== undefined && COMMENT.test(id));
}

/**
 * The article is one post of a thread whose first post outweighs the replies (the comment-share test
 * above misses it): it, or an ancestor of it inside the region, is one of a run of sibling blocks of one
 * shape, itself and more than half of them carrying an author and a date, as posts do.
 */
export function onePostOfThread(article: readonly Element[], region: ParentNode): boolean {
  if (article.length !== 1) return false;
  for (let el: Element | undefined = article[0]; el && el !== region; el = el.parent && isElement(el.parent) ? el.parent : undefined) {
    const shape = shapeOf(el);
    const alike = (el.parent?.children ?? []).filter((s): s is Element => isElement(s) && shapeOf(s) === shape);
    if (alike.length >= MIN_POSTS && isPost(el) && postsOfRun(alike).length >= MIN_POSTS) return true;
  }
  return false;
}

/**
 * The region is a thread whose posts are neither classed as comments nor read as one story with
 * replies (an old-style board: phpBB's `div.post`, vBulletin's `li.postbit`): a run of sibling blocks of
 * one shape, more than half of them posts, holds at least half of its text. A listing's cards carry an
 * author and a date too, under a heading linking to the story: those are no posts.
 */
export function postsHoldRegion(region: Element, stats: StatsMap): boolean {
  const half = (stats.get(region)?.chars ?? 0) * REGION_SHARE;
  if (half === 0) return false;
  const chars = (el: Element) => stats.get(el)?.chars ?? 0;
  // Only a block holding half the text can hold a run that does: the walk follows those alone.
  for (
    let level: Element[] = [region];
    level.length > 0;
    level = level.flatMap((el) => el.children.filter((c): c is Element => isElement(c) && chars(c) >= half))
  ) {
    for (const el of level) {
      const runs = new Map<string, Element[]>();
      for (const child of el.children) {
        if (!isElement(child)) continue;
        const run = runs.get(shapeOf(child));
        if (run) run.push(child);
        else runs.set(shapeOf(child), [child]);
      }
      for (const run of runs.values()) {
        if (run.length < MIN_RUN_POSTS || run.reduce((n, p) => n + chars(p), 0) < half) continue;
        const posts = postsOfRun(run).filter((p) => !headedByLinkAway(p));
        if (posts.length >= MIN_RUN_POSTS && posts.length > run.length * POSTS_SHARE && posts.reduce((n, p) => n + chars(p), 0) >= half) return true;
      }
    }
  }
  return false;
}

/** The posts of a run of siblings alike, or none when they are not more than half of it (read no further once they cannot be). */
function postsOfRun(run: readonly Element[]): Element[] {
  const posts: Element[] = [];
  let others = 0;
  for (const el of run) {
    if (isPost(el)) posts.push(el);
    else if (++others >= run.length * (1 - POSTS_SHARE)) return [];
  }
  return posts.length >= MIN_POSTS ? posts : [];
}

/** Whether the block's first heading links to another page (a listing's card); a post's title links to itself (`#p123`). */
function headedByLinkAway(el: Element): boolean {
  const heading = descendants(el).find((d) => HEADING_TAGS.has(d.name));
  return heading !== undefined && descendants(heading).some((a) => a.name === "a" && a.attribs.href !== undefined && !a.attribs.href.includes("#"));
}

/** A run read as a region's posts holds at least this many, and at least this share of the region's text. */
const MIN_RUN_POSTS = 3;
const REGION_SHARE = 0.5;

const MIN_POSTS = 2;
/** Posts are more than this share of the run: a page whose sections carry a byline in one or two of them is no thread. */
const POSTS_SHARE = 0.5;

/** Attributes and class/id words that name a post's author. */
const AUTHOR = /author|user-?name|poster|byline/i;

/** A block that names its author (a `data-author`, an author link or field) and carries a date (`<time>`, a date field). */
function isPost(el: Element): boolean {
  let author = mayCarry(el, AUTHOR_OR_DATE) && el.attribs["data-author"] !== undefined;
  let date = false;
  let seen = 0;
  const stack: AnyNode[] = [el];
  while (stack.length > 0 && !(author && date) && seen++ < POST_NODES) {
    const node = stack.pop()!;
    if (isText(node)) {
      if (!date && node.data.length <= DATE_TEXT_CHARS && DATE_TEXT.test(node.data)) date = true;
      continue;
    }
    if (!isElement(node)) continue;
    // Each attribute read only where the element's marks say it may be (most elements carry none of them).
    const a = node.attribs;
    const cls = classOf(node) ?? "";
    const prop = mayCarry(node, MICRODATA) ? a.itemprop : undefined;
    const named = mayCarry(node, AUTHOR_OR_DATE);
    if (!author && (prop === "author" || (named && (a.rel === "author" || a["data-author"] !== undefined)) || AUTHOR.test(cls))) author = true;
    if (
      !date &&
      (node.name === "time" || (named && (a.datetime !== undefined || a["data-time"] !== undefined)) || DATE_PROP.test(prop ?? "") || DATE_CLASS.test(cls))
    )
      date = true;
    for (const child of node.children) stack.push(child);
  }
  return author && date;
}

/** A date written out, as a post's header shows it: "June 09, 2024", "9 Jun 2024", "2024-06-09". */
const DATE_TEXT =
  /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}\b|\b\d{1,2}(?:st|nd|rd|th)? (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{4}\b|\b\d{4}-\d{2}-\d{2}\b/;
/** Longer text is a post's body, which may mention a date; a header's date stands nearly alone. */
const DATE_TEXT_CHARS = 80;

const DATE_PROP = /^date(?:Published|Created|Modified)$/;
/** Class words of a date field (`post-date`, `DateTime`, `timestamp`), not words that merely contain "date" (`update`). */
const DATE_CLASS = /(?:^|[\s_-])(?:date|datetime|timestamp|timeago)(?:$|[\s_-])|DateTime/i;

/** Elements read looking for a post's author and date: a post is a few hundred, a page section may be thousands. */
const POST_NODES = 2_000;
