// What the search console shows, as plain functions of the API's answers (tested in console-view.test.ts).
import { GATED_FEATURES, planAllows, type GatedFeature, type Plan } from "@/lib/billing/plans";
import {
  AUTO_SCRAPE_PAGE_CREDITS,
  DISCOVERED_PAGE_CREDITS,
  SCRAPE_BASE_CREDITS,
  SEARCH_BASE_CREDITS,
  scrapeReservation,
  searchReservation,
} from "@/lib/billing/pricing";
import { LOCALE } from "@/lib/format/locale";

const whole = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

export function formatCredits(n: number): string {
  return `${whole.format(n)} ${Math.abs(n) === 1 ? "credit" : "credits"}`;
}

export function searchCostText(autoScrapeTop: number): string {
  const pages = autoScrapeTop === 0 ? "" : `, plus ${AUTO_SCRAPE_PAGE_CREDITS} for each of ${autoScrapeTop} scraped ${autoScrapeTop === 1 ? "page" : "pages"}`;
  return `Reserves ${formatCredits(searchReservation(autoScrapeTop))}: ${SEARCH_BASE_CREDITS} for the search${pages}. Pages that fail or are not needed are refunded; the search itself is charged even when it finds nothing.`;
}

export function scrapeCostText(follow: boolean, maxPages: number): string {
  const pages = follow ? `, plus ${DISCOVERED_PAGE_CREDITS} for each of up to ${maxPages} discovered ${maxPages === 1 ? "page" : "pages"}` : "";
  return `Reserves ${formatCredits(scrapeReservation(follow, maxPages))}: ${SCRAPE_BASE_CREDITS} for the page${pages}. Failed pages are refunded, and a page that fails costs nothing.`;
}

export const FEATURE_LABELS: Record<GatedFeature, string> = {
  include_contacts: "Contacts (emails and phone numbers)",
  include_social: "Social profiles",
  follow_internal_links: "Follow internal links",
};

/** Whether the key's plan has the option, and if not, which plan does (`needs`) and who can move the key there. */
export function gateView(plan: Plan | undefined, feature: GatedFeature, isAdmin: boolean): { allowed: boolean; note: string | null; needs: Plan } {
  const needs = GATED_FEATURES[feature];
  if (!plan) return { allowed: false, note: `Needs plan ${needs} or higher. Choose a key first.`, needs };
  if (planAllows(plan, feature)) return { allowed: true, note: null, needs };
  const how = isAdmin ? "" : ` Ask an administrator of this deployment to move the key to ${needs}.`;
  return { allowed: false, note: `Needs plan ${needs} or higher; this key is on ${plan}.${how}`, needs };
}

/** The words a snippet is likely to match the query on: quotes, exclusions and "or" left out, simple English endings dropped. */
export function queryStems(query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w && !w.startsWith("-") && w !== "or")
    .map((w) => w.replace(/[^\p{L}\p{N}]+/gu, ""))
    .filter((w) => w.length >= 2);
  return [...new Set(words.map((w) => (w.length > 4 ? w.replace(/(ing|ed|es|s)$/, "") : w)))];
}

/** A snippet cut into parts, the words starting with a query stem marked, for <mark>. */
export function highlight(text: string, query: string): { text: string; match: boolean }[] {
  const stems = queryStems(query);
  if (stems.length === 0) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  for (const piece of text.split(/([\p{L}\p{N}]+)/u)) {
    if (!piece) continue;
    const match = stems.some((s) => piece.toLowerCase().startsWith(s));
    const last = parts.at(-1);
    if (last && last.match === match) last.text += piece;
    else parts.push({ text: piece, match });
  }
  return parts;
}

/** "57 of 60 left, resets in 23 s". */
export function windowText(w: { limit: number; remaining: number; reset: number }, nowMs: number): string {
  const seconds = Math.max(0, Math.ceil(w.reset - nowMs / 1000));
  return `${w.remaining} of ${w.limit} left, resets in ${seconds} s`;
}

/** The first complaint about each top-level field of a form's parse, e.g. { max_results: "must be at most 50" }. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    out[field] ??= issue.message;
  }
  return out;
}
