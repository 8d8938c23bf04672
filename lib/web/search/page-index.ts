import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Clock } from "../../clock";
import type { Database } from "../../db/client";
import type { ScrapedPage } from "../types";
import { distinctHits, type SearchHit, type SearchProvider } from "./provider";
import { webPages } from "./schema";

/** Longest body kept per page: enough for ranking and snippets, and ts_headline reads the whole text. */
export const INDEXED_CONTENT_LIMIT = 100_000;

/**
 * Adds or refreshes a successfully scraped page in the embedded index; a failed page, or one with
 * neither title nor text, is left out. Returns whether it was indexed.
 */
export async function indexPage(ctx: { db: Database; clock: Clock }, page: ScrapedPage): Promise<boolean> {
  if (page.error || (!page.text && !page.title)) return false;
  const row = {
    url: page.url,
    finalUrl: page.finalUrl ?? null,
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
      set: { finalUrl: row.finalUrl, title: row.title, description: row.description, content: row.content, publishedAt: row.publishedAt, indexedAt: row.indexedAt },
    });
  return true;
}

const hitRows = z.object({
  rows: z.array(z.object({ url: z.string(), title: z.string(), snippet: z.string().nullable(), published_at: z.string().nullable() })),
});

// Plain-text excerpts around the matched terms: up to two fragments of about 30 words.
const HEADLINE_OPTIONS = 'StartSel="", StopSel="", MaxFragments=2, MaxWords=30, MinWords=12, FragmentDelimiter=" … "';

/**
 * The embedded provider: Postgres full-text search over every page the service has scraped
 * (web-search syntax: quoted phrases, `or`, `-word`), ranked by cover density (ts_rank_cd) over
 * title, description and body weighted A, B, C; snippets by ts_headline, computed for the returned rows only.
 */
export function createIndexProvider(db: Database): SearchProvider {
  return {
    name: "index",
    async search(query, { maxResults }) {
      const result = await db.execute(sql`
        with q as (select websearch_to_tsquery('english'::regconfig, ${query}) as query),
        ranked as (
          select p.url, p.title, p.description, p.content, p.published_at, p.indexed_at,
                 ts_rank_cd(p.search_vector, q.query, 32) as rank
          from ${webPages} p, q
          where numnode(q.query) > 0 and p.search_vector @@ q.query
          order by rank desc, p.indexed_at desc, p.url asc
          limit ${maxResults}
        )
        select r.url, r.title, r.published_at,
               ts_headline('english'::regconfig, coalesce(nullif(r.content, ''), r.description, r.title), q.query, ${HEADLINE_OPTIONS}) as snippet
        from ranked r, q
        order by r.rank desc, r.indexed_at desc, r.url asc`);
      const hits = hitRows.parse(result).rows.map(
        (r): SearchHit => ({
          title: r.title || r.url,
          url: r.url,
          snippet: (r.snippet ?? "").replace(/\s+/g, " ").trim(),
          ...(r.published_at ? { date: r.published_at } : {}),
        }),
      );
      return distinctHits(hits, maxResults);
    },
  };
}
