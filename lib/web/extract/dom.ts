// A thin layer over the DOM (domhandler nodes): parsing, attributes, traversal, removal.
import { type AnyNode, type ChildNode, type Document, type Element, type ParentNode, isTag, isText } from "domhandler";
import { MICRODATA } from "./dom-nodes";
import { parseHtmlListing } from "./html-parser";

export type { Document, Element };

/** A page as parsed here, with the elements that may declare something about it listed as they were read. */
export interface ParsedDocument extends Document {
  /**
   * Every <base>, <meta>, <script> and <template> (a streamed page's placeholders, streamed.ts), and
   * every element with microdata (itemtype, itemprop), in document order.
   */
  readonly declaring: readonly Element[];
}

const DECLARING = { names: new Set(["base", "meta", "script", "template"]), marks: MICRODATA };

/**
 * The page's tree as a browser reads it (see parseHtmlDocument's asBrowsers, and gatherIntoBody); with
 * `svgContents` false, its drawings without their contents (see ParseOptions).
 */
export function parseHtml(html: string, svgContents = true): ParsedDocument {
  const { document, listed } = parseHtmlListing(html, { asBrowsers: true, svgContents, list: DECLARING });
  gatherIntoBody(document);
  return Object.assign(document, { declaring: listed });
}

/**
 * A browser keeps one <body> and reads everything after it into it: content after `</body>` or
 * `</html>` (a template that closes the page before its article), a `<body>` of a document pasted into
 * the head (a CMS embed) is no body. htmlparser2's reading, which ours keeps, leaves such content beside
 * the body, where a reader of the body would miss it: moved in here as a browser places it.
 */
function gatherIntoBody(doc: Document): void {
  const body = documentBody(doc);
  if (!body) return;
  for (let node: ParentNode = body; node.parent; node = node.parent) {
    const siblings = node.parent.children;
    const index = indexFromEnds(siblings, node);
    if (index < 0 || index === siblings.length - 1) continue;
    node.next = null;
    for (const moved of siblings.splice(index + 1)) appendChild(body, moved);
  }
}

/** node's index among siblings, searched from both ends at once (the body is most often near the end of its parent's list). */
function indexFromEnds(siblings: readonly AnyNode[], node: AnyNode): number {
  for (let low = 0, high = siblings.length - 1; low <= high; low++, high--) {
    if (siblings[high] === node) return high;
    if (siblings[low] === node) return low;
  }
  return -1;
}

/** The page's <body>: the first not inside the <head> (see gatherIntoBody); none on a fragment. */
export function documentBody(doc: Document): Element | undefined {
  return findFirst(doc, (el) => el.name === "body" && !ancestors(el).some((a) => a.name === "head"));
}

function appendChild(parent: ParentNode, node: ChildNode): void {
  const last = parent.children.at(-1) ?? null;
  node.parent = parent;
  node.prev = last;
  node.next = null;
  if (last) last.next = node;
  parent.children.push(node);
}

export { isTag as isElement, isText };

export function attr(el: Element, name: string): string | undefined {
  return el.attribs[name];
}

/** Every element under root in document order (root itself excluded). */
export function descendants(root: ParentNode): Element[] {
  const out: Element[] = [];
  walkElements(root, (el) => {
    out.push(el);
    return false;
  });
  return out;
}

/** The element before this one among its siblings, past text and comments. */
export function previousElement(el: ChildNode): Element | undefined {
  for (let p = el.prev; p !== null; p = p.prev) if (isTag(p)) return p;
  return undefined;
}

/** The element after this one among its siblings, past text and comments. */
export function nextElement(el: ChildNode): Element | undefined {
  for (let n = el.next; n !== null; n = n.next) if (isTag(n)) return n;
  return undefined;
}

/** Whether an ancestor of el is in the set (walked up without listing the ancestors). */
export function hasAncestorIn(el: ChildNode, set: ReadonlySet<AnyNode>): boolean {
  for (let a = el.parent; a !== null; a = a.parent) if (set.has(a)) return true;
  return false;
}

/** The first element under root (in document order) that `test` accepts; the walk stops there. */
export function findFirst(root: ParentNode, test: (el: Element) => boolean): Element | undefined {
  let found: Element | undefined;
  walkElements(root, (el) => {
    if (!test(el)) return false;
    found = el;
    return true;
  });
  return found;
}

/**
 * Visits every element under root in document order until `stop` says so. Walks the sibling and parent
 * links, not a stack (pages nest thousands deep, and most nodes are text the walk only passes).
 */
function walkElements(root: ParentNode, stop: (el: Element) => boolean): void {
  let node: AnyNode | null = root.children[0] ?? null;
  while (node) {
    if (isTag(node)) {
      if (stop(node)) return;
      const first: AnyNode | undefined = node.children[0];
      if (first) {
        node = first;
        continue;
      }
    }
    while (node && !node.next) node = node.parent === root ? null : node.parent;
    node = node ? node.next : null;
  }
}

/**
 * All text under node, concatenated as written (no block separation); `gone`: nodes to read as already
 * removed (a pass that removes its finds at its end reads the tree as if each had gone when found).
 */
export function rawText(node: AnyNode, gone?: ReadonlySet<AnyNode>): string {
  return rawTextWithin(node, Infinity, gone) ?? "";
}

/**
 * rawText of a subtree of at most `maxNodes` nodes, else undefined: a test for a short label reads no
 * further than a label could go (reading a large subtree for each of its ancestors is quadratic).
 */
export function rawTextWithin(node: AnyNode, maxNodes: number, gone?: ReadonlySet<AnyNode>): string | undefined {
  if (isText(node)) return node.data;
  if (!isTag(node) && node.type !== "root") return "";
  let out = "";
  let seen = 0;
  const stack: AnyNode[] = [node];
  while (stack.length > 0) {
    if (++seen > maxNodes) return undefined;
    const n = stack.pop()!;
    if (gone?.has(n)) continue;
    if (isText(n)) out += n.data;
    else if (isTag(n) || n.type === "root") {
      const kids = (n as ParentNode).children;
      // Each node waiting will be read: a parent of thousands says at once that the subtree is too large.
      if (seen + stack.length + kids.length > maxNodes) return undefined;
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
    }
  }
  return out;
}

/**
 * The subtree's opening text, in document order, up to `chars` characters that are not spaces or the
 * first `maxNodes` nodes, whichever comes first (read for each of many ancestors: it must stay short).
 */
export function leadingText(node: AnyNode, chars: number, maxNodes: number): string {
  let out = "";
  let seen = 0;
  let nodes = 0;
  const stack: AnyNode[] = [node];
  while (stack.length > 0 && seen < chars && ++nodes <= maxNodes) {
    const n = stack.pop()!;
    if (isText(n)) {
      out += n.data;
      seen += solidCharsUpTo(n.data, chars - seen);
    } else if (isTag(n) || n.type === "root") {
      // Only the children that can still be read: a parent of thousands is not listed for each ancestor.
      const kids = (n as ParentNode).children;
      for (let i = Math.min(kids.length, maxNodes - nodes) - 1; i >= 0; i--) stack.push(kids[i]!);
    }
  }
  return out;
}

/**
 * The characters of text that are not white space as `\s` reads it, counted up to `enough`: where
 * leadingText copied each text without its spaces to count them (a long paragraph copied for each of
 * its ancestors that asked).
 */
function solidCharsUpTo(text: string, enough: number): number {
  let solid = 0;
  for (let i = 0; i < text.length && solid < enough; i++) if (!isRegExpSpace(text.charCodeAt(i))) solid++;
  return solid;
}

/** Whether c is white space to a regular expression's `\s` (ASCII's and Unicode's spaces, line ends, the BOM). */
function isRegExpSpace(c: number): boolean {
  if (c > 0x20 && c < 0xa0) return false;
  return (
    c === 0x20 ||
    (c >= 0x09 && c <= 0x0d) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Detaches nodes, keeping sibling links consistent: each parent's children are filtered in one pass.
 * Passes that remove many collect them and call this once: one by one, each removal searched its
 * parent's list and shifted the rest, quadratic in a parent's children when thousands of them go (a
 * hostile page's flat run of empty blocks, a line said again 80,000 times).
 */
export function removeNodes(nodes: ReadonlySet<AnyNode>): void {
  const parents = new Set<ParentNode>();
  for (const node of nodes) if (node.parent) parents.add(node.parent);
  for (const parent of parents)
    setChildren(
      parent,
      parent.children.filter((child) => !nodes.has(child)),
    );
  for (const node of nodes) detach(node);
}

/** Makes nodes parent's children, linked to it and to each other; the list is changed in place (a caller may hold it). */
export function setChildren(parent: ParentNode, nodes: readonly ChildNode[]): void {
  const children = parent.children;
  children.length = 0;
  for (const node of nodes) children.push(node);
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    child.parent = parent;
    child.prev = children[i - 1] ?? null;
    child.next = children[i + 1] ?? null;
  }
}

/** Clears a node's links once it is out of the tree (its old parent's list is the caller's to change). */
export function detach(node: AnyNode): void {
  node.parent = null;
  node.prev = null;
  node.next = null;
}

/** Whether node has exactly one element child; read no further than a second (a parent of thousands answers at once). */
export function holdsOneElement(node: ParentNode): boolean {
  let n = 0;
  for (const child of node.children) if (isTag(child) && ++n > 1) return false;
  return n === 1;
}

/** The element children of node, in order. */
export function elementChildren(node: ParentNode): Element[] {
  return node.children.filter(isTag);
}

/** Parent first; at most `limit` of them. */
export function ancestors(el: AnyNode, limit = Infinity): Element[] {
  const out: Element[] = [];
  for (let p = el.parent; p && isTag(p) && out.length < limit; p = p.parent) out.push(p);
  return out;
}

/** The elements inside code blocks, among root's elements in document order. */
export function withinCode(elements: readonly Element[]): Set<Element> {
  const inside = new Set<Element>();
  for (const el of elements) if (el.name === "pre" && !inside.has(el)) for (const d of descendants(el)) inside.add(d);
  return inside;
}
