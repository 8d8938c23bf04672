// React's streamed server rendering sends parts of a page late, as hidden `<div id="S:…">` segments at
// the end of the body, each followed by a script that moves it into place: `$RS("S:1","P:1")` replaces
// the placeholder `<template id="P:1">`, `$RC("B:0","S:0")` replaces a Suspense boundary's fallback (from
// `<template id="B:0">` to its closing `<!--/$-->` comment). A browser runs those scripts; an extractor
// must do the same moves, or it reads the page without the parts that came late (often all of it).
// A page saved without its scripts (an archive, a sanitiser) still holds the segments and placeholders:
// React names a segment after the boundary or placeholder it fills (`S:4` fills `B:4` or `P:4`), so
// those moves are made by name.
import type { AnyNode, Element } from "domhandler";
import { isComment } from "domhandler";
import { descendants, insertBefore, type ParsedDocument, rawText, removeNode } from "./dom";

/** `$RS(segment, placeholder)` and `$RC(boundary, segment)`: React's names for the two moves. */
const MOVE = /\$RS\("(S:[0-9a-zA-Z]+)","(P:[0-9a-zA-Z]+)"\)|\$RC\("(B:[0-9a-zA-Z]+)","(S:[0-9a-zA-Z]+)"\)/g;

/**
 * Moves every streamed segment its script names into place, in the order the scripts would. A page
 * without React's placeholders (most) is left as it is without a walk: the parser lists templates.
 */
export function placeStreamedSegments(doc: ParsedDocument): void {
  if (!doc.declaring.some((el) => el.name === "template" && /^[BP]:/.test(el.attribs.id ?? ""))) return;
  const byId = new Map<string, Element>();
  const moves: { boundary: boolean; target: string; segment: string }[] = [];
  for (const el of descendants(doc)) {
    const id = el.attribs.id;
    if (id !== undefined && (el.name === "template" || el.name === "div") && /^[BPS]:/.test(id)) byId.set(id, el);
    else if (el.name === "script")
      for (const m of rawText(el).matchAll(MOVE))
        moves.push(m[1] !== undefined ? { boundary: false, target: m[2]!, segment: m[1] } : { boundary: true, target: m[3]!, segment: m[4]! });
  }
  if (moves.length === 0) for (const move of movesByName(byId)) moves.push(move);
  for (const { boundary, target, segment } of moves) {
    const placeholder = byId.get(target);
    const content = byId.get(segment);
    if (placeholder === undefined || content === undefined || placeholder.name !== "template" || content.parent === null) continue;
    if (boundary) removeFallback(placeholder);
    for (const child of [...content.children]) insertBefore(placeholder, child);
    removeNode(placeholder);
    removeNode(content);
  }
}

/** Without the scripts: each hidden segment into the boundary or placeholder of its number, in the segments' order. */
function movesByName(byId: ReadonlyMap<string, Element>): { boundary: boolean; target: string; segment: string }[] {
  const moves: { boundary: boolean; target: string; segment: string }[] = [];
  for (const [segment, el] of byId) {
    if (!segment.startsWith("S:") || el.name !== "div" || el.attribs.hidden === undefined) continue;
    const number = segment.slice(2);
    if (byId.has(`B:${number}`)) moves.push({ boundary: true, target: `B:${number}`, segment });
    else if (byId.has(`P:${number}`)) moves.push({ boundary: false, target: `P:${number}`, segment });
  }
  return moves;
}

/**
 * A boundary's fallback: the siblings after its template up to the `<!--/$-->` that closes it (nested
 * boundaries inside). A page saved without its comments does not say where the fallback ends: it stays
 * (a "Loading…" line) rather than whatever follows it going too.
 */
function removeFallback(template: Element): void {
  const fallback: AnyNode[] = [];
  let depth = 0;
  for (let node: AnyNode | null = template.next; node !== null; node = node.next) {
    if (isComment(node)) {
      if (node.data === "/$") {
        if (depth === 0) {
          for (const n of fallback) removeNode(n);
          return;
        }
        depth--;
      } else if (node.data.startsWith("$")) depth++;
    }
    fallback.push(node);
  }
}
