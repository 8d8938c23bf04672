// What kind of page this is, as the page declares it: schema.org types in JSON-LD or microdata, and
// OpenGraph's og:type. Read before pruning (JSON-LD lives in scripts). Pages that declare nothing are
// typed from their structure after extraction (main-content.ts).
import type { Element } from "domhandler";
import { ancestors, type ParsedDocument, rawText } from "./dom";
import type { PageType } from "../types";
import { parseJsonLd } from "./metadata";

export type { PageType };

/**
 * A Product of the page's own without offers: something the site describes, not an item it sells here
 * (a service business's review stars, a software suite's overview).
 */
const DESCRIBED_PRODUCT = "Product without offers";

const FORUM = new Set(["DiscussionForumPosting", "QAPage", "SocialMediaPosting"]);
export const PRODUCT = new Set(["Product", "ProductGroup", "IndividualProduct", "ProductModel"]);
const LIST = new Set(["ItemList", "CollectionPage", "OfferCatalog", "SearchResultsPage"]);
const DOCUMENTATION = new Set(["TechArticle", "APIReference"]);
const ARTICLE = new Set([
  "Article",
  "NewsArticle",
  "BlogPosting",
  "Report",
  "ScholarlyArticle",
  "AnalysisNewsArticle",
  "OpinionNewsArticle",
  "ReviewNewsArticle",
]);

interface Declared {
  /** Types of the page's own entities (top-level nodes and @graph members). */
  readonly top: Set<string>;
  /** Types of entities nested inside them (a list's items). */
  readonly nested: Set<string>;
  readonly ogType?: string;
}

export interface DeclarationOptions {
  /** Whether og:type "article" (most publishing tools' default) counts as a declaration; it does unless told. */
  readonly openGraphArticle?: boolean;
}

export function declaredPageType(doc: ParsedDocument, options: DeclarationOptions = {}): PageType | undefined {
  const d = readDeclarations(doc);
  const has = (set: ReadonlySet<string>, where: Set<string> = d.top) => [...where].some((t) => set.has(t));
  if (has(FORUM)) return "forum";
  if (has(LIST)) return has(PRODUCT, d.nested) || d.nested.has("Offer") ? "collection" : "listing";
  if (has(PRODUCT) || d.ogType === "product") return "product";
  if (d.ogType === "product.group") return "collection";
  if (has(DOCUMENTATION)) return "documentation";
  if (has(ARTICLE)) return "article";
  // A page describing what it offers is neither a product for sale nor an article (og:type "article"
  // is most publishing tools' default): its structure decides.
  if (d.top.has(DESCRIBED_PRODUCT)) return undefined;
  if (d.ogType === "article" && options.openGraphArticle !== false) return "article";
  return undefined;
}

function readDeclarations(doc: ParsedDocument): Declared {
  const top = new Set<string>();
  const nested = new Set<string>();
  let ogType: string | undefined;
  for (const el of doc.declaring) {
    if (el.name === "script" && /^application\/ld\+json\b/i.test(el.attribs.type?.trim() ?? "")) {
      collectTypes(parseJsonLd(rawText(el)), top, nested);
    } else if (el.name === "meta" && el.attribs.property === "og:type" && el.attribs.content) {
      ogType ??= el.attribs.content.trim().toLowerCase();
    } else if (el.attribs.itemprop !== undefined && /\barticleBody\b/.test(el.attribs.itemprop)) {
      top.add("Article");
    } else if (el.attribs.itemtype) {
      // Microdata: an entity inside a list is one of its items.
      const inList = insideList(el);
      for (const t of schemaNames(el.attribs.itemtype)) (inList ? nested : top).add(t);
    }
  }
  return { top, nested, ...(ogType ? { ogType } : {}) };
}

function insideList(el: Element): boolean {
  for (const a of ancestors(el)) if (a.attribs.itemtype && schemaNames(a.attribs.itemtype).some((t) => LIST.has(t))) return true;
  return false;
}

function schemaNames(itemtype: string): string[] {
  return itemtype
    .trim()
    .split(/\s+/)
    .map((url) => url.replace(/\/$/, "").split("/").pop() ?? "");
}

/** Walks a JSON-LD value: nodes at the top (and in @graph) are the page's own, nodes below them nested. */
function collectTypes(value: unknown, top: Set<string>, nested: Set<string>): void {
  const stack: { readonly v: unknown; readonly depth: number }[] = [{ v: value, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (Array.isArray(v)) {
      for (const item of v) stack.push({ v: item, depth });
      continue;
    }
    if (!v || typeof v !== "object") continue;
    const node = v as Record<string, unknown>;
    for (const t of typesOf(node["@type"])) {
      if (depth > 0) nested.add(t);
      else top.add(t === "Product" && node.offers === undefined ? DESCRIBED_PRODUCT : t);
    }
    for (const [key, child] of Object.entries(node)) {
      // The graph's members and the page's main entity are the page's own.
      if (key === "@graph" || key === "mainEntity") stack.push({ v: child, depth });
      else if (child && typeof child === "object") stack.push({ v: child, depth: depth + 1 });
    }
  }
}

export function typesOf(value: unknown): string[] {
  if (typeof value === "string") return [value.replace(/^https?:\/\/schema\.org\//, "")];
  if (Array.isArray(value)) return value.flatMap(typesOf);
  return [];
}
