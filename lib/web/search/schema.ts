import { sql, type SQL } from "drizzle-orm";
import { customType, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const fieldVector = (column: string): SQL => sql.raw(`to_tsvector('english'::regconfig, coalesce("${column}", ''))`);

// Title, description and body weighted A, B, C: BM25 (bm25.ts) reads the weight of every position.
const document: SQL = sql`setweight(${fieldVector("title")}, 'A') || setweight(${fieldVector("description")}, 'B') || setweight(${fieldVector("content")}, 'C')`;

/**
 * Tokens (positions) of one field's vector, the length BM25 normalises by. `web_token_count` is an
 * immutable SQL function created by migration 0007 (a generated column may not hold a subquery).
 */
const tokenCount = (column: string): SQL => sql.raw(`web_token_count(to_tsvector('english'::regconfig, coalesce("${column}", '')))`);

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
