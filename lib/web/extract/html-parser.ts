// An HTML parser that builds domhandler's tree in one pass over the page.
//
// It reads a page as htmlparser2 12 does in HTML mode with character references decoded (its tokenizer's
// states and its Parser's tree rules, html-rules.ts), so the tree is the one the extractor was tuned on;
// html-parser.test.ts holds the two side by side. What differs is how: htmlparser2 steps a state machine
// one character at a time and hands each token to a parser through callbacks that slice the buffer
// again; here each construct is read by a scan to its end (indexOf to the next `<`, quote or `>`), text
// and attribute values are decoded only when they hold an `&`, and nodes are made where they are read.
import { type ChildNode, Document, type Element, type ParentNode, ProcessingInstruction, type Text } from "domhandler";
import { DecodingMode, decodeHTML, decodeHTMLAttribute } from "entities/decode";
import { CommentNode, ElementNode, NOTED_ATTRIBUTES, TextNode } from "./dom-nodes";
import { HTML_INTEGRATION_ELEMENTS, OPEN_IMPLIES_CLOSE, SVG_TAG_NAMES, TEXT_CONTENT_ELEMENTS, TextContent, VOID_ELEMENTS } from "./html-rules";

/**
 * With `asBrowsers`, two constructs are read as a browser does rather than as htmlparser2 does: `<![CDATA[`
 * is a bogus comment ending at the next `>`, as in HTML (htmlparser2 reads it to `]]>`, and a stray one
 * swallows the page; inside SVG, where a browser reads text, that text is a stylesheet or a script more
 * often than content), and `<iframe …/>` closes itself (tag managers' snippets in a
 * <noscript>: htmlparser2, like HTML, ignores the slash and reads the rest of the page as the frame's
 * text, where a browser running scripts reads the <noscript> as text and shows the page).
 */
export function parseHtmlDocument(html: string, options: ParseOptions = {}): Document {
  return parseHtmlListing(html, options).document;
}

export interface ParseOptions {
  readonly asBrowsers?: boolean;
  /**
   * `false`: an `<svg>` is kept without its contents (its shapes, paths and their attributes, a fifth of
   * a page's attributes): a reader of the page's text, which never reads a drawing, need not build it.
   * The tree is otherwise the same: the contents are still read, to know where the drawing ends.
   */
  readonly svgContents?: boolean;
  /** Elements to list as they are read: those of these names, and those carrying an attribute of these marks (dom-nodes' NOTED_ATTRIBUTES). */
  readonly list?: { readonly names: ReadonlySet<string>; readonly marks: number };
}

/** The tree, and the elements `options.list` asks for in document order (a reader wanting a few kinds need not walk the tree). */
export function parseHtmlListing(html: string, options: ParseOptions = {}): { readonly document: Document; readonly listed: readonly Element[] } {
  const reader = new TreeReader(html, options.asBrowsers === true, options.svgContents !== false, options.list ?? NOTHING_LISTED);
  return { document: reader.read(), listed: reader.listed };
}

const NOTHING_LISTED = { names: new Set<string>(), marks: 0 };

/** The attributes of the elements read and not kept (see svgContents): none, shared. */
const UNKEPT_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;

const TAB = 0x09;
const NEW_LINE = 0x0a;
const FORM_FEED = 0x0c;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
const BANG = 0x21;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const DASH = 0x2d;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const GT = 0x3e;
const QUESTION = 0x3f;
const OPEN_BRACKET = 0x5b;

const HTML = 0;
const SVG = 1;
const MATH_ML = 2;
type Namespace = typeof HTML | typeof SVG | typeof MATH_ML;

function isWhitespace(c: number): boolean {
  return c === SPACE || c === NEW_LINE || c === TAB || c === FORM_FEED || c === CARRIAGE_RETURN;
}

/** Whether c ends a tag or attribute name (NaN, past the end, does not). */
function endsName(c: number): boolean {
  return c === SLASH || c === GT || isWhitespace(c);
}

function isAsciiAlpha(c: number): boolean {
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x7a;
}

/** The names whose content is not markup, for the one case where a prefix of them matters (a page cut inside such a tag's name). */
const TEXT_CONTENT_NAMES = [...TEXT_CONTENT_ELEMENTS.keys()];

/**
 * How deep the tree grows: Chromium's parser attaches what would nest deeper to the element at this
 * depth (kMaximumHTMLParserDOMTreeDepth), so a page of unclosed tags cannot make a tree whose every walk
 * up from a node is as long as the page (the extractor's walks up from each element would take time
 * quadratic in the page). The elements stay open: their closing tags still match.
 */
const MAX_TREE_DEPTH = 512;

/** Marks an attribute or tag the page ends inside: htmlparser2 drops such a tag. */
const CUT = -1;

class TreeReader {
  private readonly root = new Document([]);
  /** Open elements, innermost last. */
  private readonly open: Element[] = [];
  /**
   * How many open elements have each name: a closing tag that matches none, or a test for an open
   * `<form>`, answers at once instead of scanning the stack (a page of unmatched closing tags under
   * deep nesting would otherwise take quadratic time).
   */
  private readonly openNames = new Map<string, number>();
  /** The namespace each open SVG, MathML or integration element set, innermost last (HTML below them all). */
  private readonly namespaces: Namespace[] = [HTML];
  /** The text node text read next joins, until another node or a closing tag comes between. */
  private lastText: Text | null = null;
  /** Whether the tag `attributes` last read ended in `/>`. */
  private selfClosing = false;
  /** Where the next `&` at or after the last position asked about stands (see holdsAmpersand). */
  private nextAmpersand = -1;
  /** The marks of the attributes of the tag `attributes` last read (dom-nodes' NOTED_ATTRIBUTES). */
  private attributeMarks = 0;
  /**
   * With svgContents false, the position in `open` of the `<svg>` whose contents are being read without
   * being kept, or -1: nodes made meanwhile are not attached, elements stay in `open` for their closing
   * tags to match as before.
   */
  private unkeptFrom = -1;
  readonly listed: Element[] = [];

  constructor(
    private readonly html: string,
    private readonly asBrowsers: boolean,
    private readonly svgContents: boolean,
    private readonly list: NonNullable<ParseOptions["list"]>,
  ) {}

  read(): Document {
    const html = this.html;
    let textStart = 0;
    let at = html.indexOf("<");
    while (at !== -1) {
      const c = html.charCodeAt(at + 1);
      if (isAsciiAlpha(c) || c === SLASH || c === BANG || c === QUESTION) {
        if (c === SLASH && at + 2 >= html.length) break; // a closing `</` the page ends on is text
        this.text(textStart, at, true);
        textStart = isAsciiAlpha(c) ? this.openingTag(at) : c === SLASH ? this.closingTag(at) : c === BANG ? this.declaration(at) : this.bogusComment(at + 1);
        if (textStart === CUT) return this.root;
        at = html.indexOf("<", textStart);
      } else at = html.indexOf("<", at + 1);
    }
    this.text(textStart, html.length, true);
    return this.root;
  }

  /** The page's text from `from` to `to`, its character references decoded when `decode`. */
  private text(from: number, to: number, decode: boolean): void {
    if (from >= to || this.unkeptFrom !== -1) return;
    const raw = this.html.slice(from, to);
    this.appendText(decode && this.holdsAmpersand(from, to) ? decodeHTML(raw, DecodingMode.Legacy) : raw);
  }

  /**
   * Whether html[from, to) holds a `&` (a character reference to decode). The page is read forwards, so
   * the next `&` is looked up once per `&` of the page, not once per text and attribute value.
   */
  private holdsAmpersand(from: number, to: number): boolean {
    if (this.nextAmpersand < from) {
      const found = this.html.indexOf("&", from);
      this.nextAmpersand = found === -1 ? this.html.length : found;
    }
    return this.nextAmpersand < to;
  }

  private appendText(data: string): void {
    if (this.unkeptFrom !== -1) return;
    const last = this.lastText;
    if (last) last.data += data;
    else this.lastText = this.append(new TextNode(data));
  }

  private append<T extends ChildNode>(node: T): T {
    if (this.unkeptFrom !== -1) return node;
    const open = this.open;
    // Below MAX_TREE_DEPTH, nodes join the deepest element allowed: siblings, as in Chromium's parser.
    const parent: ParentNode = (open.length > MAX_TREE_DEPTH ? open[MAX_TREE_DEPTH - 1] : open[open.length - 1]) ?? this.root;
    const siblings = parent.children;
    const prev = siblings[siblings.length - 1];
    siblings.push(node);
    if (prev) {
      node.prev = prev;
      prev.next = node;
    }
    node.parent = parent;
    this.lastText = null;
    return node;
  }

  /** `<name attr=value …>` at `at`; returns where the text after it starts. */
  private openingTag(at: number): number {
    const html = this.html;
    let end = at + 2;
    let hash = html.charCodeAt(at + 1);
    for (let c = html.charCodeAt(end); end < html.length && !endsName(c); c = html.charCodeAt(++end)) hash = extendHash(hash, c);
    const lowerName = lowerCaseName(html, at + 1, end, hash);
    const inForeign = this.inForeignContent();
    if (end >= html.length) {
      // The page ends inside the name: dropped, unless it could still have been a text-content element's
      // (htmlparser2 then keeps the name, without its `<`, as text).
      if (!inForeign && TEXT_CONTENT_NAMES.some((name) => name.startsWith(lowerName))) this.appendText(html.slice(at + 1, end));
      return CUT;
    }
    // A map without a prototype: pages name attributes freely, and adding arbitrary names to a plain
    // object walks V8 through a hidden class per name (a third of the time spent reading attributes);
    // `__proto__` is then an attribute like any other.
    const unkept = this.unkeptFrom !== -1;
    const attribs = unkept ? null : (Object.create(null) as Record<string, string>);
    const tagEnd = this.attributes(end, attribs);
    if (tagEnd === CUT) return CUT;
    const selfClosing = this.selfClosing;
    const name = this.elementName(lowerName);
    const marks = this.attributeMarks;
    const element = this.openElement(name, attribs ?? UNKEPT_ATTRIBUTES, marks);
    if (element && !unkept && ((marks & this.list.marks) !== 0 || this.list.names.has(name))) this.listed.push(element);
    const closesItself = selfClosing && this.inForeignContent();
    const selfClosedFrame = this.asBrowsers && lowerName === "iframe" && html.charCodeAt(tagEnd - 1) === SLASH;
    if (element && (closesItself || selfClosedFrame) && this.open[this.open.length - 1] === element) this.closeInnermost();
    const content = inForeign || selfClosedFrame ? undefined : TEXT_CONTENT_ELEMENTS.get(lowerName);
    return content === undefined ? tagEnd + 1 : this.textContent(tagEnd + 1, lowerName, content);
  }

  /**
   * Reads attributes from `from` (just past the tag's name) into attribs, the first of a name winning
   * (into nothing when null: an unkept element's are only passed over); returns the index of the tag's
   * `>`, or CUT when the page ends first, and sets `selfClosing`.
   */
  private attributes(from: number, attribs: Record<string, string> | null): number {
    const html = this.html;
    const length = html.length;
    let marks = 0;
    let at = from;
    for (;;) {
      let c = html.charCodeAt(at);
      // Between attributes, spaces and slashes; a slash among those right before `>` closes the tag (`<x/>`, `<x / >`).
      let slash = false;
      for (; isWhitespace(c) || c === SLASH; c = html.charCodeAt(++at)) if (c === SLASH) slash = true;
      if (at >= length) return CUT;
      if (c === GT) {
        this.selfClosing = slash;
        this.attributeMarks = marks;
        return at;
      }
      // A name runs from any character to `=`, a space, `/` or `>` (its first character may be `=`).
      const nameStart = at;
      let hash = c;
      for (c = html.charCodeAt(++at); at < length && c !== EQUALS && !endsName(c); c = html.charCodeAt(++at)) hash = extendHash(hash, c);
      const name = attribs === null ? "" : lowerCaseName(html, nameStart, at, hash);
      const nameMarks = lastNameMarks;
      while (isWhitespace(c)) c = html.charCodeAt(++at);
      if (at >= length) return CUT;
      let value = "";
      if (c === EQUALS) {
        for (c = html.charCodeAt(++at); isWhitespace(c); c = html.charCodeAt(++at));
        if (at >= length) return CUT;
        let valueFrom = at;
        let valueTo: number;
        if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
          valueFrom = at + 1;
          valueTo = html.indexOf(c === DOUBLE_QUOTE ? '"' : "'", valueFrom);
          if (valueTo === -1) return CUT;
          at = valueTo + 1;
        } else {
          while (at < length && c !== GT && !isWhitespace(c)) c = html.charCodeAt(++at);
          if (at >= length) return CUT;
          valueTo = at;
        }
        if (attribs !== null) {
          value = html.slice(valueFrom, valueTo);
          if (this.holdsAmpersand(valueFrom, valueTo)) value = decodeHTMLAttribute(value);
        }
      }
      // A name whose mark the tag has not set yet is not among its attributes (class, id …): stored without a lookup.
      if (attribs !== null && ((nameMarks !== 0 && (marks & nameMarks) === 0) || attribs[name] === undefined)) {
        attribs[name] = value;
        marks |= nameMarks;
      }
    }
  }

  /** An element's name as the tree holds it: SVG's camel case inside SVG, `image` read as `img` in HTML. */
  private elementName(lowerName: string): string {
    const namespace = this.namespaces[this.namespaces.length - 1];
    if (namespace === SVG) return SVG_TAG_NAMES.get(lowerName) ?? lowerName;
    if (this.namespaces.length > 1) {
      // Inside an integration point (`<foreignObject>`): its own closing tag still names it in SVG's case.
      const adjusted = SVG_TAG_NAMES.get(lowerName);
      if (adjusted !== undefined && this.openNames.get(adjusted)) return adjusted;
    }
    return namespace === HTML && lowerName === "image" ? "img" : lowerName;
  }

  private inForeignContent(): boolean {
    return this.namespaces[this.namespaces.length - 1] !== HTML;
  }

  /** The innermost open element of that name's position in `open`, or -1. */
  private openIndex(name: string): number {
    if (!this.openNames.get(name)) return -1;
    const open = this.open;
    for (let i = open.length - 1; i >= 0; i--) if (open[i]!.name === name) return i;
    return -1;
  }

  /** Opens an element (closing those its tag implies closed); a second `<form>` inside a form is ignored, as HTML does. */
  private openElement(name: string, attribs: Record<string, string>, marks: number): Element | undefined {
    if (name === "form" && this.openNames.get("form")) return undefined;
    const closes = OPEN_IMPLIES_CLOSE.get(name);
    if (closes) while (this.open.length > 0 && closes.has(this.open[this.open.length - 1]!.name)) this.closeInnermost();
    const element = this.append(new ElementNode(name, attribs, marks));
    if (!VOID_ELEMENTS.has(name)) {
      this.open.push(element);
      this.openNames.set(name, (this.openNames.get(name) ?? 0) + 1);
      if (name === "svg") {
        this.namespaces.push(SVG);
        // Below MAX_TREE_DEPTH only: deeper, what the drawing holds is attached above it (see append).
        if (!this.svgContents && this.unkeptFrom === -1 && this.open.length <= MAX_TREE_DEPTH) this.unkeptFrom = this.open.length - 1;
      } else if (name === "math") this.namespaces.push(MATH_ML);
      else if (HTML_INTEGRATION_ELEMENTS.has(name)) this.namespaces.push(HTML);
    }
    return element;
  }

  private closeInnermost(): void {
    const element = this.open.pop()!;
    if (this.open.length === this.unkeptFrom) this.unkeptFrom = -1;
    this.openNames.set(element.name, this.openNames.get(element.name)! - 1);
    if (element.name === "svg" || element.name === "math" || HTML_INTEGRATION_ELEMENTS.has(element.name)) this.namespaces.pop();
    this.lastText = null;
  }

  /** `</name …>` at `at`; returns where the text after it starts. */
  private closingTag(at: number): number {
    const html = this.html;
    const c = html.charCodeAt(at + 2);
    if (c === GT) return at + 3; // `</>` is nothing
    if (!isAsciiAlpha(c)) return this.bogusComment(at + 2);
    let end = at + 3;
    let hash = c;
    for (let next = html.charCodeAt(end); end < html.length && !endsName(next); next = html.charCodeAt(++end)) hash = extendHash(hash, next);
    if (end >= html.length) return CUT;
    this.closeElement(this.elementName(lowerCaseName(html, at + 2, end, hash)));
    const gt = html.indexOf(">", end);
    return gt === -1 ? CUT : gt + 1;
  }

  /** A closing tag: closes the innermost open element of its name and those inside it; `</p>` alone makes an empty paragraph, `</br>` a line break. */
  private closeElement(name: string): void {
    if (VOID_ELEMENTS.has(name)) {
      if (name === "br") this.append(new ElementNode("br", {}, 0));
      return;
    }
    const index = this.openIndex(name);
    if (index !== -1) while (this.open.length > index) this.closeInnermost();
    else if (name === "p") {
      this.openElement("p", {}, 0);
      this.closeInnermost();
    }
  }

  /** The content of a `<script>`, `<title>`, `<plaintext>` … from `from`: text up to its closing tag. */
  private textContent(from: number, name: string, content: TextContent): number {
    const html = this.html;
    if (content === TextContent.Plain) {
      this.text(from, html.length, false);
      return CUT;
    }
    const decode = content === TextContent.Escapable;
    for (let at = html.indexOf("</", from); at !== -1; at = html.indexOf("</", at + 1)) {
      const nameEnd = at + 2 + name.length;
      if (nameEnd >= html.length) break;
      if (!endsName(html.charCodeAt(nameEnd)) || html.slice(at + 2, nameEnd).toLowerCase() !== name) continue;
      this.text(from, at, decode);
      return this.closingTag(at);
    }
    this.text(from, html.length, decode);
    return CUT;
  }

  /** `<!…>` at `at`: a comment, a doctype, or a bogus comment. */
  private declaration(at: number): number {
    const html = this.html;
    const start = at + 2;
    const c = html.charCodeAt(start);
    if (c === DASH && html.charCodeAt(start + 1) === DASH) return this.comment(start + 2);
    if (c === DASH && html.charCodeAt(start + 1) === GT) return this.commentNode(start, start + 1, start + 2);
    if ((c | 0x20) === 0x64 && html.slice(start, start + 7).toLowerCase() === "doctype") return this.doctype(start);
    if (c === OPEN_BRACKET && html.startsWith("[CDATA[", start)) return this.asBrowsers ? this.bogusComment(start) : this.cdata(start);
    return this.bogusComment(start);
  }

  /** A comment whose text starts at `start` (past `<!--`): it ends at the first `-->` or `--!>`; `<!-->` and `<!--->` are empty. */
  private comment(start: number): number {
    const html = this.html;
    if (html.charCodeAt(start) === GT) return this.commentNode(start, start, start + 1);
    if (html.charCodeAt(start) === DASH && html.charCodeAt(start + 1) === GT) return this.commentNode(start, start, start + 2);
    COMMENT_END.lastIndex = start;
    const end = COMMENT_END.exec(html);
    if (end) return this.commentNode(start, end.index, end.index + end[0].length);
    // The page ends inside the comment: its text, less the part of an end marker it ends on.
    const rest = html.slice(start);
    const partial = rest.endsWith("--!") ? 3 : rest.endsWith("--") ? 2 : rest.endsWith("-") ? 1 : 0;
    this.commentNode(start, html.length - partial, html.length);
    return CUT;
  }

  /** `<!doctype …>` (any case) whose name starts at `start`. */
  private doctype(start: number): number {
    const gt = this.html.indexOf(">", start + 7);
    if (gt === -1) return CUT;
    this.append(new ProcessingInstruction("!doctype", `!${this.html.slice(start, gt)}`));
    return gt + 1;
  }

  /** `<![CDATA[…]]>` as htmlparser2 reads it: a comment up to `]]>`, text inside SVG and MathML. */
  private cdata(start: number): number {
    const html = this.html;
    const end = html.indexOf("]]>", start + 7);
    if (end === -1) {
      this.commentNode(start, html.length, html.length);
      return CUT;
    }
    if (this.inForeignContent()) this.appendText(html.slice(start + 7, end));
    else this.append(new CommentNode(`${html.slice(start, end)}]]`));
    return end + 3;
  }

  /** Markup HTML reads as a comment up to the next `>` (`<?xml …?>`, `<!x>`, `</ x>`), its text from `start`. */
  private bogusComment(start: number): number {
    const gt = this.html.indexOf(">", start);
    if (gt !== -1) return this.commentNode(start, gt, gt + 1);
    this.commentNode(start, this.html.length, this.html.length);
    return CUT;
  }

  /** Appends the comment html[from, to) and returns `after`. */
  private commentNode(from: number, to: number, after: number): number {
    this.append(new CommentNode(this.html.slice(from, to)));
    return after;
  }
}

const COMMENT_END = /--!?>/g;

/**
 * Tag and attribute names as the tree holds them (lower case), from a table of those already seen: a
 * page repeats a few dozen names thousands of times. The table is probed with the name as it stands in
 * the page (hashed as it is scanned, compared in place), so a name seen before costs no copy of it:
 * slicing each name out to look it up, then hashing the copy, was ~5 % of an extraction. Open
 * addressing, linear probing. Sets lastNameMarks to the name's marks as an attribute's.
 */
function lowerCaseName(html: string, from: number, to: number, hash: number): string {
  const length = to - from;
  for (let slot = hash & NAME_SLOTS_MASK; ; slot = (slot + 1) & NAME_SLOTS_MASK) {
    const raw = SEEN_RAW[slot];
    if (raw === undefined) return rememberName(html.slice(from, to), slot);
    if (raw.length === length && standsAt(html, from, raw)) {
      lastNameMarks = SEEN_MARKS[slot]!;
      return SEEN_LOWER[slot]!;
    }
  }
}

/** The marks (dom-nodes' NOTED_ATTRIBUTES) of the name lowerCaseName last returned: kept in its table, not looked up for each attribute. */
let lastNameMarks = 0;

/** A name's hash, extended by its next character: the scans that find where a name ends compute it as they go. */
function extendHash(hash: number, c: number): number {
  return (Math.imul(hash, 31) + c) | 0;
}

/** Whether `name` stands in html at `from` (a loop V8 inlines: startsWith's call cost more than the compare). */
function standsAt(html: string, from: number, name: string): boolean {
  for (let i = 0; i < name.length; i++) if (html.charCodeAt(from + i) !== name.charCodeAt(i)) return false;
  return true;
}

/** A name not seen before, lower-cased and kept in the free slot while the table has room. */
function rememberName(raw: string, slot: number): string {
  const name = raw.toLowerCase();
  lastNameMarks = NOTED_ATTRIBUTES.get(name) ?? 0;
  if (raw.length <= MAX_SEEN_NAME_LENGTH && seenNames < MAX_SEEN_NAMES) {
    // Stored as fresh copies: a slice of the page would keep the whole page alive in the table.
    SEEN_RAW[slot] = flatCopy(raw);
    SEEN_LOWER[slot] = flatCopy(name);
    SEEN_MARKS[slot] = lastNameMarks;
    seenNames++;
  }
  return name;
}

function flatCopy(text: string): string {
  return text.split("").join("");
}

/** Bounds the table: names are few and short, but a page can make up any number of them. */
const MAX_SEEN_NAMES = 10_000;
const MAX_SEEN_NAME_LENGTH = 40;
/** Slots for the names, a power of two above MAX_SEEN_NAMES (at most ~60 % full: probes stay short). */
const NAME_SLOTS = 16_384;
const NAME_SLOTS_MASK = NAME_SLOTS - 1;
const SEEN_RAW: (string | undefined)[] = new Array<string | undefined>(NAME_SLOTS).fill(undefined);
const SEEN_LOWER: (string | undefined)[] = new Array<string | undefined>(NAME_SLOTS).fill(undefined);
const SEEN_MARKS = new Uint8Array(NAME_SLOTS);
let seenNames = 0;
