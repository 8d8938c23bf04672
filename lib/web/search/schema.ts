import { sql, type SQL } from "drizzle-orm";
import { customType, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * A field as the index reads it: `web_unspaced_bigrams` (migration 0013) writes runs of the scripts no
 * space divides into words (Chinese, Japanese, Thai, Lao, Khmer, Myanmar; and Korean, whose words carry
 * their particles) as their overlapping character pairs ("東京都" → "東京 京都"), as search engines'
 * CJK analysers do; queries are read the same way (bm25.ts).
 */
const fieldWords = (column: string): string => `to_tsvector('english'::regconfig, web_unspaced_bigrams(coalesce("${column}", '')))`;

const fieldVector = (column: string): SQL => sql.raw(fieldWords(column));

// Title, description and body weighted A, B, C: BM25 (bm25.ts) reads the weight of every position.
const document: SQL = sql`setweight(${fieldVector("title")}, 'A') || setweight(${fieldVector("description")}, 'B') || setweight(${fieldVector("content")}, 'C')`;

/**
 * Tokens (positions) of one field's vector, the length BM25 normalises by. `web_token_count` is an
 * immutable SQL function created by migration 0007 (a generated column may not hold a subquery).
 */
const tokenCount = (column: string): SQL => sql.raw(`web_token_count(${fieldWords(column)})`);

/** Every page the service has scraped successfully, latest version only: the embedded search index. */
export const webPages = pgTable(
  "web_pages",
  {
    /** The URL asked for, normalized. */
    url: text("url").primaryKey(),
    finalUrl: text("final_url"),
    title: text("title").notNull().default(""),
    description: text("description"),
    /** Main content as plain text, capped (see page-index.ts). */
    content: text("content").notNull().default(""),
    publishedAt: text("published_at"),
    searchVector: tsvector("search_vector").notNull().generatedAlwaysAs(document),
    titleTokens: integer("title_tokens").notNull().generatedAlwaysAs(tokenCount("title")),
    descriptionTokens: integer("description_tokens").notNull().generatedAlwaysAs(tokenCount("description")),
    contentTokens: integer("content_tokens").notNull().generatedAlwaysAs(tokenCount("content")),
    indexedAt: timestamp("indexed_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("web_pages_search_idx").using("gin", t.searchVector)],
);
