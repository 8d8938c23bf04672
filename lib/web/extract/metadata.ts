import type { Document, Element } from "domhandler";
import type { PageMetadata } from "../types";
import { resolveHref } from "../url";
import { collapseWhitespace, descendants, type ParsedDocument, rawText } from "./dom";
import { documentBase } from "./links";
import { repairMojibake } from "./mojibake";

/** The page's title: <title>, else og:title, else the first <h1> (mojibake.ts: read back where re-encoded). */
export function extractTitle(doc: Document): string | undefined {
  const written = titleAsWritten(doc);
  // Read back before white space collapses: "Â" and a no-break space are one re-encoded character.
  return written === undefined ? undefined : collapseWhitespace(repairMojibake(written)) || undefined;
}

function titleAsWritten(doc: Document): string | undefined {
  const all = descendants(doc);
  const title = all.find((el) => el.name === "title" && !inSvg(el));
  const text = title ? rawText(title) : "";
  if (collapseWhitespace(text)) return text;
  const og = all.find((el) => el.name === "meta" && el.attribs.property === "og:title")?.attribs.content;
  if (og?.trim()) return og;
  const h1 = all.find((el) => el.name === "h1");
  return h1 ? rawText(h1) : undefined;
}

function inSvg(el: Element): boolean {
  for (let p = el.parent; p; p = p.parent) if ("name" in p && p.name === "svg") return true;
  return false;
}

const DATE_META = [
  "article:published_time",
  "og:published_time",
  "datepublished",
  "date",
  "pubdate",
  "publishdate",
  "publish-date",
  "dc.date",
  "dc.date.issued",
  "dcterms.created",
  "sailthru.date",
  "parsely-pub-date",
];

export function extractMetadata(doc: ParsedDocument, pageUrl: string): PageMetadata {
  const base = documentBase(doc, pageUrl);
  const openGraph: Record<string, string> = {};
  const twitter: Record<string, string> = {};
  const named = new Map<string, string>();
  const jsonLd: unknown[] = [];
  let canonical: string | undefined;
  let language: string | undefined;
  let itempropDate: string | undefined;
  let timeDate: string | undefined;

  for (const el of descendants(doc)) {
    const a = el.attribs;
    switch (el.name) {
      case "html":
        language ??= a.lang?.trim() || a["xml:lang"]?.trim() || undefined;
        break;
      case "meta": {
        const content = a.content?.trim();
        if (!content) break;
        const key = (a.property ?? a.name ?? a.itemprop ?? "").trim().toLowerCase();
        if (a.itemprop === "datePublished") itempropDate ??= content;
        if (a["http-equiv"]?.toLowerCase() === "content-language") named.set("content-language", content);
        if (!key) break;
        if (key.startsWith("og:")) openGraph[key.slice(3)] ??= content;
        else if (key.startsWith("twitter:")) twitter[key.slice(8)] ??= content;
        if (!named.has(key)) named.set(key, content);
        break;
      }
      case "link":
        if (!canonical && /(^|\s)canonical(\s|$)/i.test(a.rel ?? "")) canonical = resolveHref(a.href, base);
        break;
      case "script":
        if (/^application\/ld\+json\b/i.test(a.type?.trim() ?? "")) {
          const parsed = parseJsonLd(rawText(el));
          if (parsed !== undefined) jsonLd.push(parsed);
        }
        break;
      case "time":
        if (a.itemprop === "datePublished" && a.datetime) itempropDate ??= a.datetime;
        timeDate ??= a.datetime;
        break;
      default:
        if (a.itemprop === "datePublished") itempropDate ??= a.content ?? a.datetime;
    }
  }

  const description = named.get("description") ?? openGraph.description ?? twitter.description;
  language ??= named.get("content-language")?.split(",")[0]?.trim() ?? openGraph.locale?.replace("_", "-");
  const published = firstDate(DATE_META.map((k) => named.get(k))) ?? firstDate([jsonLdDate(jsonLd), itempropDate, timeDate]);
  return {
    ...(description ? { description: collapseWhitespace(description) } : {}),
    ...(canonical ? { canonical } : {}),
    ...(language ? { language } : {}),
    ...(published ? { publishedAt: published } : {}),
    openGraph,
    twitter,
    jsonLd,
  };
}

/** A JSON-LD block's value, tolerating CDATA and comment wrappers; undefined when it does not parse. */
export function parseJsonLd(text: string): unknown {
  const cleaned = text
    .trim()
    .replace(/^<!\[CDATA ?\[/, "")
    .replace(/\]\]>$/, "")
    .replace(/^<!--/, "")
    .replace(/-->$/, "");
  if (!cleaned) return undefined;
  try {
    return JSON.parse(cleaned) as unknown;
  } catch {
    return undefined;
  }
}

/** datePublished of the first JSON-LD node that has one (graphs and arrays searched). */
function jsonLdDate(blocks: readonly unknown[]): string | undefined {
  // Breadth first, read in place: a page's JSON-LD may hold arrays of any length.
  const queue = [...blocks];
  for (let at = 0; at < queue.length; at++) {
    const v = queue[at];
    if (Array.isArray(v)) for (const item of v) queue.push(item);
    else if (v && typeof v === "object") {
      const record = v as Record<string, unknown>;
      if (typeof record.datePublished === "string") return record.datePublished;
      if (record["@graph"] !== undefined) queue.push(record["@graph"]);
    }
  }
  return undefined;
}

/** The first value that parses as a date, in ISO 8601. */
function firstDate(values: readonly (string | undefined)[]): string | undefined {
  for (const v of values) {
    const iso = toIsoDate(v);
    if (iso) return iso;
  }
  return undefined;
}

export function toIsoDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (!/\d{4}/.test(trimmed)) return undefined;
  const ms = Date.parse(trimmed);
  if (Number.isNaN(ms)) return undefined;
  return new Date(ms).toISOString();
}
