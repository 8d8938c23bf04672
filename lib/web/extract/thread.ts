// A thread recognised from its structure: a page that declares nothing (or only "article", as most
// pages' og:type does) whose comments hold most of its readable text is a discussion, whose comments are
// its content. Pruning by hints would otherwise remove every comment, each one small, and leave nothing.
import type { AnyNode, ParentNode } from "domhandler";
import { isElement, isText } from "./dom";
import { hints } from "./hints";
import { visibleLength } from "./text-stats";

/** Class or id words that mark a comment or a reply. */
const COMMENT = /comment|repl(?:y|ies)/i;

/** Comments hold at least this share of the readable text on a thread (a story with a long comment section holds less). */
const THREAD_SHARE = 0.85;

const SCRIPTING = new Set(["script", "style", "template", "noscript"]);

/** Whether the comments (outermost blocks hinted as such) hold most of the readable text under body. */
export function commentsHoldMostText(body: ParentNode): boolean {
  let total = 0;
  let inComments = 0;
  // Work items: a node, and whether it is inside a comment block already.
  const stack: { node: AnyNode; inside: boolean }[] = body.children.map((node) => ({ node, inside: false }));
  while (stack.length > 0) {
    const { node, inside } = stack.pop()!;
    if (isText(node)) {
      const n = visibleLength(node.data);
      total += n;
      if (inside) inComments += n;
    } else if (isElement(node) && !SCRIPTING.has(node.name)) {
      const comment = inside || COMMENT.test(hints(node));
      for (const child of node.children) stack.push({ node: child, inside: comment });
    }
  }
  return total > 0 && inComments >= total * THREAD_SHARE;
}
