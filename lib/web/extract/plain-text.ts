// Renders a subtree as plain text: one paragraph per block, blank lines between blocks.
import type { AnyNode, ParentNode } from "domhandler";
import { BLOCK_TAGS } from "./blocks";
import { isElement, isText } from "./dom";

/** Elements whose content is never text a reader sees. */
const SKIP = new Set(["script", "style", "template", "noscript", "head", "svg"]);

/** The paragraphs of roots, in order, whitespace collapsed (kept inside <pre>). */
export function paragraphs(roots: readonly ParentNode[]): string[] {
  const out: string[] = [];
  let line = "";
  const flush = () => {
    const trimmed = line.trim();
    if (trimmed) out.push(trimmed);
    line = "";
  };
  const walk = (node: AnyNode, pre: boolean): void => {
    if (isText(node)) {
      line += pre ? node.data : node.data.replace(/\s+/g, " ");
      return;
    }
    if (!isElement(node)) {
      if (node.type === "root") for (const c of (node as ParentNode).children) walk(c, pre);
      return;
    }
    const name = node.name;
    if (SKIP.has(name)) return;
    if (name === "br") {
      if (pre) line += "\n";
      else flush();
      return;
    }
    if (name === "td" || name === "th") line += " ";
    const block = BLOCK_TAGS.has(name);
    if (block) flush();
    const inPre = pre || name === "pre";
    for (const c of node.children) walk(c, inPre);
    if (block) flush();
  };
  for (const root of roots) {
    walk(root, false);
    flush();
  }
  return out.map((p) => (p.includes("\n") ? p : p.replace(/ {2,}/g, " ")));
}

export function plainText(roots: readonly ParentNode[]): string {
  return paragraphs(roots).join("\n\n");
}
