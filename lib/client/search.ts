import { z } from "zod";
import {
  addCreditsResponse,
  adminSearchKeySchema,
  mintedSearchKeySchema,
  searchKeyListSchema,
  searchKeySchema,
  validateResponse,
} from "../auth/contract/search-keys";
import { ledgerEntrySchema } from "../billing/contract";
import { scrapeResponse } from "../web/contract/scrape";
import { searchResponse } from "../web/contract/search";
import type { Plan } from "../billing/plans";
import { healthSchema, type Health } from "../ops/contract/health";
import { requestJson, type HttpOptions } from "./http";

export type SearchResponseView = z.infer<typeof searchResponse>;
export type ScrapeResponseView = z.infer<typeof scrapeResponse>;
export type KeyValidationView = z.infer<typeof validateResponse>;
export type SearchKeyView = z.infer<typeof searchKeySchema>;
export type SearchKeyListView = z.infer<typeof searchKeyListSchema>;
export type MintedSearchKey = z.infer<typeof mintedSearchKeySchema>;
export type AdminSearchKeyView = z.infer<typeof adminSearchKeySchema>;
export type LedgerEntryView = z.infer<typeof ledgerEntrySchema>;
export type CreditsAddedView = z.infer<typeof addCreditsResponse>;
/** Request bodies as callers write them: optional fields take the API's defaults. */
export type SearchInput = { query: string; max_results?: number; auto_scrape_top?: number; include_contacts?: boolean; include_social?: boolean };
export type ScrapeInput = {
  url: string;
  extract_options?: ("title" | "text" | "links" | "images" | "metadata" | "all")[];
  follow_internal_links?: boolean;
  max_pages?: number;
  include_contacts?: boolean;
};

/**
 * Typed client for the search API at {search_base_url}. `token` is a search API key for search, scrape
 * and validate, or an owner token for key management.
 */
export function createSearchClient(opts: HttpOptions) {
  const get = async <T extends z.ZodType>(path: string, schema: T) => schema.parse((await requestJson(opts, path)).body) as z.output<T>;
  const send = async <T extends z.ZodType>(method: string, path: string, body: unknown, schema: T, headers?: Record<string, string>) =>
    schema.parse((await requestJson(opts, path, { method, body, headers })).body) as z.output<T>;
  const idempotency = (key: string) => ({ "idempotency-key": key });
  const keyPath = (id: string) => `/keys/${encodeURIComponent(id)}`;
  return {
    /** GET /health; a degraded service (503) is reported, not thrown. */
    async health(): Promise<Health> {
      const { body } = await requestJson(opts, "/health", { acceptStatus: [503] });
      return healthSchema.parse(body);
    },
    /** The OpenAPI 3.1 document of the search API. */
    async openapiDocument(): Promise<unknown> {
      return (await requestJson(opts, "/openapi.json")).body;
    },
    // API key
    // Paid calls always carry an Idempotency-Key (a new one when none is given): a retry is charged once.
    search: (input: SearchInput, idempotencyKey: string = crypto.randomUUID()) =>
      send("POST", "/v1/search", input, searchResponse, idempotency(idempotencyKey)),
    scrape: (input: ScrapeInput, idempotencyKey: string = crypto.randomUUID()) =>
      send("POST", "/v1/scrape", input, scrapeResponse, idempotency(idempotencyKey)),
    validate: () => get("/v1/validate", validateResponse),
    // Owner token
    listKeys: () => get("/keys", searchKeyListSchema),
    mintKey: (name: string) => send("POST", "/keys", { name }, mintedSearchKeySchema),
    revokeKey: (id: string) => send("DELETE", keyPath(id), undefined, searchKeySchema),
    ledger: (id: string, page: { limit?: number; before?: number } = {}) => {
      const q = new URLSearchParams();
      if (page.limit) q.set("limit", String(page.limit));
      if (page.before) q.set("before", String(page.before));
      return get(`${keyPath(id)}/ledger${q.size ? `?${q}` : ""}`, z.array(ledgerEntrySchema));
    },
    // Owner token of an administrator
    findKeys: (query: string) => get(`/admin/keys?query=${encodeURIComponent(query)}`, z.array(adminSearchKeySchema)),
    setPlan: (id: string, plan: Plan) => send("PUT", `/admin${keyPath(id)}/plan`, { plan }, adminSearchKeySchema),
    addCredits: (id: string, grant: { amount: number; note?: string }, idempotencyKey: string = crypto.randomUUID()) =>
      send("POST", `/admin${keyPath(id)}/credits`, grant, addCreditsResponse, idempotency(idempotencyKey)),
  };
}

export type SearchClient = ReturnType<typeof createSearchClient>;
