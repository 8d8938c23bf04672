// Everything a scrape can ask of one HTML document, each part computed only when wanted. Main-content
// extraction modifies the DOM, so it runs last.
import type { PageImage, PageLink, PageMetadata, PageType } from "../types";
import { extractContacts, extractProfiles, type FoundProfile, type PageContacts } from "../contacts/page-contacts";
import { isTag, type Element, type ParentNode } from "domhandler";
import { type ParsedDocument, parseHtml } from "./dom";
import { documentBase, extractImages, extractLinks } from "./links";
import { extractMainContent, type MainContent } from "./main-content";
import { toMarkdown } from "./markdown";
import { placeStreamedSegments } from "./streamed";
import { extractMetadata, extractTitle } from "./metadata";

export interface PageWants {
  readonly title: boolean;
  readonly text: boolean;
  readonly links: boolean;
  readonly images: boolean;
  readonly metadata: boolean;
  readonly contacts: boolean;
  readonly social: boolean;
  /** The page's links are followed (a crawl): they are read even when not returned. */
  readonly followLinks: boolean;
}

export interface ExtractedPage {
  readonly title?: string;
  readonly text?: string;
  readonly markdown?: string;
  /** What kind of page the main content was read as (with text). */
  readonly pageType?: PageType;
  /** Every link when links, social profiles or a crawl want them (empty otherwise: reading them costs ~8 % of an extraction). */
  readonly links: readonly PageLink[];
  readonly images?: readonly PageImage[];
  readonly metadata?: PageMetadata;
  readonly contacts?: PageContacts;
  readonly profiles?: readonly FoundProfile[];
}

export function extractHtmlPage(html: string, pageUrl: string, wants: PageWants): ExtractedPage {
  const doc = readDocument(html, readsDrawings(wants));
  const base = documentBase(doc, pageUrl);
  const links = wants.links || wants.social || wants.followLinks ? extractLinks(doc, pageUrl, base) : [];
  const metadata = wants.metadata || wants.contacts ? extractMetadata(doc, pageUrl) : undefined;
  const parts = {
    links,
    ...(wants.title ? { title: extractTitle(doc) } : {}),
    ...(wants.images ? { images: extractImages(doc, pageUrl, base) } : {}),
    ...(wants.metadata && metadata ? { metadata } : {}),
    ...(wants.contacts ? { contacts: extractContacts(doc, pageUrl, metadata?.language) } : {}),
    ...(wants.social ? { profiles: extractProfiles(links) } : {}),
  };
  if (!wants.text) return parts;
  const main = readMainContent(doc, html, pageUrl);
  return { ...parts, text: main.text, markdown: markdownOrText(main.roots, base, main.text), pageType: main.pageType };
}

/**
 * Whether anything wanted reads what an `<svg>` holds: its links and images, a phone number in its text.
 * The main content, the title and the metadata never do (pruning removes every drawing; a title inside
 * one names the drawing), so a scrape asking for those alone parses the page without its drawings'
 * contents (a fifth of a page's attributes).
 */
function readsDrawings(wants: PageWants): boolean {
  return wants.links || wants.social || wants.followLinks || wants.images || wants.contacts;
}

/** The page's DOM, with streamed segments moved where the browser's scripts would put them. */
function readDocument(html: string, svgContents: boolean): ParsedDocument {
  const doc = parseHtml(html, svgContents);
  placeStreamedSegments(doc);
  return doc;
}

/**
 * The main content; when cleaning leaves nothing of a region that held text (a store's page whose every
 * block reads as an offer or a link list), the page read again without cleaning: all of it beats none.
 */
function readMainContent(doc: ParsedDocument, html: string, pageUrl: string): MainContent {
  const main = extractMainContent(doc, { pageUrl });
  if (main.text !== "" || !main.hadText) return main;
  const uncleaned = extractMainContent(readDocument(html, false), { clean: false, pageUrl });
  // A few words (a cart's counter, a menu's last link) are no content either.
  return uncleaned.text.length >= MIN_UNCLEANED_CHARS ? uncleaned : main;
}

const MIN_UNCLEANED_CHARS = 200;

/**
 * Markdown rendering recurses; a tree nested deeper than it can safely go falls back to the plain text.
 * Measured first rather than caught: V8 does not always report an exhausted stack as a RangeError.
 */
function markdownOrText(roots: readonly Element[], base: string, text: string): string {
  return roots.every((root) => depthWithin(root, MAX_MARKDOWN_DEPTH)) ? toMarkdown(roots, base) : text;
}

/** Far below the depth that exhausts Node's default stack, far above any real page's (a few dozen). */
const MAX_MARKDOWN_DEPTH = 1_000;

/** Whether no element under root is nested deeper than limit (iterative). */
function depthWithin(root: Element, limit: number): boolean {
  const stack: { node: ParentNode; depth: number }[] = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > limit) return false;
    for (const child of node.children) if (isTag(child)) stack.push({ node: child, depth: depth + 1 });
  }
  return true;
}

/** A text/plain document: its text is the content. */
export function extractTextPage(text: string, pageUrl: string, wants: PageWants): ExtractedPage {
  const contacts = wants.contacts ? extractContacts(parseHtml(`<pre>${escapeHtml(text)}</pre>`), pageUrl, undefined) : undefined;
  return {
    links: [],
    ...(wants.text ? { text: text.trim(), markdown: text.trim() } : {}),
    ...(wants.images ? { images: [] } : {}),
    ...(wants.metadata ? { metadata: { openGraph: {}, twitter: {}, jsonLd: [] } } : {}),
    ...(contacts ? { contacts } : {}),
    ...(wants.social ? { profiles: [] } : {}),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
}
