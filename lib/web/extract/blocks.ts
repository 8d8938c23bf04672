// Which elements break text into blocks, shared by the extractor and both renderers.
import type { Element } from "domhandler";
import { isElement } from "./dom";

export const BLOCK_TAGS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "center",
  "dd",
  "details",
  "dialog",
  "dir",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "html",
  "li",
  "main",
  "menu",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "ul",
]);

export const HEADING_TAGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

/**
 * Inside <pre>, an element that is one line of code: a block, or an inline element classed as a line
 * (Shiki's `line`, Prism's `token-line`, `code-line`), which highlighters lay out one per row with CSS
 * and often write with no newline between them.
 */
export function isCodeLine(name: string, className: string | undefined): boolean {
  return BLOCK_TAGS.has(name) || (className !== undefined && CODE_LINE_CLASS.test(className));
}

const CODE_LINE_CLASS = /(?:^|\s)(?:[\w-]+-)?line(?:\s|$)/;

/**
 * Whether a block element is somewhere inside el: an inline element holding blocks (a custom element
 * around the page, a page builder's `<span>` around headings and paragraphs) is laid out as a block.
 */
export function holdsBlock(el: Element): boolean {
  return someInside(el, (inside) => BLOCK_TAGS.has(inside.name));
}

/** Whether test holds for an element inside el (iterative; most inline elements hold text alone: no list is made for them). */
export function someInside(el: Element, test: (inside: Element) => boolean): boolean {
  let stack: Element[] | undefined;
  let node: Element | undefined = el;
  while (node) {
    for (const child of node.children) {
      if (!isElement(child)) continue;
      if (test(child)) return true;
      if (child.children.length === 0) continue;
      stack ??= [];
      stack.push(child);
    }
    node = stack?.pop();
  }
  return false;
}
