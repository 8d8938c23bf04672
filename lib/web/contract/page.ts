import { z } from "zod";
import { PAGE_TYPES } from "../types";

// The item shapes of the search API's arrays and objects: snake_case forms of lib/web/types (see wire.ts).

export const pageErrorSchema = z
  .object({
    code: z
      .enum([
        "INVALID_URL",
        "BLOCKED_ADDRESS",
        "ROBOTS_DISALLOWED",
        "DNS_FAILURE",
        "CONNECTION_FAILED",
        "TIMEOUT",
        "TOO_MANY_REDIRECTS",
        "BODY_TOO_LARGE",
        "HTTP_ERROR",
        "UNSUPPORTED_CONTENT",
      ])
      .meta({ description: "Why the page could not be scraped; its credits are refunded" }),
    message: z.string().meta({ example: "The server answered 404 Not Found." }),
  })
  .meta({ id: "PageError", description: "A target-level failure: this page failed, the request did not" });

export const pageLinkSchema = z
  .object({
    url: z.string().meta({ description: "Absolute, without fragment" }),
    text: z.string(),
    internal: z.boolean().meta({ description: "Same site as the page (same registrable domain)" }),
  })
  .meta({ id: "PageLink" });

export const pageImageSchema = z.object({ src: z.string().meta({ description: "Absolute" }), alt: z.string() }).meta({ id: "PageImage" });

export const pageMetadataSchema = z
  .object({
    description: z.string().optional(),
    canonical: z.string().optional(),
    language: z.string().optional(),
    published_at: z.string().optional().meta({ description: "ISO 8601, when the page states a publication date" }),
    open_graph: z.record(z.string(), z.string()).meta({ description: "og:* properties without the prefix" }),
    twitter: z.record(z.string(), z.string()).meta({ description: "twitter:* names without the prefix" }),
    json_ld: z.array(z.unknown()).meta({ description: "Parsed JSON-LD blocks" }),
  })
  .meta({ id: "PageMetadata" });

export const contactSchema = z
  .object({
    type: z.enum(["email", "phone"]),
    value: z.string().meta({ description: "Email in lower case; phone in E.164", example: "sales@example.com" }),
    source_url: z.string().meta({ description: "The page it was found on" }),
  })
  .meta({ id: "Contact" });

export const socialProfileSchema = z
  .object({
    platform: z.enum(["x", "linkedin", "github", "facebook", "instagram", "youtube", "tiktok"]),
    url: z.string().meta({ description: "Canonical profile URL", example: "https://github.com/example" }),
    handle: z.string().meta({ example: "example" }),
    source_url: z.string().meta({ description: "The page it was found on" }),
  })
  .meta({ id: "SocialProfile" });

export const scrapedPageSchema = z
  .object({
    url: z.string().meta({ description: "The URL asked for, normalized" }),
    final_url: z.string().optional().meta({ description: "Where the last redirect led" }),
    status_code: z.int().optional().meta({ description: "HTTP status of the final response" }),
    title: z.string().optional().meta({ description: "With extract option title" }),
    text: z.string().optional().meta({ description: "Main content as plain text; with extract option text" }),
    markdown: z.string().optional().meta({
      description: "Main content as CommonMark (headings, lists, tables, fenced code; a line break is a backslash ending the line); always alongside text",
    }),
    page_type: z
      .enum(PAGE_TYPES)
      .optional()
      .meta({
        description:
          "What kind of page the main content was read as (alongside text, for HTML pages): article, forum (every post kept), product, " +
          "collection (a grid of products), listing (a list of items), documentation or service (a sectioned page). Declared types " +
          "(schema.org JSON-LD or microdata, og:type) are taken first, else it is read from the page's structure; a page read as an article " +
          "is documentation under a documentation address (a docs host or folder) and not an article on a site's front page",
        example: "article",
      }),
    links: z.array(pageLinkSchema).optional().meta({ description: "With extract option links" }),
    images: z.array(pageImageSchema).optional().meta({ description: "With extract option images" }),
    metadata: pageMetadataSchema.optional(),
    error: z.union([pageErrorSchema, z.null()]),
  })
  .meta({
    id: "ScrapedPage",
    description:
      "The structured content of one page: the parts asked for by extract_options (all on `all`; metadata with `metadata`). " +
      "`error` is null when the page was scraped, else the failure, and then no content parts are present.",
  });

export const searchResultSchema = z
  .object({
    title: z.string(),
    link: z.string().meta({ description: "The result's URL" }),
    snippet: z.string().meta({ description: "Plain text around the matched terms" }),
    position: z.int().min(1).meta({ description: "1 for the best result" }),
    date: z.string().optional().meta({ description: "ISO 8601 publication date, when known" }),
  })
  .meta({ id: "SearchResult" });
