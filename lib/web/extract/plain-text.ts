// Renders a subtree as plain text: one paragraph per block, blank lines between blocks.
import type { AnyNode, ParentNode } from "domhandler";
import { BLOCK_TAGS, isCodeLine } from "./blocks";
import { isElement, isText } from "./dom";
import { laidApart, wordsMeet } from "./inline-gaps";
import { collapsedText, showsNothing } from "./text-stats";

/** Elements whose content is never text a reader sees. */
export const UNSEEN = new Set<string>(["script", "style", "template", "noscript", "head", "svg"]);

/** The paragraphs of roots, in order, whitespace collapsed (kept inside <pre>). Iterative, for deep trees. */
export function paragraphs(roots: readonly ParentNode[]): string[] {
  const out: string[] = [];
  let line = "";
  // The line's last two code units, kept aside: read from a line grown piece by piece, the end of a
  // paragraph of thousands of pieces was joined anew for each (quadratic).
  let lineEnd = "";
  const append = (text: string) => {
    line += text;
    lineEnd = text.length >= 2 ? text.slice(-2) : (lineEnd + text).slice(-2);
  };
  /** The next text starts an element laid apart from the one before it (inline-gaps.ts). */
  let apart = false;
  const flush = () => {
    const trimmed = line.trim();
    if (trimmed && !showsNothing(trimmed)) out.push(trimmed);
    line = "";
    lineEnd = "";
  };
  // Work items: a node to enter, or the end of a block (END_BLOCK); beside each, whether it is inside
  // <pre>. Two stacks rather than an object per node: this walk reads every node of the content.
  const stack: (AnyNode | typeof END_BLOCK)[] = [];
  const inPres: boolean[] = [];
  for (const root of roots) {
    stack.push(root);
    inPres.push(false);
    while (stack.length > 0) {
      const node = stack.pop()!;
      const pre = inPres.pop()!;
      if (node === END_BLOCK) {
        flush();
        continue;
      }
      if (isText(node)) {
        const text = pre ? node.data : collapsedText(node);
        if (text === "") continue;
        if (apart && wordsMeet(lineEnd, text)) append(" ");
        apart = false;
        append(text);
        continue;
      }
      if (!isElement(node) && node.type !== "root") continue;
      const children = (node as ParentNode).children;
      let inPre = pre;
      if (isElement(node)) {
        const name = node.name;
        if (UNSEEN.has(name)) continue;
        if (name === "br") {
          if (pre) append("\n");
          else flush();
          continue;
        }
        if (name === "td" || name === "th") append(" ");
        else if (!pre && !BLOCK_TAGS.has(name) && laidApart(node)) apart = true;
        inPre = pre || name === "pre";
        if (pre && isCodeLine(name, node.attribs.class)) {
          // A line of code: a new line within the block, not a paragraph of its own.
          if (line !== "" && !lineEnd.endsWith("\n")) append("\n");
        } else if (BLOCK_TAGS.has(name)) {
          flush();
          stack.push(END_BLOCK);
          inPres.push(pre);
        }
      }
      for (let i = children.length - 1; i >= 0; i--) {
        stack.push(children[i]!);
        inPres.push(inPre);
      }
    }
    flush();
  }
  return out.map((p) => (p.includes("\n") ? p : p.replace(/ {2,}/g, " ")));
}

const END_BLOCK = Symbol("end of block");

export function plainText(roots: readonly ParentNode[]): string {
  return paragraphs(roots).join("\n\n");
}
