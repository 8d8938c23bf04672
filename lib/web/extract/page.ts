// Everything a scrape can ask of one HTML document, each part computed only when wanted. Main-content
// extraction modifies the DOM, so it runs last.
import type { PageImage, PageLink, PageMetadata, PageType } from "../types";
import { extractContacts, extractProfiles, type FoundProfile, type PageContacts } from "../contacts/page-contacts";
import { parseHtml } from "./dom";
import { documentBase, extractImages, extractLinks } from "./links";
import { extractMainContent } from "./main-content";
import { toMarkdown } from "./markdown";
import { mayHoldStreamedSegments, placeStreamedSegments } from "./streamed";
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
  const doc = parseHtml(html);
  if (mayHoldStreamedSegments(html)) placeStreamedSegments(doc);
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
  const main = extractMainContent(doc);
  return { ...parts, text: main.text, markdown: markdownOrText(main.roots, base, main.text), pageType: main.pageType };
}

/** Markdown rendering recurses; a tree nested too deep for the stack falls back to the plain text. */
function markdownOrText(roots: Parameters<typeof toMarkdown>[0], base: string, text: string): string {
  try {
    return toMarkdown(roots, base);
  } catch (e) {
    if (e instanceof RangeError) return text;
    throw e;
  }
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
