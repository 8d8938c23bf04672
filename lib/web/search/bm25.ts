import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import type { IndexQuery } from "./query-syntax";
import { webPages } from "./schema";

/** Okapi BM25's term-frequency saturation and length normalisation. */
export const BM25 = { k1: 1.2, b: 0.75 } as const;

/**
 * BM25F-style field weights, by the weight letter search_vector gives each position: a title token
 * counts as 3 body tokens, a description token as 1.5, in both term frequency and document length
 * (as if the title were written three times).
 */
export const FIELD_WEIGHTS = { title: 3, description: 1.5, content: 1 } as const;

export interface RankedPage {
  url: string;
  title: string;
  snippet: string;
  publishedAt: string | null;
  score: number;
}

const rows = z.object({
  rows: z.array(
    z.object({
      url: z.string(),
      title: z.string(),
      snippet: z.string().nullable(),
      published_at: z.string().nullable(),
      score: z.coerce.number(),
    }),
  ),
});

// Plain-text excerpts around the matched terms: up to two fragments of about 30 words.
const HEADLINE_OPTIONS = 'StartSel="", StopSel="", MaxFragments=2, MaxWords=30, MinWords=12, FragmentDelimiter=" … "';

/**
 * Pages matching any of the query's terms and all of its filter, best BM25 score first:
 *
 *   score = Σ over query terms t: idf(t) · tf·(k1 + 1) / (tf + k1·(1 − b + b·dl/avgdl))
 *   idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5))
 *
 * with tf and dl weighted by field (FIELD_WEIGHTS). Everything is read in one statement, so from one
 * snapshot: tf from the page's own tsvector (its positions), dl from the token counts stored with the
 * page (generated columns), N and avgdl from the table, and df per query term counted through the GIN
 * index. No statistics are kept apart from the pages (a term-stats table updated at indexing would
 * have every indexing transaction contend on the same counters, and must never drift), so concurrent
 * indexing cannot leave them stale. The price is work per search: an aggregate over the table and
 * about 0.2 ms per matching page (2,000 pages of ~1,300 words, a word on all of them: ~0.4 s), fine
 * at the scale of the pages one service scrapes. Positions are what Postgres keeps: at most 256 per lexeme, and positions
 * past 16,383 merge, so very long pages count slightly short.
 */
export async function rankPages(db: Database, query: IndexQuery, limit: number): Promise<RankedPage[]> {
  const k1 = sql`${BM25.k1}::float8`;
  const b = sql`${BM25.b}::float8`;
  const w = { A: sql`${FIELD_WEIGHTS.title}::float8`, B: sql`${FIELD_WEIGHTS.description}::float8`, C: sql`${FIELD_WEIGHTS.content}::float8` };
  // No filter is null, not an empty tsquery (which draws a NOTICE wherever it is used).
  // The query is read as the pages are (schema.ts): runs of unspaced scripts as their character pairs.
  const filter = query.filter ? sql`websearch_to_tsquery('english'::regconfig, web_unspaced_bigrams(${query.filter}))` : sql`null::tsquery`;
  const dl = sql`(${w.A} * p.title_tokens + ${w.B} * p.description_tokens + ${w.C} * p.content_tokens)`;
  const result = await db.execute(sql`
    with terms as (
      -- Each query lexeme and the one-lexeme tsquery matching it (quoted: lexemes may hold punctuation).
      select distinct t.lexeme,
             ('''' || replace(replace(t.lexeme, '\\', '\\\\'), '''', '''''') || '''')::tsquery as tq
      from unnest(to_tsvector('english'::regconfig, web_unspaced_bigrams(${query.terms}))) t
    ),
    any_term as (select string_agg(tq::text, ' | ')::tsquery as q from terms),
    filter as (select ${filter} as q),
    corpus as (select count(*)::float8 as n, avg(${dl}) as avgdl from ${webPages} p),
    idf as materialized (  -- else inlined into the per-page subquery and recounted per page
      select t.lexeme, ln(1 + (c.n - d.df + 0.5) / (d.df + 0.5)) as idf
      from terms t, corpus c,
           lateral (select count(*)::float8 as df from ${webPages} p where p.search_vector @@ t.tq) d
    ),
    matched as (
      -- Any term (or, for a query of exclusions only, the filter alone), then the filter.
      select p.url, p.title, p.description, p.content, p.published_at, p.indexed_at, p.search_vector, ${dl} as dl
      from ${webPages} p, filter f
      where numnode(coalesce((select q from any_term), f.q)) > 0
        and p.search_vector @@ coalesce((select q from any_term), f.q)
        and (f.q is null or p.search_vector @@ f.q)
    ),
    scored as (
      select m.url, m.title, m.description, m.content, m.published_at, m.indexed_at, coalesce((
        select sum(i.idf * x.tf * (${k1} + 1) / (x.tf + ${k1} * (1 - ${b} + ${b} * m.dl / nullif(c.avgdl, 0))))
        from (
          -- Per field, the query lexemes' positions: its part of the vector, the query lexemes relabelled
          -- D (a weight no field uses), D kept. All in C; unnesting whole vectors is ten times slower.
          select u.lexeme, sum(f.weight * cardinality(u.positions)) as tf
          from (values ('{a}'::"char"[], ${w.A}), ('{b}'::"char"[], ${w.B}), ('{c}'::"char"[], ${w.C})) f(field, weight),
               unnest(ts_filter(setweight(ts_filter(m.search_vector, f.field), 'D', t.lexemes), '{d}')) u
          group by u.lexeme
        ) x
        join idf i on i.lexeme = x.lexeme
      ), 0) as score
      from matched m, corpus c, (select array_agg(lexeme) as lexemes from terms) t
    ),
    top as (select * from scored order by score desc, indexed_at desc, url asc limit ${limit})
    select r.url, r.title, r.published_at, r.score,
           ts_headline('english'::regconfig, coalesce(nullif(r.content, ''), r.description, r.title),
                       coalesce((select q from any_term), f.q), ${HEADLINE_OPTIONS}) as snippet
    from top r, filter f
    order by r.score desc, r.indexed_at desc, r.url asc`);
  return rows.parse(result).rows.map((r) => ({
    url: r.url,
    title: r.title,
    snippet: (r.snippet ?? "").replace(/\s+/g, " ").trim(),
    publishedAt: r.published_at,
    score: r.score,
  }));
}
