import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApi, type TestApi } from "../../testing/api";

// The search API's OpenAPI document states the contract: fields, bounds, item shapes, headers, errors.
let t: TestApi;
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
type Operation = {
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> }>;
};
type Schema = { properties?: Record<string, Schema>; required?: string[]; items?: Schema; $ref?: string; [k: string]: unknown };
let doc: Doc;

beforeAll(async () => {
  t = await createTestApi();
  doc = z.custom<Doc>((v) => typeof v === "object" && v !== null).parse(await (await t.request("/api/web/openapi.json")).json());
});
afterAll(() => t.close());

const schema = (id: string) => doc.components.schemas[id]!;
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

describe("the search API document", () => {
  it("has the contract's four endpoints, the paid ones and validate behind an API key", () => {
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v1/search", "/v1/scrape", "/v1/validate", "/health"]));
    for (const [path, method] of [
      ["/v1/search", "post"],
      ["/v1/scrape", "post"],
      ["/v1/validate", "get"],
    ] as const) {
      expect(doc.paths[path]![method]!.security).toEqual([{ apiKey: [] }]);
    }
    expect(doc.paths["/health"]!.get!.security).toBeUndefined();
  });

  it("states the request fields with their bounds and defaults", () => {
    expect(schema("SearchRequest")).toMatchObject({
      required: ["query"],
      properties: {
        query: { type: "string", minLength: 1, maxLength: 1000 },
        max_results: { type: "integer", minimum: 1, maximum: 50, default: 10 },
        auto_scrape_top: { type: "integer", minimum: 0, maximum: 10, default: 0 },
        include_contacts: { type: "boolean", default: false },
        include_social: { type: "boolean", default: false },
      },
    });
    expect(schema("ScrapeRequest")).toMatchObject({
      required: ["url"],
      properties: {
        extract_options: { type: "array", default: ["title", "text"], items: { enum: ["title", "text", "links", "images", "metadata", "all"] } },
        follow_internal_links: { type: "boolean", default: false },
        max_pages: { type: "integer", minimum: 1, maximum: 50, default: 10 },
        include_contacts: { type: "boolean", default: false },
      },
    });
  });

  it("gives the item shapes of every array and object of the responses", () => {
    const search = schema("SearchResponse");
    expect(search.required).toEqual(
      expect.arrayContaining(["query", "search_results", "scraped_content", "credits_used", "remaining_credits", "results_count", "scraped_count"]),
    );
    expect(search.required).not.toContain("contacts");
    expect(search.properties!.search_results!.items).toEqual(ref("SearchResult"));
    expect(search.properties!.scraped_content!.items).toEqual(ref("ScrapedPage"));
    expect(search.properties!.contacts!.items).toEqual(ref("Contact"));
    expect(search.properties!.social_profiles!.items).toEqual(ref("SocialProfile"));
    const scrape = schema("ScrapeResponse");
    expect(scrape.required).toEqual(
      expect.arrayContaining(["url", "primary_content", "discovered_links", "links_scraped", "credits_used", "remaining_credits", "success"]),
    );
    expect(scrape.properties!.primary_content).toEqual(ref("ScrapedPage"));
    expect(scrape.properties!.discovered_links!.items).toEqual(ref("ScrapedPage"));
    expect(schema("SearchResult").required).toEqual(["title", "link", "snippet", "position"]);
    expect(schema("ScrapedPage").properties!.error).toEqual({ anyOf: [ref("PageError"), { type: "null" }] });
    expect(Object.keys(schema("Contact").properties!)).toEqual(["type", "value", "source_url"]);
    expect(Object.keys(schema("SocialProfile").properties!)).toEqual(["platform", "url", "handle", "source_url"]);
  });

  it.each(["/v1/search", "/v1/scrape"])("%s documents the rate-limit headers on every answer, Retry-After on 429, and each error", (path) => {
    const op = doc.paths[path]!.post!;
    expect(op.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "idempotency-key", in: "header" })]));
    expect(Object.keys(op.responses).sort()).toEqual(["200", "400", "401", "402", "403", "409", "429", "500"]);
    for (const [status, response] of Object.entries(op.responses)) {
      expect(Object.keys(response.headers ?? {}), status).toEqual(expect.arrayContaining(["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]));
      if (status !== "200") expect(response.content!["application/json"]!.schema).toEqual(ref("SearchError"));
    }
    expect(Object.keys(op.responses["429"]!.headers!)).toContain("Retry-After");
  });

  it("describes the error body with every field of the contract", () => {
    expect(schema("SearchError").required).toEqual(["error", "code", "message", "request_id", "timestamp", "documentation_url"]);
    expect(Object.keys(schema("SearchError").properties!)).toContain("retry_after");
  });
});
