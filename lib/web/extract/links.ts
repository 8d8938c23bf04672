import type { PageImage, PageLink } from "../types";
import { resolveHref, sameSite } from "../url";
import { collapseWhitespace, descendants, type ParsedDocument, rawText } from "./dom";

/** The URL relative links resolve against: the document's <base href> when it is valid, else the page URL. */
export function documentBase(doc: ParsedDocument, pageUrl: string): string {
  const base = doc.declaring.find((el) => el.name === "base" && !!el.attribs.href);
  return (base && resolveHref(base.attribs.href, pageUrl)) || pageUrl;
}

/** Every http(s) link, absolute, without fragment, first occurrence kept (with the first non-empty text). */
export function extractLinks(doc: ParsedDocument, pageUrl: string, base = documentBase(doc, pageUrl)): PageLink[] {
  const page = new URL(pageUrl);
  const byUrl = new Map<string, { url: string; text: string; internal: boolean }>();
  for (const el of descendants(doc)) {
    if (el.name !== "a" && el.name !== "area") continue;
    const url = resolveHref(el.attribs.href, base);
    if (!url) continue;
    const text = collapseWhitespace(rawText(el)) || collapseWhitespace(el.attribs.title ?? el.attribs["aria-label"] ?? "");
    const seen = byUrl.get(url);
    if (seen) {
      if (!seen.text && text) seen.text = text;
      continue;
    }
    byUrl.set(url, { url, text, internal: sameSite(new URL(url), page) });
  }
  return [...byUrl.values()];
}

/** Images with absolute src (lazy-loading attributes and srcset understood), de-duplicated by src. */
export function extractImages(doc: ParsedDocument, pageUrl: string, base = documentBase(doc, pageUrl)): PageImage[] {
  const bySrc = new Map<string, PageImage>();
  for (const el of descendants(doc)) {
    if (el.name !== "img") continue;
    const candidates = [
      el.attribs.src,
      el.attribs["data-src"],
      el.attribs["data-lazy-src"],
      el.attribs["data-original"],
      firstSrcset(el.attribs.srcset ?? el.attribs["data-srcset"]),
    ];
    let src: string | undefined;
    for (const c of candidates) {
      if (!c || c.trim().startsWith("data:")) continue;
      src = resolveHref(c, base);
      if (src) break;
    }
    if (!src || bySrc.has(src)) continue;
    bySrc.set(src, { src, alt: collapseWhitespace(el.attribs.alt ?? "") });
  }
  return [...bySrc.values()];
}

function firstSrcset(srcset: string | undefined): string | undefined {
  return srcset?.trim().split(/\s+/)[0]?.replace(/,$/, "");
}
