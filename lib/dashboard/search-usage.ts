import { z } from "zod";
import type { LedgerEntryView } from "../billing/contract";

// A key's credit ledger read as requests and days: a reservation and its settlement are one request.

export const usageRowSchema = z.object({
  /** The ledger id of the row's first entry (its reservation, grant or plan change). */
  id: z.int(),
  at: z.string(),
  kind: z.enum(["search", "scrape", "grant", "plan"]),
  /** "Search", "Credits added", "Plan Free → Starter". */
  title: z.string(),
  /** Pages scraped, the refund's reason, a grant's note. */
  detail: z.string().nullable(),
  reserved: z.int().nullable(),
  /** Credits the row finally took (a grant's is negative: it gave). */
  charged: z.int(),
  /** pending: reserved, not settled yet; refunded: settled at zero; done: grants and plan changes. */
  state: z.enum(["settled", "pending", "refunded", "done"]),
  balanceAfter: z.int(),
});
export type UsageRow = z.infer<typeof usageRowSchema>;

export const usageDaySchema = z.object({ day: z.string().meta({ description: "YYYY-MM-DD in UTC" }), requests: z.int(), charged: z.int() });
export type UsageDay = z.infer<typeof usageDaySchema>;

/** What the console's usage endpoint (app/search/usage) answers. */
export const usageSummarySchema = z.object({
  days: z.array(usageDaySchema),
  rows: z.array(usageRowSchema),
  /** False when the key has more entries in the period than were read: the first days may be short. */
  complete: z.boolean(),
});
export type UsageSummary = z.infer<typeof usageSummarySchema>;

function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}
function num(v: unknown): number | undefined {
  return typeof v === "number" ? v : undefined;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a settled request did: results and scraped pages of a search; the page and its linked pages of a scrape. */
function workDetail(endpoint: "search" | "scrape", d: Record<string, unknown>): string | null {
  const scraped = num(d.pagesScraped) ?? 0;
  const failed = num(d.pagesFailed) ?? 0;
  const parts: string[] = [];
  if (endpoint === "search") {
    const results = num(d.results);
    if (results !== undefined) parts.push(count(results, "result", "results"));
    if (scraped > 0) parts.push(count(scraped, "page scraped", "pages scraped"));
  } else {
    if (d.primaryScraped === false) return "the page failed";
    if (d.primaryScraped === true) parts.push("page scraped");
    if (scraped > 0) parts.push(count(scraped, "linked page", "linked pages"));
  }
  if (failed > 0) parts.push(`${failed} failed`);
  return parts.length > 0 ? parts.join(", ") : null;
}

function paidRow(reserve: LedgerEntryView, settle: LedgerEntryView | undefined): UsageRow {
  const endpoint = str(reserve.detail.endpoint) === "scrape" ? "scrape" : "search";
  const reserved = -reserve.amount;
  const base = { id: reserve.id, at: reserve.at, kind: endpoint, title: endpoint === "scrape" ? "Scrape" : "Search", reserved } as const;
  if (!settle) return { ...base, detail: "reserved, not settled yet", charged: reserved, state: "pending", balanceAfter: reserve.balance_after };
  const charged = num(settle.detail.charged) ?? reserved - settle.amount;
  const reason = str(settle.detail.reason);
  return {
    ...base,
    detail: reason ?? workDetail(endpoint, settle.detail),
    charged,
    state: charged === 0 ? "refunded" : "settled",
    balanceAfter: settle.balance_after,
  };
}

function otherRow(e: LedgerEntryView): UsageRow | null {
  if (e.kind === "grant") {
    const starting = str(e.detail.reason) === "starting credits";
    return {
      id: e.id,
      at: e.at,
      kind: "grant",
      title: starting ? `Starting credits (${str(e.detail.plan) ?? "plan"})` : "Credits added",
      detail: str(e.detail.note) ?? null,
      reserved: null,
      charged: -e.amount,
      state: "done",
      balanceAfter: e.balance_after,
    };
  }
  if (e.kind === "plan") {
    return {
      id: e.id,
      at: e.at,
      kind: "plan",
      title: `Plan ${str(e.detail.from) ?? "?"} → ${str(e.detail.to) ?? "?"}`,
      detail: null,
      reserved: null,
      charged: 0,
      state: "done",
      balanceAfter: e.balance_after,
    };
  }
  return null;
}

/**
 * Ledger entries (any order) as one row per request, grant or plan change, newest first. A settlement
 * whose reservation is not among the entries (older than the page read) is left out.
 */
export function usageRows(entries: readonly LedgerEntryView[]): UsageRow[] {
  const settles = new Map<string, LedgerEntryView>();
  for (const e of entries) if (e.kind === "settle" && e.charge_id) settles.set(e.charge_id, e);
  const rows: UsageRow[] = [];
  for (const e of entries) {
    if (e.kind === "reserve") rows.push(paidRow(e, e.charge_id ? settles.get(e.charge_id) : undefined));
    else {
      const row = otherRow(e);
      if (row) rows.push(row);
    }
  }
  return rows.sort((a, b) => b.id - a.id);
}

/** Requests and credits charged per UTC day for the `days` days up to `nowMs`, oldest first, days without use included. */
export function usageByDay(rows: readonly UsageRow[], nowMs: number, days: number): UsageDay[] {
  const out: UsageDay[] = [];
  const byDay = new Map<string, UsageDay>();
  const today = Date.UTC(new Date(nowMs).getUTCFullYear(), new Date(nowMs).getUTCMonth(), new Date(nowMs).getUTCDate());
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(today - i * 86_400_000).toISOString().slice(0, 10);
    const entry = { day, requests: 0, charged: 0 };
    out.push(entry);
    byDay.set(day, entry);
  }
  for (const row of rows) {
    if (row.kind !== "search" && row.kind !== "scrape") continue;
    const entry = byDay.get(new Date(row.at).toISOString().slice(0, 10));
    if (!entry) continue;
    entry.requests += 1;
    entry.charged += row.charged;
  }
  return out;
}
