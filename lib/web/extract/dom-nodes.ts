// domhandler's nodes made at half the cost of its own constructors.
//
// domhandler 6 declares its node fields as class fields; on Node 20's V8 each `new Element()` then runs
// an initializer that costs most of a microsecond, which was 40 % of parsing a 300 kB page. The nodes
// made here are plain constructor assignments on domhandler's own prototypes: the same shape, the same
// getters and methods, and `instanceof Element` still holds.
import { Comment, Element, Text } from "domhandler";
import { ElementType } from "domelementtype";
import type { Measures } from "./text-stats";

// Function constructors whose prototype *is* domhandler's: `new` on them allocates with the right map
// at once (Object.create, or a class whose prototype was re-parented, measured slower than domhandler's
// own). Each assigns domhandler's Node fields itself, in one order: a shared helper made the stores
// polymorphic.
function PlainElement(this: MarkedElement, name: string, attribs: Record<string, string>, marks: number): void {
  this.parent = null;
  this.prev = null;
  this.next = null;
  this.startIndex = null;
  this.endIndex = null;
  this.children = [];
  this.name = name;
  this.attribs = attribs;
  this.type = name === "script" ? ElementType.Script : name === "style" ? ElementType.Style : ElementType.Tag;
  this.marks = marks;
  this.roles = null;
  this.firstClass = null;
  this.measures = null;
}
function PlainText(this: CountedText, data: string): void {
  this.parent = null;
  this.prev = null;
  this.next = null;
  this.startIndex = null;
  this.endIndex = null;
  this.data = data;
  (this as { type: Text["type"] }).type = ElementType.Text;
  this.visibleChars = UNCOUNTED;
  this.solidChars = 0;
  this.commas = 0;
  this.collapsed = null;
}
function PlainComment(this: Comment, data: string): void {
  this.parent = null;
  this.prev = null;
  this.next = null;
  this.startIndex = null;
  this.endIndex = null;
  this.data = data;
  (this as { type: Comment["type"] }).type = ElementType.Comment;
}
PlainElement.prototype = Element.prototype;
PlainText.prototype = Text.prototype;
PlainComment.prototype = Comment.prototype;

export const ElementNode = PlainElement as unknown as new (name: string, attribs: Record<string, string>, marks: number) => Element;

/**
 * An element of ours notes which attributes of a few kinds it carries, as bits: the tests most elements
 * fail (is it hidden? does it control a panel?) then read one field instead of looking up attributes
 * the element lacks, each such lookup a slow one on objects of so many shapes.
 */
export interface MarkedElement extends Element {
  marks: number;
  /** The classes that say what the element is (hints.ts), or null until read: a class never changes once parsed. */
  roles: string | null;
  /** The first class with its digits left out (cards.ts' shapeOf), or null until read. */
  firstClass: string | null;
  /** The element's text measures, latest measurement first (text-stats.ts), or null until measured. */
  measures: Measures | null;
}

/** `hidden`, `aria-hidden` or `style`: the element may be concealed. */
export const MAY_CONCEAL = 1;
/** `aria-controls` or `aria-expanded`: the element may disclose a panel. */
export const CONTROLS = 2;
/** `itemtype` or `itemprop`: microdata. */
export const MICRODATA = 4;
/** `role`. */
export const ROLE = 8;
/** `aria-modal`, `data-reveal` or `data-nosnippet`: the element may be a dialog, or a block not to be quoted. */
export const MAY_OVERLAY = 16;
/** `rel`, `data-author`, `datetime` or `data-time`: the element may name a post's author or date. */
export const AUTHOR_OR_DATE = 32;
/** `class`. */
export const CLASS = 64;
/** `id`. */
export const ID = 128;

/** The attributes noted, with the mark each sets. */
export const NOTED_ATTRIBUTES: ReadonlyMap<string, number> = new Map([
  ["hidden", MAY_CONCEAL],
  ["aria-hidden", MAY_CONCEAL],
  ["style", MAY_CONCEAL],
  ["aria-controls", CONTROLS],
  ["aria-expanded", CONTROLS],
  ["itemtype", MICRODATA],
  ["itemprop", MICRODATA],
  ["role", ROLE],
  ["aria-modal", MAY_OVERLAY],
  ["data-reveal", MAY_OVERLAY],
  ["data-nosnippet", MAY_OVERLAY],
  ["rel", AUTHOR_OR_DATE],
  ["data-author", AUTHOR_OR_DATE],
  ["datetime", AUTHOR_OR_DATE],
  ["data-time", AUTHOR_OR_DATE],
  ["class", CLASS],
  ["id", ID],
]);

/** Whether the element may carry an attribute of that mark: yes when its attributes were not noted (an element made elsewhere). */
export function mayCarry(el: Element, mark: number): boolean {
  const marks = (el as Partial<MarkedElement>).marks;
  return marks === undefined || (marks & mark) !== 0;
}
/** The element's `role` attribute (most elements have none, and a lookup of a missing one is a slow one). */
export function roleOf(el: Element): string | undefined {
  return mayCarry(el, ROLE) ? el.attribs.role : undefined;
}

/**
 * The element's `class` and `id` attributes, read in every pass over the tree (about 8,000 lookups a
 * page): an element without one answers from its marks, without a lookup in its attributes.
 */
export function classOf(el: Element): string | undefined {
  return mayCarry(el, CLASS) ? el.attribs.class : undefined;
}

export function idOf(el: Element): string | undefined {
  return mayCarry(el, ID) ? el.attribs.id : undefined;
}

export const TextNode = PlainText as unknown as new (data: string) => Text;

/**
 * A text node of ours carries its counts once read (text-stats.ts): extraction measures the tree several
 * times as it prunes and cleans, and a node's text never changes once the page is parsed. Nodes made
 * elsewhere (domhandler's own) lack the fields and are counted each time.
 */
export interface CountedText extends Text {
  /** Visible characters (text-stats' TextCounts), or UNCOUNTED until read. */
  visibleChars: number;
  solidChars: number;
  commas: number;
  /** The text with each run of white space made one space (text-stats' collapsedText), or null until read. */
  collapsed: string | null;
}
export const UNCOUNTED = -1;
export const CommentNode = PlainComment as unknown as new (data: string) => Comment;
