import type { SearchPrincipal } from "../../auth/search-keys";
import { InsufficientCreditsError, runMetered, type Metered, type WorkDone } from "../../billing/metered";
import { IdempotencyConflictError } from "../../idempotency/keys";
import { GATED_FEATURES, planAllows, type GatedFeature } from "../../billing/plans";
import { scrapeReservation, searchReservation } from "../../billing/pricing";
import type { WebServices } from "../../web/search/paid-work";
import { SearchProviderError } from "../../web/search/provider";
import { runWebScrape } from "../../web/search/web-scrape";
import { runWebSearch } from "../../web/search/web-search";
import { ApiError } from "../errors";
import { scrapeResult, type ScrapeRequest, type ScrapeResponse } from "../../web/contract/scrape";
import { searchResult, type SearchRequest, type SearchResponse } from "../../web/contract/search";

/** Paid work stops at these deadlines, well inside the reservation's lifetime (RESERVATION_TTL_MS). */
export const SEARCH_DEADLINE_MS = 60_000;
export const SCRAPE_DEADLINE_MS = 180_000;
/** After its deadline and this margin, a paid request's charge lapses and a retry of it may take over. */
const LEASE_MARGIN_MS = 15_000;

/** Whose credits, and which request: the X-Request-ID and the caller's Idempotency-Key. */
export interface PaidCall {
  key: SearchPrincipal;
  requestId: string;
  idempotencyKey: string | null;
}

export interface PaidAnswer<T> {
  body: T;
  /** True when an earlier request with the same Idempotency-Key answered this. */
  replayed: boolean;
}

/** 403 FORBIDDEN naming each requested option the key's plan lacks, and the plan that has it. */
export function requirePlanFor(key: SearchPrincipal, requested: Partial<Record<GatedFeature, boolean>>): void {
  const missing = (Object.keys(requested) as GatedFeature[]).filter((f) => requested[f] && !planAllows(key.plan, f));
  if (missing.length === 0) return;
  const needs = missing.map((f) => `${f} needs plan ${GATED_FEATURES[f]} or higher`).join("; ");
  throw new ApiError("FORBIDDEN", `${needs}; this key is on plan ${key.plan}.`);
}

export async function paidSearch(services: WebServices, call: PaidCall, request: SearchRequest): Promise<PaidAnswer<SearchResponse>> {
  const metered = await chargeFor(services, call, "search", searchReservation(request.auto_scrape_top), request, () =>
    runWebSearch(
      services,
      {
        query: request.query,
        maxResults: request.max_results,
        autoScrapeTop: request.auto_scrape_top,
        includeContacts: request.include_contacts,
        includeSocial: request.include_social,
      },
      AbortSignal.timeout(SEARCH_DEADLINE_MS),
    ),
  );
  const result = metered.replayed ? searchResult.parse(metered.stored) : metered.result;
  return { body: { ...result, credits_used: metered.charged, remaining_credits: metered.balance }, replayed: metered.replayed };
}

export async function paidScrape(services: WebServices, call: PaidCall, request: ScrapeRequest): Promise<PaidAnswer<ScrapeResponse>> {
  const reservation = scrapeReservation(request.follow_internal_links, request.max_pages);
  const metered = await chargeFor(services, call, "scrape", reservation, request, () =>
    runWebScrape(
      services,
      {
        url: request.url,
        extract: request.extract_options,
        followInternalLinks: request.follow_internal_links,
        maxPages: request.max_pages,
        includeContacts: request.include_contacts,
      },
      AbortSignal.timeout(SCRAPE_DEADLINE_MS),
    ),
  );
  const result = metered.replayed ? scrapeResult.parse(metered.stored) : metered.result;
  return { body: { ...result, credits_used: metered.charged, remaining_credits: metered.balance }, replayed: metered.replayed };
}

/** runMetered, with its refusals and a failing provider as the contract's errors. */
async function chargeFor<T>(
  services: WebServices,
  call: PaidCall,
  endpoint: "search" | "scrape",
  amount: number,
  request: unknown,
  work: () => Promise<WorkDone<T>>,
): Promise<Metered<T>> {
  try {
    return await runMetered(
      services,
      {
        accountId: call.key.keyId,
        endpoint,
        amount,
        requestId: call.requestId,
        idempotencyKey: call.idempotencyKey,
        request,
        leaseMs: (endpoint === "search" ? SEARCH_DEADLINE_MS : SCRAPE_DEADLINE_MS) + LEASE_MARGIN_MS,
      },
      work,
    );
  } catch (err) {
    if (err instanceof InsufficientCreditsError) throw new ApiError("INSUFFICIENT_CREDITS", `${err.message} Add credits or ask for less.`);
    if (err instanceof IdempotencyConflictError) {
      throw err.reason === "mismatch" ? new ApiError("BAD_REQUEST", err.message) : new ApiError("CONFLICT", err.message, { headers: { "Retry-After": "1" } });
    }
    if (err instanceof SearchProviderError) {
      services.log.warn({ err, requestId: call.requestId }, "search provider failed");
      throw new ApiError("INTERNAL_ERROR", "The search provider did not answer; nothing was charged. Retry with backoff.", { status: 502 });
    }
    throw err;
  }
}
