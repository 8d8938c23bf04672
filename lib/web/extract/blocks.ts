// Which elements break text into blocks, shared by the extractor and both renderers.

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
