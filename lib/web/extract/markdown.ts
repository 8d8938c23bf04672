// Renders extracted content as CommonMark: headings, paragraphs, lists, quotes, code, tables,
// emphasis, links and images, with URLs made absolute.
import type { AnyNode, Element, ParentNode } from "domhandler";
import { BLOCK_TAGS, HEADING_TAGS, holdsBlock, isCodeLine, someInside } from "./blocks";
import { elementChildren, isElement, isText } from "./dom";
import { laidApart, wordsMeet } from "./inline-gaps";
import { collapsedText, showsNothing } from "./text-stats";
import { roleOf } from "./dom-nodes";

export function toMarkdown(roots: readonly ParentNode[], baseUrl: string): string {
  const r = new Renderer(baseUrl);
  return roots
    .flatMap((root) => r.blocks(root.children))
    .join("\n\n")
    .trim();
}

class Renderer {
  /** Lists open around what is rendered. */
  private listDepth = 0;
  /** Quotes open around what is rendered. */
  private quoteDepth = 0;
  /** Where the items of lists deeper than MAX_NESTING go, while an item at that depth is read. */
  private deepItems: string[] | undefined;

  constructor(private readonly baseUrl: string) {}

  /**
   * Markdown blocks of a run of sibling nodes: inline runs become paragraphs. An inline element holding
   * blocks (a custom element such as `<c-wiz>` wrapping a whole page, a `<span>` around `<div>`s) is read
   * through, as a browser lays its blocks out; a link holding blocks stays one link.
   */
  blocks(nodes: readonly AnyNode[]): string[] {
    const out: string[] = [];
    let inline = new InlineRun();
    const flush = () => {
      const text = paragraph(inline.text());
      if (text && !showsNothing(text)) out.push(text);
      inline = new InlineRun();
    };
    const visit = (run: readonly AnyNode[]) => {
      for (const node of run) {
        if (isElement(node) && isBlock(node)) {
          flush();
          // One by one: spread as arguments, a page of 200,000 sibling blocks overflows the call stack.
          for (const block of this.block(node)) out.push(block);
        } else if (isElement(node) && node.name !== "a" && holdsBlock(node)) {
          visit(node.children);
        } else {
          inline.add(node, this.inline(node));
        }
      }
    };
    visit(nodes);
    flush();
    return out;
  }

  private block(el: Element): string[] {
    const name = el.name;
    if (HEADING_TAGS.has(name)) {
      const text = this.inlineChildren(el).trim();
      return text ? [`${"#".repeat(Number(name[1]))} ${oneLine(text)}`] : [];
    }
    switch (name) {
      case "ul":
      case "ol":
      case "menu":
      case "dir":
        return this.list(el, name === "ol");
      case "blockquote": {
        // Quotes nested deeper than MAX_NESTING are set at that depth: each level marks every line it
        // holds again, and hundreds of levels made Markdown hundreds of times the page.
        if (this.quoteDepth >= MAX_NESTING) return this.blocks(el.children);
        this.quoteDepth++;
        const inner = this.blocks(el.children).join("\n\n");
        this.quoteDepth--;
        return inner ? [inner.replace(/^/gm, "> ").replace(/^> $/gm, ">")] : [];
      }
      case "pre": {
        const code = preText(el).replace(/\n+$/, "");
        if (!code.trim()) return [];
        const fence = code.includes("```") ? "~~~" : "```";
        return [`${fence}${codeLanguage(el)}\n${code}\n${fence}`];
      }
      case "hr":
        return ["---"];
      case "table":
        return this.table(el);
      default:
        return this.blocks(el.children);
    }
  }

  /**
   * A list's items, and what browsers show of its other children: a list nested straight in it (`<ul><ul>`)
   * under the item before it, items behind a wrapper (`<ul><div><li>`) as items, anything else as
   * paragraphs between items. Lists nested deeper than MAX_NESTING are one list under the item of that
   * depth holding them (flatList): each level indents and joins all it holds again, and hundreds of levels
   * (unclosed `<ul><li>`) made Markdown hundreds of times the page, in time growing with depth times size.
   */
  private list(el: Element, ordered: boolean): string[] {
    this.listDepth++;
    try {
      if (this.listDepth <= MAX_NESTING) return this.nestedList(el, ordered);
      if (this.deepItems) {
        this.flatList(el, ordered, this.deepItems);
        return [];
      }
      const items = this.itemsBelowDepth((into) => this.flatList(el, ordered, into));
      return items ? [items] : [];
    } finally {
      this.listDepth--;
    }
  }

  private nestedList(el: Element, ordered: boolean): string[] {
    const out: string[] = [];
    let items: string[] = [];
    let loose: AnyNode[] = [];
    let n = Number(el.attribs.start ?? 1) || 1;
    let pad = "";
    const flushItems = () => {
      if (items.length > 0) out.push(items.join("\n"));
      items = [];
    };
    const flushLoose = () => {
      const blocks = loose.length > 0 ? this.blocks(loose) : [];
      loose = [];
      if (blocks.length === 0) return;
      flushItems();
      for (const block of blocks) out.push(block);
    };
    const visit = (children: readonly AnyNode[]) => {
      for (const child of children) {
        if (!isElement(child)) {
          loose.push(child);
        } else if (child.name === "li") {
          flushLoose();
          const marker = ordered ? `${n++}. ` : "- ";
          const own = () => this.blocks(child.children).join("\n\n");
          let body: string;
          if (this.listDepth < MAX_NESTING) body = own();
          else {
            let text = "";
            const deeper = this.itemsBelowDepth(() => {
              text = own();
            });
            body = [text, deeper].filter((part) => part !== "").join("\n\n");
          }
          if (!body) continue;
          pad = " ".repeat(marker.length);
          items.push(marker + indented(body, pad));
        } else if (LIST_TAGS.has(child.name)) {
          flushLoose();
          const nested = this.list(child, child.name === "ol").join("\n\n");
          if (!nested) continue;
          if (items.length > 0) items[items.length - 1] += `\n\n${pad}${indented(nested, pad)}`;
          else out.push(nested);
        } else if (child.children.some((c) => isElement(c) && c.name === "li")) {
          flushLoose();
          visit(child.children);
        } else {
          loose.push(child);
        }
      }
    };
    visit(el.children);
    flushLoose();
    flushItems();
    return out;
  }

  /** The items of the lists deeper than MAX_NESTING that render reaches, one per line (flatList). */
  private itemsBelowDepth(render: (into: string[]) => void): string {
    const outer = this.deepItems;
    const items: string[] = [];
    this.deepItems = items;
    try {
      render(items);
    } finally {
      this.deepItems = outer;
    }
    return items.filter((item) => item !== "").join("\n");
  }

  /**
   * A list deeper than MAX_NESTING, its items added to into in document order, each item's own text
   * before the items of the lists it holds, those lists' items (at any depth) after it; other children as
   * blocks between items.
   */
  private flatList(el: Element, ordered: boolean, into: string[]): void {
    let n = Number(el.attribs.start ?? 1) || 1;
    const visit = (children: readonly AnyNode[]) => {
      for (const child of children) {
        if (isElement(child) && child.name === "li") {
          const marker = ordered ? `${n++}. ` : "- ";
          // Its place is taken first: the lists it holds add their items while its text is read.
          const at = into.push("") - 1;
          const body = this.blocks(child.children).join("\n\n");
          if (body) into[at] = marker + indented(body, " ".repeat(marker.length));
        } else if (isElement(child) && LIST_TAGS.has(child.name)) {
          this.list(child, child.name === "ol");
        } else if (isElement(child) && child.children.some((c) => isElement(c) && c.name === "li")) {
          visit(child.children);
        } else {
          for (const block of this.blocks([child])) into.push(block);
        }
      }
    };
    visit(el.children);
  }

  /**
   * A table of data as a Markdown table, its caption a paragraph before it. A table laying a page out
   * (`role="presentation"`, a table inside; without header cells, one column or cells holding headings,
   * lists or paragraphs) is read as the blocks of its cells, row by row: Markdown tables hold one line a cell.
   */
  private table(el: Element): string[] {
    const rows: Element[][] = [];
    const captions: Element[] = [];
    const visit = (node: Element) => {
      for (const c of node.children) {
        if (!isElement(c)) continue;
        if (c.name === "tr") rows.push(elementChildren(c).filter((cell) => cell.name === "td" || cell.name === "th"));
        else if (c.name === "thead" || c.name === "tbody" || c.name === "tfoot") visit(c);
        else if (c.name === "caption") captions.push(c);
      }
    };
    visit(el);
    // Not a spread into Math.max: a table of 200,000 rows overflowed the call stack.
    const width = rows.reduce((w, row) => Math.max(w, row.length), 0);
    // Header cells say data (their cells may hold lists, a pricing table's headings): laid out only when nesting tables.
    const headed = rows.some((row) => row.some((cell) => cell.name === "th"));
    const laidOut = headed ? rows.some((row) => row.some(holdsTable)) : width < 2 || rows.some((row) => row.some(laysOut));
    if (laidOut || roleOf(el) === "presentation") {
      return [...captions, ...rows.flat()].flatMap((cell) => this.blocks(cell.children));
    }
    const cells = rows.map((row) => row.map((cell) => oneLine(this.inlineChildren(cell)).replace(/\|/g, "\\|")));
    const line = (texts: string[]) => `| ${Array.from({ length: width }, (_, i) => texts[i] ?? "").join(" | ")} |`;
    const [head, ...rest] = cells;
    const caption = captions.map((c) => oneLine(this.inlineChildren(c))).filter((text) => text !== "");
    return [...caption, [line(head!), line(Array.from({ length: width }, () => "---")), ...rest.map(line)].join("\n")];
  }

  private inlineChildren(el: ParentNode): string {
    const run = new InlineRun();
    for (const c of el.children) run.add(c, this.inline(c));
    return run.text();
  }

  private inline(node: AnyNode): string {
    if (isText(node)) return escapeText(collapsedText(node));
    if (!isElement(node)) return "";
    switch (node.name) {
      case "br":
        return HARD_BREAK;
      case "strong":
      case "b":
        return wrap(this.inlineChildren(node), "**");
      case "em":
      case "i":
        return wrap(this.inlineChildren(node), "_");
      case "del":
      case "s":
      case "strike":
        return wrap(this.inlineChildren(node), "~~");
      case "code":
      case "kbd":
      case "samp": {
        const code = textOf(node).replace(/\s+/g, " ");
        if (!code.trim()) return "";
        const tick = code.includes("`") ? "``" : "`";
        return `${tick}${code}${tick}`;
      }
      case "a": {
        const words = this.inlineChildren(node);
        const text = words.includes("\n") ? words.replace(EDGE_BREAKS, "").replace(BREAK_RUNS, HARD_BREAK) : words.trim();
        const href = absolute(node.attribs.href, this.baseUrl);
        if (!text) return "";
        return href ? `[${text}](${href})` : text;
      }
      case "img": {
        const src = absolute(node.attribs.src, this.baseUrl);
        return src ? `![${escapeText(node.attribs.alt ?? "")}](${src})` : "";
      }
      default:
        // A block inside inline content (loose HTML) still reads as words.
        return BLOCK_TAGS.has(node.name) ? ` ${this.inlineChildren(node)} ` : this.inlineChildren(node);
    }
  }
}

/**
 * A <br>: CommonMark's hard line break, a backslash ending the line (a bare newline is a soft break,
 * read as a space: a post's or an address's lines would run together). Trailing spaces, the other
 * spelling, are invisible and trimmed by editors.
 */
const HARD_BREAK = "\\\n";
const SPACE_AROUND_BREAK = /[ \t]*(\\?\n)[ \t]*/g;
/** Two breaks or more in a row (`<br><br>`): a new paragraph, as they read (a link's words keep one break). */
const BREAK_RUNS = /(?:\\\n){2,}/g;
/** A line after a break that would open a heading or a list item ("- 2 eggs" in a recipe's lines) is escaped, as at a paragraph's start. */
const BLOCK_SIGN_AFTER_BREAK = /(\\\n|\n\n)([#+-]|\d+\.)(?= )/g;
/** Breaks and spaces opening or closing a paragraph: nothing to break there. */
const EDGE_BREAKS = /^(?:\s|\\\n)+|(?:\s|\\\n)+$/g;

/**
 * A run of inline content as a paragraph; most hold no break (text is collapsed to single spaces) and only
 * need trimming. Runs of spaces come from blocks read inside a link, each set off by a space.
 */
function paragraph(inline: string): string {
  const text = inline.includes("  ") ? inline.replace(SPACES, " ") : inline;
  if (!text.includes("\n")) return text.trim();
  return text.replace(SPACE_AROUND_BREAK, "$1").replace(EDGE_BREAKS, "").replace(BREAK_RUNS, "\n\n").replace(BLOCK_SIGN_AFTER_BREAK, "$1\\$2");
}

const SPACES = / {2,}/g;

/** A heading's or a table cell's text on one line: its breaks read as spaces. */
function oneLine(text: string): string {
  return text.replace(/\\\n/g, " ").replace(/\s+/g, " ").trim();
}

/** Inline Markdown gathered piece by piece, a space between two when the later one's element is laid apart (inline-gaps.ts). */
class InlineRun {
  private readonly pieces: string[] = [];

  add(node: AnyNode, piece: string): void {
    if (piece === "") return;
    if (this.pieces.length > 0 && isElement(node) && laidApart(node)) {
      if (wordsMeet(this.end().replace(LINK_TARGET_END, "").replace(MARKS_END, ""), piece.replace(MARKS_START, ""))) this.pieces.push(" ");
    }
    this.pieces.push(piece);
  }

  text(): string {
    return this.pieces.join("");
  }

  /**
   * The run's end, long enough to hold a link's address (the tests are anchored there), joined from its
   * last pieces: sliced from the whole run each time, a run of thousands of laid-apart links was quadratic.
   */
  private end(): string {
    let from = this.pieces.length;
    for (let length = 0; from > 0 && length < MAX_LINK_TARGET_CHARS; ) length += this.pieces[--from]!.length;
    return this.pieces.slice(from).join("").slice(-MAX_LINK_TARGET_CHARS);
  }
}

const MAX_LINK_TARGET_CHARS = 2100;
/** The syntax around a link's or an emphasis's words, which are what meet. */
const LINK_TARGET_END = /\]\([^)]*\)$/;
const MARKS_END = /[*_`]+$/;
const MARKS_START = /^(?:!?\[|[*_`]+)/;

const LIST_TAGS = new Set(["ul", "ol", "menu", "dir"]);
/** Deeper than any list or quote a reader follows (CommonMark sets no limit). */
const MAX_NESTING = 12;

/** Blocks a table cell of data never holds: a cell holding one, or two paragraphs, lays a page out. */
const LAYOUT_BLOCKS = new Set([...HEADING_TAGS, ...LIST_TAGS, "table", "pre", "blockquote"]);

function laysOut(cell: Element): boolean {
  let paragraphs = 0;
  return someInside(cell, (el) => LAYOUT_BLOCKS.has(el.name) || (el.name === "p" && ++paragraphs > 1));
}

function holdsTable(cell: Element): boolean {
  return someInside(cell, (el) => el.name === "table");
}

/** Lines after a list item's first, set under its text. */
function indented(body: string, pad: string): string {
  return body.replace(/\n(?=.)/g, `\n${pad}`);
}

function isBlock(el: Element): boolean {
  return BLOCK_TAGS.has(el.name);
}

/**
 * Emphasis marks around the words of text: spaces and line breaks at its edges stay outside them (`**\\**`
 * is no emphasis but a stray mark), and words already marked so as a whole (`<b><b>`) are not marked twice.
 */
function wrap(text: string, mark: string): string {
  let start = 0;
  let end = text.length;
  for (;;) {
    if (text.charCodeAt(start) === 0x20) start++;
    else if (text.startsWith(HARD_BREAK, start)) start += HARD_BREAK.length;
    else break;
  }
  for (;;) {
    if (end > start && text.charCodeAt(end - 1) === 0x20) end--;
    else if (end - start >= HARD_BREAK.length && text.endsWith(HARD_BREAK, end)) end -= HARD_BREAK.length;
    else break;
  }
  if (start === end) return text;
  const words = text.slice(start, end);
  const marked = words.length > 2 * mark.length && words.startsWith(mark) && words.endsWith(mark);
  return marked ? text : `${text.slice(0, start)}${mark}${words}${mark}${text.slice(end)}`;
}

function textOf(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (!isElement(node)) return "";
  return node.children.map(textOf).join("");
}

/**
 * The language a code block declares, for its fence's info string: `data-language`/`data-lang`, or a
 * `language-*`/`lang-*`/`highlight-source-*` class, on its <code>, the <pre> or the element around it
 * (highlighters' conventions; GitHub names the wrapper).
 */
function codeLanguage(pre: Element): string {
  const code = elementChildren(pre).find((child) => child.name === "code");
  const wrapper = pre.parent && isElement(pre.parent) ? pre.parent : undefined;
  for (const el of [code, pre, wrapper]) {
    if (!el) continue;
    const declared = el.attribs["data-language"] ?? el.attribs["data-lang"];
    const named = declared && LANGUAGE_NAME.test(declared) ? declared : el.attribs.class?.match(LANGUAGE_CLASS)?.[1];
    if (named) return NO_LANGUAGE.has(named.toLowerCase()) ? "" : named.toLowerCase();
  }
  return "";
}

/** What highlighters write where no language is known ("guess", "don't highlight"). */
const NO_LANGUAGE = new Set(["auto", "none", "nohighlight", "undefined", "null"]);

const LANGUAGE_NAME = /^[\w#+.-]{1,30}$/;
const LANGUAGE_CLASS = /(?:^|\s)(?:language|lang|highlight-source)-([\w#+.-]{1,30})(?:\s|$)/;

/** A <pre>'s text, each line of code on its own line even where the markup has no newline between them. */
function preText(pre: Element): string {
  let out = "";
  // Whether out ends a line, kept aside: asked of a block grown line by line, a listing of thousands of
  // lines was joined anew for each (quadratic).
  let lineEnded = false;
  const visit = (node: AnyNode, inside: boolean): void => {
    if (isText(node)) {
      out += node.data;
      if (node.data !== "") lineEnded = node.data.endsWith("\n");
    } else if (isElement(node)) {
      if (inside && isCodeLine(node.name, node.attribs.class) && out !== "" && !lineEnded) {
        out += "\n";
        lineEnded = true;
      }
      for (const child of node.children) visit(child, true);
    }
  };
  visit(pre, false);
  return out;
}

/** Escapes characters that would otherwise start Markdown syntax (tested first: most text holds none). */
function escapeText(text: string): string {
  const escaped = MARKDOWN_SIGN.test(text) ? text.replace(MARKDOWN_SIGNS, "\\$1") : text;
  const first = escaped.charCodeAt(0);
  const mayStartBlock = first === 0x23 || first === 0x2b || first === 0x2d || (first >= 0x30 && first <= 0x39);
  return mayStartBlock ? escaped.replace(/^([#+-]|\d+\.)(?= )/, "\\$1") : escaped;
}

const MARKDOWN_SIGN = /[\\`*_[\]<>]/;
const MARKDOWN_SIGNS = /([\\`*_[\]<>])/g;

const WEB_ADDRESS = /^https?:\/\//i;

function absolute(href: string | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    const trimmed = href.trim();
    // An address with its scheme and host ignores the base: the page's address is then not parsed again for it.
    const url = new URL(trimmed, WEB_ADDRESS.test(trimmed) ? undefined : base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href.replace(/[()]/g, (c) => encodeURIComponent(c)) : undefined;
  } catch {
    return undefined;
  }
}
