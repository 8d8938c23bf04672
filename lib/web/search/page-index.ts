import type { Clock } from "../../clock";
import type { Database } from "../../db/client";
import type { ScrapedPage } from "../types";
import { parseHttpUrl } from "../url";
import { carriesCredentials, withoutCredentials } from "../url-credentials";
import { rankPages } from "./bm25";
import { distinctHits, type SearchHit, type SearchProvider } from "./provider";
import { splitQuery } from "./query-syntax";
import { webPages } from "./schema";

/** Longest body kept per page: enough for ranking and snippets (ts_headline reads the whole text). */
export const INDEXED_CONTENT_LIMIT = 100_000;

/**
 * Adds or refreshes a successfully scraped page in the embedded index, which every owner's searches
 * read. Left out: a failed page, one with neither title nor text, and one requested with credentials
 * in its URL (userinfo, a token, key, signature or session id: its content may be private to whoever
 * holds them). Credentials a redirect added are stripped from the stored final URL. Returns whether it was indexed.
 */
export async function indexPage(ctx: { db: Database; clock: Clock }, page: ScrapedPage): Promise<boolean> {
  if (page.error || (!page.text && !page.title) || requestedWithCredentials(page)) return false;
  const row = {
    url: page.url,
    finalUrl: page.finalUrl ? withoutCredentials(page.finalUrl) : null,
    title: page.title ?? "",
    description: page.metadata?.description ?? null,
    content: (page.text ?? "").slice(0, INDEXED_CONTENT_LIMIT),
    publishedAt: page.metadata?.publishedAt ?? null,
    indexedAt: new Date(ctx.clock.now()),
  };
  await ctx.db
    .insert(webPages)
    .values(row)
    .onConflictDoUpdate({
      target: webPages.url,
      set: {
        finalUrl: row.finalUrl,
        title: row.title,
        description: row.description,
        content: row.content,
        publishedAt: row.publishedAt,
        indexedAt: row.indexedAt,
      },
    });
  return true;
}

/** Whether the page was asked for with credentials in its URL. */
export function requestedWithCredentials(page: Pick<ScrapedPage, "url">): boolean {
  const url = parseHttpUrl(page.url);
  return url === undefined || carriesCredentials(url);
}

/**
 * The embedded provider: BM25 over every page the service has scraped (bm25.ts), in web-search
 * syntax (query-syntax.ts): a page matching one word is a match and more or rarer words rank higher, quoted phrases
 * are required, `-word` excludes, `or` separates alternatives. Snippets by ts_headline.
 */
export function createIndexProvider(db: Database): SearchProvider {
  return {
    name: "index",
    async search(query, { maxResults }) {
      const pages = await rankPages(db, splitQuery(query), maxResults);
      const hits = pages.map(
        (p): SearchHit => ({ title: p.title || p.url, url: p.url, snippet: p.snippet, ...(p.publishedAt ? { date: p.publishedAt } : {}) }),
      );
      return distinctHits(hits, maxResults);
    },
  };
}
