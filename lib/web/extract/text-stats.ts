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

/** An element's measures while its subtree is walked; it becomes the element's stats when the walk leaves it. */
class Frame implements TextStats {
  next = 0;
  chars = 0;
  linkChars = 0;
  commas = 0;
  paragraphs = 0;
  images = 0;
  listItems = 0;
  inputs = 0;
  constructor(
    readonly node: ParentNode,
    readonly inLink: boolean,
  ) {}
}

/** Stats of root and every element below it. Iterative: a hostile page can nest thousands deep. */
export function measure(root: ParentNode): StatsMap {
  const out: StatsMap = new Map();
  const stack: Frame[] = [new Frame(root, false)];
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
        stack.push(new Frame(child, top.inLink || name === "a"));
      }
      continue;
    }
    stack.pop();
    // The frame itself is the element's stats (read through TextStats: its walk fields are never read again).
    if (isElement(top.node)) out.set(top.node, top);
    const parent = stack[stack.length - 1];
    if (parent) {
      parent.chars += top.chars;
      parent.linkChars += top.linkChars;
      parent.commas += top.commas;
      parent.paragraphs += top.paragraphs;
      parent.images += top.images;
      parent.listItems += top.listItems;
      parent.inputs += top.inputs;
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
