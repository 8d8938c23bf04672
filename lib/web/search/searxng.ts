import { z } from "zod";
import { distinctHits, isoDate, plainText, type SearchHit, type SearchProvider } from "./provider";
import { getProviderJson } from "./provider-http";

// Only what we read of SearXNG's `format=json` answer; it must have json among its enabled formats.
const searxngAnswer = z.object({
  results: z.array(
    z.object({
      url: z.string(),
      title: z.string().default(""),
      content: z.string().nullish(),
      publishedDate: z.string().nullish(),
    }),
  ),
});

/** SearXNG pages are about ten results long; a search reads at most this many pages. */
const MAX_PAGES = 5;

/** A SearXNG instance's JSON API (GET /search?q=…&format=json), paged until enough results. */
export function createSearxngProvider(baseUrl: string): SearchProvider {
  return {
    name: "searxng",
    async search(query, { maxResults, signal }) {
      const hits: SearchHit[] = [];
      for (let page = 1; page <= MAX_PAGES && distinctHits(hits, maxResults).length < maxResults; page++) {
        const url = new URL("search", `${baseUrl.replace(/\/+$/, "")}/`);
        url.search = new URLSearchParams({ q: query, format: "json", pageno: String(page) }).toString();
        const { results } = await getProviderJson("searxng", url, searxngAnswer, { signal });
        if (results.length === 0) break;
        for (const r of results) {
          const date = isoDate(r.publishedDate);
          hits.push({ title: plainText(r.title) || r.url, url: r.url, snippet: plainText(r.content ?? ""), ...(date ? { date } : {}) });
        }
      }
      return distinctHits(hits, maxResults);
    },
  };
}
