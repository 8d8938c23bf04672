// Text measures of every element, computed in one bottom-up pass instead of re-reading subtrees.
import type { AnyNode, Element, ParentNode } from "domhandler";
import { isElement, isText } from "./dom";

export interface TextStats {
  /** Characters of text, whitespace runs counted as one. */
  readonly chars: number;
  /** Characters inside <a> elements. */
  readonly linkChars: number;
  readonly commas: number;
}

const COMMA = /[,，、،]/g;

export type StatsMap = Map<Element, TextStats>;

/** Stats of root and every element below it. */
export function measure(root: ParentNode): StatsMap {
  const out: StatsMap = new Map();
  visit(root, false, out);
  return out;
}

function visit(node: ParentNode, inLink: boolean, out: StatsMap): TextStats {
  let chars = 0;
  let linkChars = 0;
  let commas = 0;
  for (const child of node.children as AnyNode[]) {
    if (isText(child)) {
      const n = visibleLength(child.data);
      chars += n;
      if (inLink) linkChars += n;
      if (n > 0) commas += child.data.match(COMMA)?.length ?? 0;
    } else if (isElement(child)) {
      const s = visit(child, inLink || child.name === "a", out);
      chars += s.chars;
      linkChars += s.linkChars;
      commas += s.commas;
    }
  }
  const stats = { chars, linkChars, commas };
  if (isElement(node)) out.set(node, stats);
  return stats;
}

/** Length with whitespace runs counted as one character and edges trimmed. */
export function visibleLength(text: string): number {
  let n = 0;
  let space = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const isSpace = c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 160;
    if (isSpace) {
      if (!space) n++;
      space = true;
    } else {
      n++;
      space = false;
    }
  }
  return space && n > 0 ? n - 1 : n;
}

export function linkDensity(stats: TextStats | undefined): number {
  if (!stats || stats.chars === 0) return 0;
  return stats.linkChars / stats.chars;
}
