// What an element's class and id say about it: boilerplate, content, or neither.
import type { Element } from "domhandler";
import { HEADING_TAGS } from "./blocks";
import { isElement, rawTextWithin } from "./dom";
import { classOf, idOf, type MarkedElement } from "./dom-nodes";

/**
 * Class/id words that mark boilerplate, unless CONTENT_HINT also matches; `side` only as a whole name (a
 * sidebar so called), and a listing's filters only by a name ending on them (`search-facets`, `BoxFilter`,
 * not the `facet-row` of a product's features or an item's `filter-active` state); `share` not as
 * `shared` (shared styles, a section shared between templates), but in Jetpack's `sharedaddy`. Not
 * `remark` nor `community`, which Readability reads as comments: a listing's remarks (`ListingRemarks`,
 * a home's description) and a section about a product's community or its Community edition are the
 * page's own, and threads of comments are named `comment` or `replies`. Lookarounds, not
 * `(?:^|\s)` groups: an alternative that can match a space is tried at every position (~70 % slower).
 * Tested afresh on each element: answers kept in a Map by name read slower (the whole pipeline ~223 →
 * ~210 pages/s), each lookup hashing and comparing a name the parser has just sliced from the page.
 */
export const UNLIKELY =
  /-ad-|ai2html|banner|breadcrumb|combx|comment|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|popover|yom-remote|newsletter|subscribe|promo|share(?!d(?!addy))|sharing|outbrain|taboola|recommend|trending|most-popular|cookie|consent|(?<![\w-])side(?![\w-])|(?:filters?|facets?|refinements?)(?![\w-])/i;

/**
 * The names without `comment` where they name testimonials (`testimonials-comments-comment`): the quotes a
 * site chose to show of its clients are its own content, not a thread of comments under it.
 */
export function withoutTestimonialComments(h: string): string {
  return TESTIMONIAL.test(h) ? h.replace(COMMENT_WORDS, "") : h;
}

const TESTIMONIAL = /testimonial/i;
const COMMENT_WORDS = /comment/gi;

/** The class of text kept for screen readers alone, out of sight. */
export const SCREEN_READER_ONLY = /(?:^|\s)(?:sr-only|screen-reader-text|visually-hidden|visuallyhidden)(?:\s|$)/;

export const CONTENT_HINT = /and|article|body|column|content|main|shadow|story|entry|post/i;

/**
 * Whether class and id name boilerplate: a word of UNLIKELY and none of CONTENT_HINT; or, in a compound
 * name, a part of UNLIKELY after the parts naming content (`p-body-sidebar` is the body's sidebar,
 * `post-share` the post's share bar, where `comment-body` is a comment's body), and no name whose last
 * such part names content.
 */
export function namesBoilerplate(h: string): boolean {
  if (!UNLIKELY.test(h)) return false;
  const read = withoutTestimonialComments(h);
  if (read !== h) return namesBoilerplate(read);
  if (STYLE_WORD.test(h)) {
    const named = h
      .split(/\s+/)
      .filter((name) => !isStyleSetting(name))
      .join(" ");
    if (named !== h) return namesBoilerplate(named);
  }
  if (!CONTENT_HINT.test(h)) return true;
  let boilerplateHead = false;
  for (const name of h.split(/\s+/)) {
    const parts = name.split(/[-_]+/);
    const unlikely = parts.findLastIndex((part) => UNLIKELY.test(part));
    const content = parts.findLastIndex((part) => CONTENT_HINT.test(part));
    if (content >= 0 && content >= unlikely) return false;
    if (unlikely > content) boilerplateHead = true;
  }
  return boilerplateHead;
}

/**
 * A name that sets a style of a part (`kt-pane-header-alignment-left`, `footer-bg-color`,
 * `menu-font-size`): the word after the part is a property, and the name says how the element looks,
 * not what it is.
 */
function isStyleSetting(name: string): boolean {
  const parts = name.split(/[-_]+/);
  const unlikely = parts.findLastIndex((part) => UNLIKELY.test(part));
  return unlikely >= 0 && parts.slice(unlikely + 1).some((part) => STYLE_PART.test(part));
}

const STYLE_WORD = /align|colou?r|size|width|height|spacing|padding|margin|font|bg|background|border|radius|shadow|opacity/i;
const STYLE_PART = /^(?:align|alignment|colou?r|size|width|height|spacing|padding|margin|font|bg|background|border|radius|shadow|opacity)$/i;

const NEGATIVE =
  /-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share(?!d(?!addy))|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget|byline|author|dateline|caption|newsletter|subscri|recommend|trending|toolbar|social/i;
const POSITIVE = /article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story/i;

/** Inside the content: blocks that are boilerplate whatever their size. */
export const BOILERPLATE =
  /tooltip|disclaimer|(?<![a-z])legal(?![a-z-])|share(?!d(?!addy))|sharing|social|related|recommend|newsletter|subscribe|promo|advert|sponsor|byline|author[-_]*(?:bio|info|box|pane|card|section|details?|about)|about[-_]*(?:the[-_]*)?author|post-?profile|user-?(?:info|details|extras|stats)|signature|tags?-?(?:list|links)?$|breadcrumb|read-?more|more-?(?:stories|articles)|trending|popular|toolbar|caption|credit|comment|signup|paywall|inline-?ad|ad-?(?:slot|unit|container|wrapper)|^ad$|print-?only|visually-?hidden|sr-only|screen-?reader|off-?screen/i;

/** On a discussion page the comments, their authors and dates are the content: these words say nothing there. */
const DISCUSSION_WORDS = /comment|community|remark|replies|reply|disqus|byline|author|dateline|meta/gi;

/** The class and id, joined; on a discussion page without the words that only mark comments. */
export function hints(el: Element, discussion = false): string {
  return joined(roleClassesOf(el), idOf(el) ?? "", discussion);
}

/**
 * The hints without an id of five words or more: an anchor named after its section's title
 * ("more-on-car-repair-maintenance-related-articles-text" around a story's paragraphs), not a role.
 */
export function roleHints(el: Element, discussion = false): string {
  const id = idOf(el) ?? "";
  return joined(roleClassesOf(el), id.split(/[-_]+/).filter(Boolean).length >= ANCHOR_ID_WORDS ? "" : id, discussion);
}

const ANCHOR_ID_WORDS = 5;

/**
 * The hints without the names that are the element's own heading (`section#cookies` over "Cookies¶",
 * `h2#link-headers` "Link Headers", Django's `section#s-extra-fields-on-…`, WordPress's class
 * `h-what-is-social-shopping` on that heading), as documentation generators and editors name sections
 * for links to them: an anchor, not a role. Asked only of an element whose hints read as boilerplate.
 */
export function withoutHeadingAnchor(el: Element, h: string, discussion = false): string {
  const title = headingTitleOf(el);
  if (title === undefined) return h;
  const id = idOf(el) ?? "";
  const classes = roleClassesOf(el);
  const ownClasses = ANCHOR_CLASS.test(classes)
    ? classes
        .split(/\s+/)
        .filter((c) => !namesTitle(c, title))
        .join(" ")
    : classes;
  return joined(ownClasses, id !== "" && namesTitle(id, title) ? "" : id, discussion);
}

function isHeadingAnchor(el: Element): boolean {
  const id = idOf(el);
  if (id === undefined || id === "") return false;
  const title = headingTitleOf(el);
  return title !== undefined && namesTitle(id, title);
}

/** The text of the element's heading: itself, or the heading it opens with. */
function headingTitleOf(el: Element): string | undefined {
  const heading = HEADING_TAGS.has(el.name) ? el : firstHeadingChild(el);
  return heading && rawTextWithin(heading, HEADING_NODES);
}

/** A class that may be a slug: three words or more joined by hyphens. */
const ANCHOR_CLASS = /[\p{L}\p{N}]+-[\p{L}\p{N}]+-[\p{L}\p{N}]+/u;

/**
 * Whether a name is the title's anchor: its slug, or, read as letters and digits alone, the title's
 * opening after a prefix of at most two characters (`s-`, `h-`; generators cut long slugs and drop
 * apostrophes, "Germany's" → "germanys").
 */
function namesTitle(name: string, title: string): boolean {
  const lower = name.toLowerCase();
  if (slugOf(title) === lower) return true;
  const letters = alphanumeric(lower);
  const titleLetters = alphanumeric(title.toLowerCase());
  for (let prefix = 0; prefix <= MAX_ANCHOR_PREFIX; prefix++) {
    const rest = letters.slice(prefix);
    if (rest.length >= MIN_ANCHOR_LETTERS && titleLetters.startsWith(rest)) return true;
  }
  return false;
}

const MAX_ANCHOR_PREFIX = 2;
const MIN_ANCHOR_LETTERS = 12;

function alphanumeric(text: string): string {
  return text.replace(/[^\p{L}\p{N}]+/gu, "");
}

/** The heading among the element's first few element children (a section opens with its title). */
function firstHeadingChild(el: Element): Element | undefined {
  let seen = 0;
  for (const child of el.children) {
    if (!isElement(child)) continue;
    if (HEADING_TAGS.has(child.name)) return child;
    if (++seen >= HEADING_CHILDREN) return undefined;
  }
  return undefined;
}

const HEADING_CHILDREN = 3;
const HEADING_NODES = 20;

/** A title as documentation generators make its anchor: lower case, runs of other characters one hyphen ("Link Headers¶" → "link-headers"). */
function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

function joined(cls: string, id: string, discussion: boolean): string {
  const h = cls && id ? `${cls} ${id}` : cls || id;
  return discussion ? h.replace(DISCUSSION_WORDS, "") : h;
}

/** ±25 for each of class and id that reads as boilerplate or as content (Readability's weights). */
export function classWeight(el: Element, discussion = false): number {
  return nameWeight(el, classOf(el) === undefined ? undefined : roleClassesOf(el), false, discussion) + nameWeight(el, idOf(el), true, discussion);
}

function nameWeight(el: Element, raw: string | undefined, isId: boolean, discussion: boolean): number {
  const value = raw && (discussion ? raw.replace(DISCUSSION_WORDS, "") : withoutTestimonialComments(raw));
  if (!value) return 0;
  // An id that is its section's anchor names the section's title, not its role.
  const negative = NEGATIVE.test(value) && !(isId && isHeadingAnchor(el));
  return (negative ? -25 : 0) + (POSITIVE.test(value) ? 25 : 0);
}

/** The element's role classes: read once and kept on our elements (hints are read in every pass over the tree). */
function roleClassesOf(el: Element): string {
  const marked = el as Partial<MarkedElement>;
  if (typeof marked.roles === "string") return marked.roles;
  const roles = roleClasses(classOf(el) ?? "");
  if (marked.roles === null) marked.roles = roles;
  return roles;
}

/**
 * The classes that can say what an element is: utility classes with a variant, an arbitrary value, a
 * fraction or a group's name (`md:hidden`, `pt-[var(--banner-height)]`, `w-1/2`, `group/tooltip` on the
 * term a tooltip explains) style it, whatever words they carry; and a class saying
 * what the element has or lacks (`has-sidebar`, `no-comments`, `hide-read-more-ad`) is a switch for its
 * layout, not its role; nor is an overflow utility (`overflow-hidden` clips, it does not hide).
 */
function roleClasses(cls: string): string {
  if (!STYLING_OR_SWITCH.test(cls)) return cls;
  return cls
    .split(/\s+/)
    .filter((c) => !c.includes(":") && !c.includes("[") && !c.includes("/") && !SWITCH.test(c) && !SCROLL_UTILITY.test(c))
    .join(" ");
}

const SWITCH = /^(?:has|no|with|without|hide|overflow)[-_]/i;
/** A scroll utility (`scroll-mt-24`, `scroll-smooth`, `g-offset-scroll-margin-top`) sets where an anchor lands, not a scroller. */
const SCROLL_UTILITY = /scroll-(?:margin|padding|smooth|auto|[mp][trblxyse]?-)/i;
/** Whether any class is a utility or a switch (one pass over the classes, asked of every element). */
const STYLING_OR_SWITCH = new RegExp(String.raw`[:[/]|(?<!\S)(?:has|no|with|without|hide|overflow)[-_]|${SCROLL_UTILITY.source}`, "i");
