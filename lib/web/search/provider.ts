/** One ranked result of a web search, before any page is scraped. */
export interface SearchHit {
  title: string;
  url: string;
  /** Plain text around the matched terms. */
  snippet: string;
  /** ISO 8601 publication date, when the provider knows it. */
  date?: string;
}

/** Where searches go: the embedded index of scraped pages, SearXNG, or a commercial API (SEARCH_PROVIDER). */
export interface SearchProvider {
  readonly name: "index" | "searxng" | "brave";
  /** At most `maxResults` hits, best first, no URL twice. */
  search(query: string, opts: { maxResults: number; signal?: AbortSignal }): Promise<SearchHit[]>;
}

/** The provider could not answer (unreachable, an error status, a body it does not understand). */
export class SearchProviderError extends Error {
  override name = "SearchProviderError";
  constructor(
    readonly provider: SearchProvider["name"],
    message: string,
  ) {
    super(`${provider}: ${message}`);
  }
}

/** Keeps the first hit of each URL and at most `max` hits. */
export function distinctHits(hits: Iterable<SearchHit>, max: number): SearchHit[] {
  const seen = new Set<string>();
  const out: SearchHit[] = [];
  for (const hit of hits) {
    if (out.length >= max) break;
    if (seen.has(hit.url)) continue;
    seen.add(hit.url);
    out.push(hit);
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/** Text of a provider's HTML-flavoured snippet: tags dropped, common entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith("#x")) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
      if (lower.startsWith("#") && lower !== "#39") return String.fromCodePoint(Number(lower.slice(1)));
      return ENTITIES[lower] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** A date a provider gave, as ISO 8601, or undefined when it does not parse. Times without a zone are UTC. */
export function isoDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const zoneless = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value);
  const ms = Date.parse(zoneless ? `${value.replace(" ", "T")}Z` : value);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}
