import { z } from "zod";
import { contactSchema, scrapedPageSchema } from "./page";

export const EXTRACT_OPTIONS = ["title", "text", "links", "images", "metadata", "all"] as const;
export const URL_MAX_LENGTH = 8192;

export const scrapeRequest = z
  .strictObject({
    url: z
      .string({ error: "must be a string" })
      .trim()
      .max(URL_MAX_LENGTH, `must be at most ${URL_MAX_LENGTH} characters`)
      .pipe(z.url({ protocol: /^https?$/, error: "must be an absolute http or https URL" }))
      .meta({ description: "The page to scrape: an HTTP or HTTPS URL", example: "https://example.com/about" }),
    extract_options: z
      .array(z.enum(EXTRACT_OPTIONS, { error: "each must be one of title, text, links, images, metadata, all" }), { error: "must be an array" })
      .min(1, "must name at least one option")
      .max(EXTRACT_OPTIONS.length, `must have at most ${EXTRACT_OPTIONS.length} entries`)
      .default(["title", "text"])
      .meta({ description: "title, text, links, images, metadata, all; default [title, text]" }),
    follow_internal_links: z
      .boolean({ error: "must be true or false" })
      .default(false)
      .meta({ description: "Default false; plan Unicorn. Scrapes internal pages found from the primary page, breadth first" }),
    max_pages: z
      .int({ error: "must be a whole number" })
      .min(1, "must be at least 1")
      .max(50, "must be at most 50")
      .default(10)
      .meta({ description: "1 to 50; default 10. Most discovered pages when following links; each reserves 2 credits" }),
    include_contacts: z.boolean({ error: "must be true or false" }).default(false).meta({ description: "Default false; plan Starter or higher" }),
  })
  .meta({ id: "ScrapeRequest" });

export type ScrapeRequest = z.output<typeof scrapeRequest>;

/** The response without its credit fields: what is kept for a replay of the same Idempotency-Key. */
export const scrapeResult = z.object({
  url: z.string().meta({ description: "The normalized primary URL" }),
  primary_content: scrapedPageSchema,
  discovered_links: z
    .array(scrapedPageSchema)
    .meta({ description: "The internal pages scraped when following links (empty otherwise); failed ones carry their error" }),
  links_scraped: z.int().min(0).meta({ description: "Discovered pages completed without an error" }),
  contacts: z.array(contactSchema).optional().meta({ description: "Present only when include_contacts is true: from every scraped page, each once" }),
  success: z.boolean().meta({ description: "true when primary_content.error is empty (null)" }),
});

export const scrapeResponse = scrapeResult
  .extend({
    credits_used: z.int().min(0).meta({ description: "Final charge after settlement: 5 + 2 × links_scraped, or 0 when the primary page failed" }),
    remaining_credits: z.int().min(0).meta({ description: "Balance after the request" }),
  })
  .meta({ id: "ScrapeResponse", description: "primary_content is the page asked for; its error is set when it failed (success is then false)." });

export type ScrapeResult = z.infer<typeof scrapeResult>;
export type ScrapeResponse = z.infer<typeof scrapeResponse>;
