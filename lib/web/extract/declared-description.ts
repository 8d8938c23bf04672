// What a product page's schema.org Product says of the product in JSON-LD. Shops that render the page
// with scripts often serve HTML holding only the buy box (price, sizes, delivery); the description the
// page shows once its scripts run is then in the Product's JSON-LD alone.
import type { Element } from "domhandler";
import { documentBody, elementChildren, parseHtml, type ParsedDocument, rawText } from "./dom";
import { parseJsonLd } from "./metadata";
import { PRODUCT, typesOf } from "./page-type";

/** The description of the page's own Product (the first that has one), as a detached block; undefined when none. */
export function declaredProductDescription(doc: ParsedDocument): Element | undefined {
  for (const el of doc.declaring) {
    if (el.name !== "script" || !/^application\/ld\+json\b/i.test(el.attribs.type?.trim() ?? "")) continue;
    for (const node of ownNodes(parseJsonLd(rawText(el)))) {
      const description = node.description;
      if (typeof description === "string" && description.trim() !== "" && typesOf(node["@type"]).some((t) => PRODUCT.has(t))) {
        return asBlock(description);
      }
    }
  }
  return undefined;
}

/** The page's own entities: top-level nodes, members of @graph, the main entity. */
function ownNodes(value: unknown): Record<string, unknown>[] {
  const nodes: Record<string, unknown>[] = [];
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
    else if (v && typeof v === "object") {
      const node = v as Record<string, unknown>;
      nodes.push(node);
      for (const key of ["mainEntity", "@graph"]) if (node[key] !== undefined) stack.push(node[key]);
    }
  }
  return nodes;
}

/** The description as a block of the page: its own markup when it has some (shops store HTML), else its lines as paragraphs. */
function asBlock(description: string): Element | undefined {
  const html = /<[a-z][^>]*>/i.test(description)
    ? description
    : description
        .split(/\n\s*\n/)
        .map((paragraph) => `<p>${escapeText(paragraph).replace(/\n/g, "<br>")}</p>`)
        .join("");
  const body = documentBody(parseHtml(`<html><body><div>${html}</div></body></html>`));
  return body ? elementChildren(body)[0] : undefined;
}

function escapeText(text: string): string {
  return text.replace(/&(?![a-z]+;|#\d+;|#x[\da-f]+;)/gi, "&amp;").replace(/</g, "&lt;");
}
