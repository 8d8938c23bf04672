import { z } from "zod";
import { distinctHits, isoDate, plainText, type SearchHit, type SearchProvider } from "./provider";
import { getProviderJson } from "./provider-http";

// Only what we read of Brave Search's web search answer (GET /res/v1/web/search).
const braveAnswer = z.object({
  web: z
    .object({
      results: z.array(
        z.object({
          url: z.string(),
          title: z.string().default(""),
          description: z.string().nullish(),
          page_age: z.string().nullish(),
        }),
      ),
    })
    .optional(),
});

/** Brave returns at most 20 results a call; `offset` counts pages of that size. */
const PAGE_SIZE = 20;

/** The Brave Search API, authenticated by BRAVE_SEARCH_API_KEY. */
export function createBraveProvider(opts: { baseUrl: string; apiKey: string }): SearchProvider {
  return {
    name: "brave",
    async search(query, { maxResults, signal }) {
      const hits: SearchHit[] = [];
      const pages = Math.ceil(maxResults / PAGE_SIZE);
      for (let offset = 0; offset < pages; offset++) {
        const url = new URL("res/v1/web/search", `${opts.baseUrl.replace(/\/+$/, "")}/`);
        url.search = new URLSearchParams({ q: query, count: String(Math.min(PAGE_SIZE, maxResults)), offset: String(offset) }).toString();
        const answer = await getProviderJson("brave", url, braveAnswer, { signal, headers: { "x-subscription-token": opts.apiKey } });
        const results = answer.web?.results ?? [];
        for (const r of results) {
          const date = isoDate(r.page_age);
          hits.push({ title: plainText(r.title) || r.url, url: r.url, snippet: plainText(r.description ?? ""), ...(date ? { date } : {}) });
        }
        if (results.length < PAGE_SIZE) break;
      }
      return distinctHits(hits, maxResults);
    },
  };
}
