// A thread recognised from its structure: a page that declares nothing (or only "article", as most
// pages' og:type does) whose comments hold nearly all of its text is a discussion, whose comments are
// its content. Pruning by hints would otherwise remove every comment, each one small, and leave nothing.
import type { AnyNode, Element, ParentNode } from "domhandler";
import { shapeOf } from "./cards";
import { isElement, isText } from "./dom";
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
  const { class: cls, id } = el.attribs;
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
    if (alike.length < MIN_POSTS || !isPost(el)) continue;
    const posts = alike.filter(isPost).length;
    if (posts >= MIN_POSTS && posts > alike.length * POSTS_SHARE) return true;
  }
  return false;
}

const MIN_POSTS = 2;
/** Posts are more than this share of the run: a page whose sections carry a byline in one or two of them is no thread. */
const POSTS_SHARE = 0.5;

/** Attributes and class/id words that name a post's author. */
const AUTHOR = /author|user-?name|poster|byline/i;

/** A block that names its author (a `data-author`, an author link or field) and carries a date (`<time>`, a date field). */
function isPost(el: Element): boolean {
  let author = el.attribs["data-author"] !== undefined;
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
    const a = node.attribs;
    if (!author && (a.itemprop === "author" || a.rel === "author" || AUTHOR.test(a.class ?? "") || a["data-author"] !== undefined)) author = true;
    if (
      !date &&
      (node.name === "time" || a.datetime !== undefined || a["data-time"] !== undefined || DATE_PROP.test(a.itemprop ?? "") || DATE_CLASS.test(a.class ?? ""))
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
