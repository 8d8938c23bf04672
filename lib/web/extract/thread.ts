// A thread recognised from its structure: a page that declares nothing (or only "article", as most
// pages' og:type does) whose comments hold nearly all of its text is a discussion, whose comments are
// its content. Pruning by hints would otherwise remove every comment, each one small, and leave nothing.
import type { Element, ParentNode } from "domhandler";
import { isElement } from "./dom";
import type { StatsMap } from "./text-stats";

/** Class or id words that mark a comment or a reply. */
const COMMENT = /comment|repl(?:y|ies)/i;

/** Comments hold at least this share of the text on a thread (a story with a long comment section holds less). */
const THREAD_SHARE = 0.85;

/** What a thread's opening holds at most outside its comments: a longer text is a story with a comment section. */
const THREAD_OPENING_CHARS = 2_000;

/** Whether the comments (outermost blocks classed as such) hold nearly all the text measured under body, beside a short opening. */
export function commentsHoldMostText(body: ParentNode, stats: StatsMap): boolean {
  const total = isElement(body) ? (stats.get(body)?.chars ?? 0) : body.children.reduce((n, c) => n + (isElement(c) ? (stats.get(c)?.chars ?? 0) : 0), 0);
  if (total === 0) return false;
  let inComments = 0;
  const stack: Element[] = body.children.filter(isElement);
  while (stack.length > 0) {
    const el = stack.pop()!;
    if (isComment(el)) inComments += stats.get(el)?.chars ?? 0;
    else for (const child of el.children) if (isElement(child)) stack.push(child);
  }
  return inComments >= total * THREAD_SHARE && total - inComments <= THREAD_OPENING_CHARS;
}

function isComment(el: Element): boolean {
  const { class: cls, id } = el.attribs;
  return (cls !== undefined && COMMENT.test(cls)) || (id !== undefined && COMMENT.test(id));
}
