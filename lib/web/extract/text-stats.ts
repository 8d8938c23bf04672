// Text measures of every element, computed in one bottom-up pass instead of re-reading subtrees.
import type { AnyNode, Element, ParentNode } from "domhandler";
import { isElement, isText, removeNode } from "./dom";

export interface TextStats {
  /** Characters of text, whitespace runs counted as one. */
  readonly chars: number;
  /** Characters inside <a> elements. */
  readonly linkChars: number;
  readonly commas: number;
  /** Elements below, by kind, for judging containers. */
  readonly paragraphs: number;
  readonly images: number;
  readonly listItems: number;
  readonly inputs: number;
}

export type StatsMap = Map<Element, TextStats>;

/** Stats of root and every element below it. Iterative: a hostile page can nest thousands deep. */
export function measure(root: ParentNode): StatsMap {
  const out: StatsMap = new Map();
  interface Frame {
    readonly node: ParentNode;
    readonly inLink: boolean;
    next: number;
    chars: number;
    linkChars: number;
    commas: number;
    paragraphs: number;
    images: number;
    listItems: number;
    inputs: number;
  }
  const frame = (node: ParentNode, inLink: boolean): Frame => ({
    node,
    inLink,
    next: 0,
    chars: 0,
    linkChars: 0,
    commas: 0,
    paragraphs: 0,
    images: 0,
    listItems: 0,
    inputs: 0,
  });
  const stack: Frame[] = [frame(root, false)];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const kids = top.node.children as AnyNode[];
    if (top.next < kids.length) {
      const child = kids[top.next++]!;
      if (isText(child)) {
        const n = visibleLength(child.data);
        top.chars += n;
        if (top.inLink) top.linkChars += n;
        if (n > 0) top.commas += commaCount(child.data);
      } else if (isElement(child)) {
        const name = child.name;
        if (name === "p") top.paragraphs++;
        else if (name === "img") top.images++;
        else if (name === "li") top.listItems++;
        else if (name === "input") top.inputs++;
        stack.push(frame(child, top.inLink || name === "a"));
      }
      continue;
    }
    stack.pop();
    const { chars, linkChars, commas, paragraphs, images, listItems, inputs } = top;
    if (isElement(top.node)) out.set(top.node, { chars, linkChars, commas, paragraphs, images, listItems, inputs });
    const parent = stack[stack.length - 1];
    if (parent) {
      parent.chars += chars;
      parent.linkChars += linkChars;
      parent.commas += commas;
      parent.paragraphs += paragraphs;
      parent.images += images;
      parent.listItems += listItems;
      parent.inputs += inputs;
    }
  }
  return out;
}

/** Commas of Latin, CJK (，、) and Arabic (،) text: a loop, not a regex match (an array per text node). */
function commaCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2c || c === 0xff0c || c === 0x3001 || c === 0x060c) n++;
  }
  return n;
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

/** After `el` is removed: its ancestors' stats without what it held, so they are judged on what is left of them. */
/** Removes el and takes what it held off its ancestors' measures, which stay those of the tree as it now is. */
export function removeMeasured(stats: StatsMap, el: Element): void {
  const parent = el.parent as Element | null;
  removeNode(el);
  subtractFromAncestors(stats, el, parent);
}

export function subtractFromAncestors(stats: StatsMap, el: Element, removedFrom: Element | null): void {
  const gone = stats.get(el);
  if (!gone) return;
  for (let a: ParentNode | null = removedFrom; a !== null && isElement(a); a = a.parent) {
    const s = stats.get(a);
    if (!s) break;
    stats.set(a, {
      chars: s.chars - gone.chars,
      linkChars: s.linkChars - gone.linkChars,
      commas: s.commas - gone.commas,
      paragraphs: s.paragraphs - gone.paragraphs - (el.name === "p" ? 1 : 0),
      images: s.images - gone.images - (el.name === "img" ? 1 : 0),
      listItems: s.listItems - gone.listItems - (el.name === "li" ? 1 : 0),
      inputs: s.inputs - gone.inputs - (el.name === "input" ? 1 : 0),
    });
  }
}
