import { z } from "zod";
import { contactSchema, scrapedPageSchema, searchResultSchema, socialProfileSchema } from "./page";

export const QUERY_MAX_LENGTH = 1000;

export const searchRequest = z
  .strictObject({
    query: z
      .string({ error: "must be a string" })
      .trim()
      .min(1, "must not be empty")
      .max(QUERY_MAX_LENGTH, `must be at most ${QUERY_MAX_LENGTH} characters`)
      .meta({
        description: 'Non-empty after trimming; at most 1,000 characters. Web-search syntax: "exact phrase", or, -excluded',
        example: "perpetual futures funding rates",
      }),
    max_results: z
      .int({ error: "must be a whole number" })
      .min(1, "must be at least 1")
      .max(50, "must be at most 50")
      .default(10)
      .meta({ description: "1 to 50; default 10" }),
    auto_scrape_top: z
      .int({ error: "must be a whole number" })
      .min(0, "must be at least 0")
      .max(10, "must be at most 10")
      .default(0)
      .meta({ description: "0 to 10; default 0. Scrapes the first N result URLs; each reserves 3 credits" }),
    include_contacts: z.boolean({ error: "must be true or false" }).default(false).meta({ description: "Default false; plan Starter or higher" }),
    include_social: z.boolean({ error: "must be true or false" }).default(false).meta({ description: "Default false; plan Builder or higher" }),
  })
  .meta({ id: "SearchRequest" });

export type SearchRequest = z.output<typeof searchRequest>;

/** The response without its credit fields: what is kept for a replay of the same Idempotency-Key. */
export const searchResult = z.object({
  query: z.string().meta({ description: "The normalized query that was executed (trimmed, inner whitespace collapsed)" }),
  search_results: z.array(searchResultSchema).meta({ description: "Ranked results" }),
  scraped_content: z
    .array(scrapedPageSchema)
    .meta({ description: "The automatically scraped pages (title and text), in result order; a failed page carries its error" }),
  contacts: z.array(contactSchema).optional().meta({ description: "Present only when include_contacts is true: from the scraped pages, each once" }),
  social_profiles: z.array(socialProfileSchema).optional().meta({ description: "Present only when include_social is true: from the scraped pages, each once" }),
  results_count: z.int().min(0).meta({ description: "Number of returned search results" }),
  scraped_count: z.int().min(0).meta({ description: "Automatic pages completed without an error" }),
});

export const searchResponse = searchResult
  .extend({
    credits_used: z.int().min(0).meta({ description: "Final charge after settlement: 2 + 3 × scraped_count" }),
    remaining_credits: z.int().min(0).meta({ description: "Balance after the request" }),
  })
  .meta({ id: "SearchResponse" });

export type SearchResult = z.infer<typeof searchResult>;
export type SearchResponse = z.infer<typeof searchResponse>;
