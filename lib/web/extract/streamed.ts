// React's streamed server rendering sends parts of a page late, as hidden `<div id="S:…">` segments at
// the end of the body, each followed by a script that moves it into place: `$RS("S:1","P:1")` replaces
// the placeholder `<template id="P:1">`, `$RC("B:0","S:0")` replaces a Suspense boundary's fallback (from
// `<template id="B:0">` to its closing `<!--/$-->` comment). A browser runs those scripts; an extractor
// must do the same moves, or it reads the page without the parts that came late (often all of it).
// A page saved without its scripts (an archive, a sanitiser) still holds the segments and placeholders:
// React names a segment after the boundary or placeholder it fills (`S:4` fills `B:4` or `P:4`), so
// those moves are made by name.
import type { AnyNode, ChildNode, Element, ParentNode } from "domhandler";
import { isComment, isTag } from "domhandler";
import { descendants, detach, type ParsedDocument, rawText, setChildren } from "./dom";

/** `$RS(segment, placeholder)` and `$RC(boundary, segment)`: React's names for the two moves. */
const MOVE = /\$RS\("(S:[0-9a-zA-Z]+)","(P:[0-9a-zA-Z]+)"\)|\$RC\("(B:[0-9a-zA-Z]+)","(S:[0-9a-zA-Z]+)"\)/g;

type Move = { boundary: boolean; target: string; segment: string };
type Fill = { segment: Element; boundary: boolean };

/**
 * Moves every streamed segment its script names into place, as the scripts would. A page without
 * React's placeholders (most) is left as it is without a walk: the parser lists templates.
 * The moves are decided first and each changed list of children is then rebuilt once: made one by one,
 * each searched and spliced its parent's list, quadratic on a page of thousands of segments.
 */
export function placeStreamedSegments(doc: ParsedDocument): void {
  if (!doc.declaring.some((el) => el.name === "template" && /^[BP]:/.test(el.attribs.id ?? ""))) return;
  const elements = descendants(doc);
  const byId = new Map<string, Element>();
  const moves: Move[] = [];
  for (const el of elements) {
    const id = el.attribs.id;
    if (id !== undefined && (el.name === "template" || el.name === "div") && /^[BPS]:/.test(id)) byId.set(id, el);
    else if (el.name === "script")
      for (const m of rawText(el).matchAll(MOVE))
        moves.push(m[1] !== undefined ? { boundary: false, target: m[2]!, segment: m[1] } : { boundary: true, target: m[3]!, segment: m[4]! });
  }
  if (moves.length === 0) for (const move of movesByName(byId)) moves.push(move);
  const fills = chosenFills(moves, byId, elements);
  if (fills.size > 0) fillPlaceholders(fills);
}

/** Without the scripts: each hidden segment into the boundary or placeholder of its number, in the segments' order. */
function movesByName(byId: ReadonlyMap<string, Element>): Move[] {
  const moves: Move[] = [];
  for (const [segment, el] of byId) {
    if (!segment.startsWith("S:") || el.name !== "div" || el.attribs.hidden === undefined) continue;
    const number = segment.slice(2);
    if (byId.has(`B:${number}`)) moves.push({ boundary: true, target: `B:${number}`, segment });
    else if (byId.has(`P:${number}`)) moves.push({ boundary: false, target: `P:${number}`, segment });
  }
  return moves;
}

/**
 * Which segment fills which placeholder, in the scripts' order: a placeholder or a segment moves once,
 * and a move whose placeholder would end up inside its own segment (in it, or in a segment placed into
 * it before) is not made: the segment would leave the page in a cycle of its own.
 */
function chosenFills(moves: readonly Move[], byId: ReadonlyMap<string, Element>, elements: readonly Element[]): Map<Element, Fill> {
  const segments = new Set<Element>();
  for (const move of moves) {
    const segment = byId.get(move.segment);
    if (segment !== undefined) segments.add(segment);
  }
  // Each element's nearest enclosing segment, parents first (descendants lists the page in order).
  const enclosing = new Map<ParentNode, Element>();
  for (const el of elements) {
    const parent = el.parent;
    const around = parent === null ? undefined : isTag(parent) && segments.has(parent) ? parent : enclosing.get(parent);
    if (around !== undefined) enclosing.set(el, around);
  }
  // A placed segment's way up: the segment around its placeholder, or none where the placeholder is in
  // the page itself; shortened as it is followed, so a page of thousands of nested segments stays linear.
  const up = new Map<Element, Element | undefined>();
  const outermost = (from: Element | undefined): Element | undefined => {
    const path: Element[] = [];
    let el = from;
    while (el !== undefined && up.has(el)) {
      path.push(el);
      el = up.get(el);
    }
    for (const passed of path) up.set(passed, el);
    return el;
  };
  const fills = new Map<Element, Fill>();
  for (const { boundary, target, segment: name } of moves) {
    const placeholder = byId.get(target);
    const segment = byId.get(name);
    if (placeholder === undefined || segment === undefined || placeholder.name !== "template") continue;
    if (fills.has(placeholder) || up.has(segment)) continue;
    const around = enclosing.get(placeholder);
    if (outermost(around) === segment) continue;
    fills.set(placeholder, { segment, boundary });
    up.set(segment, around);
  }
  return fills;
}

/**
 * Each placeholder gives way to its segment's children (a segment placed inside another comes along),
 * each boundary's fallback goes, and the segments leave the end of the body. Every new list is read from
 * the lists as they were, then all are set.
 */
function fillPlaceholders(fills: ReadonlyMap<Element, Fill>): void {
  const segments = new Set<Element>();
  const gone = new Set<AnyNode>();
  const parents = new Set<ParentNode>();
  const boundaryParents = new Set<ParentNode>();
  for (const [placeholder, { segment, boundary }] of fills) {
    segments.add(segment);
    gone.add(segment);
    if (placeholder.parent !== null) parents.add(placeholder.parent);
    if (segment.parent !== null) parents.add(segment.parent);
    if (boundary && placeholder.parent !== null) boundaryParents.add(placeholder.parent);
  }
  for (const parent of boundaryParents) addFallbacks(parent.children, fills, gone);
  const lists: [ParentNode, ChildNode[]][] = [];
  for (const parent of parents) if (!(isTag(parent) && segments.has(parent))) lists.push([parent, filled(parent.children, fills, gone)]);
  for (const [parent, children] of lists) setChildren(parent, children);
  for (const segment of segments) setChildren(segment, []);
  for (const node of gone) detach(node);
  for (const placeholder of fills.keys()) detach(placeholder);
}

/** children with each placeholder replaced by its segment's children, themselves filled; what is gone left out. */
function filled(children: readonly ChildNode[], fills: ReadonlyMap<Element, Fill>, gone: ReadonlySet<AnyNode>): ChildNode[] {
  const out: ChildNode[] = [];
  // A stack rather than recursion: segments may nest thousands deep. chosenFills made them a tree.
  const stack = [{ nodes: children, at: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const node = top.nodes[top.at++];
    if (node === undefined) stack.pop();
    else if (!gone.has(node)) {
      const fill = isTag(node) ? fills.get(node) : undefined;
      if (fill === undefined) out.push(node);
      else stack.push({ nodes: fill.segment.children, at: 0 });
    }
  }
  return out;
}

/**
 * Adds to gone the fallbacks of the boundaries among children: the siblings after a boundary's template
 * up to the `<!--/$-->` that closes it (nested boundaries' comments inside), found in one pass: a
 * template closes at the first `<!--/$-->` at the depth of comments open where it stands. A page saved
 * without its comments does not say where a fallback ends: it stays (a "Loading…" line) rather than
 * whatever follows it going too.
 */
function addFallbacks(children: readonly ChildNode[], fills: ReadonlyMap<Element, Fill>, gone: Set<AnyNode>): void {
  // Fallbacks nest: each is marked by where it starts and ends, and the covered siblings read once.
  const edges = new Int32Array(children.length + 1);
  const open: { from: number; depth: number }[] = [];
  let depth = 0;
  children.forEach((node, i) => {
    if (isComment(node) && node.data === "/$") {
      for (let last = open.at(-1); last !== undefined && last.depth === depth; last = open.at(-1)) {
        open.pop();
        edges[last.from]!++;
        edges[i]!--;
      }
      depth--;
    } else if (isComment(node) && node.data.startsWith("$")) depth++;
    else if (isTag(node) && fills.get(node)?.boundary === true) open.push({ from: i + 1, depth });
  });
  let covering = 0;
  children.forEach((node, i) => {
    covering += edges[i]!;
    if (covering > 0) gone.add(node);
  });
}
