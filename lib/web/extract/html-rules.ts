// HTML's tree rules as htmlparser2 12 applies them in HTML mode (its Parser's tables), read by our parser
// so that a page reads the same whichever of the two parses it.

const pTag = new Set(["p"]);
const headingTags = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "p"]);
const formTags = new Set(["input", "option", "optgroup", "select", "button", "datalist", "textarea"]);
const tableSectionTags = new Set(["thead", "tbody"]);
const ddtTags = new Set(["dd", "dt"]);
const rtpTags = new Set(["rt", "rp"]);

/** An opening tag closes the open elements of these names on top of the stack (`<li>` closes an open `<li>`). */
export const OPEN_IMPLIES_CLOSE: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["tr", new Set(["tr", "th", "td"])],
  ["th", new Set(["th"])],
  ["td", new Set(["thead", "th", "td"])],
  ["body", new Set(["head", "link", "script"])],
  ["a", new Set(["a"])],
  ["li", new Set(["li"])],
  ["p", pTag],
  ["h1", headingTags],
  ["h2", headingTags],
  ["h3", headingTags],
  ["h4", headingTags],
  ["h5", headingTags],
  ["h6", headingTags],
  ["select", formTags],
  ["input", formTags],
  ["output", formTags],
  ["button", formTags],
  ["datalist", formTags],
  ["textarea", formTags],
  ["option", new Set(["option"])],
  ["optgroup", new Set(["optgroup", "option"])],
  ["dd", ddtTags],
  ["dt", ddtTags],
  ...["address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figcaption", "figure", "footer", "form"].map(
    (name) => [name, pTag] as const,
  ),
  ...["header", "hr", "main", "nav", "ol", "pre", "section", "table", "ul"].map((name) => [name, pTag] as const),
  ["rt", rtpTags],
  ["rp", rtpTags],
  ["tbody", tableSectionTags],
  ["tfoot", tableSectionTags],
]);

/** Elements that never have children: their opening tag is the whole element. */
export const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  "area",
  "base",
  "basefont",
  "br",
  "col",
  "command",
  "embed",
  "frame",
  "hr",
  "img",
  "input",
  "isindex",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

/** Elements inside SVG or MathML whose content is HTML again (SVG-adjusted casing: they are compared to adjusted names). */
export const HTML_INTEGRATION_ELEMENTS: ReadonlySet<string> = new Set(["mi", "mo", "mn", "ms", "mtext", "annotation-xml", "foreignObject", "desc", "title"]);

/** SVG's camel-cased element names, by their lower-cased form. */
export const SVG_TAG_NAMES: ReadonlyMap<string, string> = new Map(
  [
    "altGlyph",
    "altGlyphDef",
    "altGlyphItem",
    "animateColor",
    "animateMotion",
    "animateTransform",
    "clipPath",
    "feBlend",
    "feColorMatrix",
    "feComponentTransfer",
    "feComposite",
    "feConvolveMatrix",
    "feDiffuseLighting",
    "feDisplacementMap",
    "feDistantLight",
    "feDropShadow",
    "feFlood",
    "feFuncA",
    "feFuncB",
    "feFuncG",
    "feFuncR",
    "feGaussianBlur",
    "feImage",
    "feMerge",
    "feMergeNode",
    "feMorphology",
    "feOffset",
    "fePointLight",
    "feSpecularLighting",
    "feSpotLight",
    "feTile",
    "feTurbulence",
    "foreignObject",
    "glyphRef",
    "linearGradient",
    "radialGradient",
    "textPath",
  ].map((name) => [name.toLowerCase(), name]),
);

/** How the body of an element whose content is not markup is read, by the element's name. */
export const TextContent = {
  /** Up to the matching end tag, as written (`<script>`, `<style>`). */
  Raw: 1,
  /** Up to the matching end tag, with character references decoded (`<title>`, `<textarea>`). */
  Escapable: 2,
  /** The rest of the document, as written. */
  Plain: 3,
} as const;
export type TextContent = (typeof TextContent)[keyof typeof TextContent];

export const TEXT_CONTENT_ELEMENTS: ReadonlyMap<string, TextContent> = new Map([
  ["script", TextContent.Raw],
  ["style", TextContent.Raw],
  ["iframe", TextContent.Raw],
  ["noembed", TextContent.Raw],
  ["noframes", TextContent.Raw],
  ["xmp", TextContent.Raw],
  ["title", TextContent.Escapable],
  ["textarea", TextContent.Escapable],
  ["plaintext", TextContent.Plain],
]);
