// The search-key tools: paid search and scrape through the search API's own metering (credits, plan
// gates, the per-client windows), and key validation. Every result states the credits.
import { z } from "zod";
import { scrapeRequest, scrapeResponse } from "../../../web/contract/scrape";
import { searchRequest, searchResponse } from "../../../web/contract/search";
import { validateResponse } from "../../../auth/contract/search-keys";
import type { GatedFeature } from "../../../billing/plans";
import type { WebServices } from "../../../web/search/paid-work";
import { type PaidAnswer, type PaidCall, paidScrape, paidSearch, requirePlanFor } from "../../search/paid.service";
import { rateLimitedError, type SearchWindow } from "../../search/rate-limit";
import { keyValidation } from "../../search/validate.routes";
import { executionFields, searchIdempotencyKey, underKey } from "../idempotency";
import { searchKeyOf } from "../session";
import { defineTool } from "../tool";

/**
 * A paid tool: takes a slot of its endpoint's window (RATE_LIMITED when it is spent, as POST /v1/search
 * and /v1/scrape do), checks the plan gates of the options asked for, then runs the work under the
 * caller's idempotency key, or a new one. Its answer is the API's, with the key and whether it replayed.
 */
function paidTool<Q extends z.ZodObject, A extends z.ZodObject>(spec: {
  name: string;
  title: string;
  description: string;
  window: SearchWindow;
  request: Q;
  response: A;
  /** The plan-gated options the request asks for. */
  gated: (body: z.output<Q>) => Partial<Record<GatedFeature, boolean>>;
  work: (web: WebServices, call: PaidCall, body: z.output<Q>) => Promise<PaidAnswer<z.output<A>>>;
  summarize: (answer: z.output<A>) => string;
}) {
  return defineTool({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    access: "search",
    effect: "write",
    input: spec.request.extend({ idempotencyKey: searchIdempotencyKey }),
    output: spec.response.extend(executionFields),
    run: async (args, session) => {
      const { idempotencyKey, ...rest } = args as z.output<Q> & { idempotencyKey?: string };
      const body = rest as z.output<Q>;
      const decision = await session.deps.searchRateLimiter.take(spec.window, session.rateLimitSubject);
      if (!decision.allowed) throw rateLimitedError(decision);
      const key = searchKeyOf(session);
      requirePlanFor(key, spec.gated(body));
      const run = await underKey(idempotencyKey, async (id) => {
        const answer = await spec.work(session.web, { key, requestId: session.requestId, idempotencyKey: id }, body);
        return { result: answer.body, replayed: answer.replayed };
      });
      return { ...run.result, idempotencyKey: run.idempotencyKey, replayed: run.replayed };
    },
    summarize: (r) => `${spec.summarize(r as z.output<A>)} ${credits(r as { credits_used: number; remaining_credits: number })}.`,
  });
}

const credits = (r: { credits_used: number; remaining_credits: number }) => `${r.credits_used} credits used, ${r.remaining_credits} left`;

export const search = paidTool({
  name: "search",
  title: "Search the web",
  description:
    "Ranked web results for `query`, optionally scraping the first `auto_scrape_top` result pages. Costs 2 credits plus 3 per page scraped; failed pages are refunded.",
  window: "search",
  request: searchRequest,
  response: searchResponse,
  gated: (body) => ({ include_contacts: body.include_contacts, include_social: body.include_social }),
  work: paidSearch,
  summarize: (r) =>
    `${r.results_count} results for "${r.query}"${r.search_results.length > 0 ? `: ${r.search_results.map((x) => `${x.position}. ${x.title} <${x.link}>`).join("; ")}` : ""}.`,
});

export const scrape = paidTool({
  name: "scrape",
  title: "Scrape a page",
  description:
    "Structured content of one URL (title and text by default), optionally following its internal links. Costs 5 credits plus 2 per discovered page; a failed page costs nothing.",
  window: "scrape",
  request: scrapeRequest,
  response: scrapeResponse,
  gated: (body) => ({ include_contacts: body.include_contacts, follow_internal_links: body.follow_internal_links }),
  work: paidScrape,
  summarize: (r) =>
    `${r.url}: ${r.success ? `"${r.primary_content.title ?? "untitled"}"` : `failed (${r.primary_content.error?.code})`}${r.links_scraped > 0 ? `, ${r.links_scraped} linked pages` : ""}.`,
});

export const validateKey = defineTool({
  name: "validate_key",
  title: "Search key status",
  description: "The search key's plan, credits, the options its plan allows and the rate-limit windows. Costs nothing.",
  access: "search",
  effect: "read",
  input: z.object({}),
  output: validateResponse,
  run: async (_args, session) => keyValidation(searchKeyOf(session), session.deps.searchRateLimiter, session.rateLimitSubject),
  summarize: (v) => `Key ${v.name} (${v.key_id}) on plan ${v.plan}: ${v.credits} credits.`,
});
