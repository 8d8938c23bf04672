import { SEARCH_API_BASE, TRADING_API_BASE } from "../api/paths";

/** The two APIs the reference documents, by the slug in /reference/<slug>. */
export const REFERENCE_APIS = {
  trading: {
    slug: "trading",
    label: "Trading API",
    rawDocumentPath: `${TRADING_API_BASE}/openapi.json`,
    errorSchema: "ErrorEnvelope",
    errorFormat: "Failures answer with the envelope {success: false, data: null, error, code, timestamp}.",
  },
  search: {
    slug: "search",
    label: "Search API",
    rawDocumentPath: `${SEARCH_API_BASE}/openapi.json`,
    errorSchema: "SearchError",
    errorFormat: "Failures answer with a SearchError body whose documentation_url links to the code below.",
  },
} as const;

export type ReferenceApi = keyof typeof REFERENCE_APIS;

export const REFERENCE_API_SLUGS = Object.keys(REFERENCE_APIS) as ReferenceApi[];

export function isReferenceApi(value: string): value is ReferenceApi {
  return Object.hasOwn(REFERENCE_APIS, value);
}
