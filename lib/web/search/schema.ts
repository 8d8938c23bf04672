import { sql, type SQL } from "drizzle-orm";
import { customType, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

// Title weighs most, then the description, then the body (ts_rank_cd reads the weights).
const document: SQL = sql`setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("content", '')), 'C')`;

/** Every page the service has scraped successfully, latest version only: the embedded search index. */
export const webPages = pgTable(
  "web_pages",
  {
    /** The URL asked for, normalized. */
    url: text("url").primaryKey(),
    finalUrl: text("final_url"),
    title: text("title").notNull().default(""),
    description: text("description"),
    /** Main content as plain text, capped (see index.ts). */
    content: text("content").notNull().default(""),
    publishedAt: text("published_at"),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(document),
    indexedAt: timestamp("indexed_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("web_pages_search_idx").using("gin", t.searchVector)],
);
