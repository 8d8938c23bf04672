import { describe, expect, it } from "vitest";
import type { LedgerEntryView } from "@/lib/client/search";
import { formatCredits, gateView, highlight, ledgerRowView, queryStems, scrapeCostText, searchCostText, windowText } from "./console-view";

describe("costs", () => {
  it("state the contract's reservations", () => {
    expect(searchCostText(0)).toBe("Reserves 2 credits: 2 for the search. Pages that fail or are not needed are refunded.");
    expect(searchCostText(3)).toBe(
      "Reserves 11 credits: 2 for the search, plus 3 for each of 3 scraped pages. Pages that fail or are not needed are refunded.",
    );
    expect(scrapeCostText(false, 10)).toMatch(/^Reserves 5 credits: 5 for the page\./);
    expect(scrapeCostText(true, 3)).toMatch(/^Reserves 11 credits: 5 for the page, plus 2 for each of up to 3 discovered pages\./);
    expect(formatCredits(1)).toBe("1 credit");
    expect(formatCredits(25000)).toBe("25,000 credits");
  });
});

describe("plan gates", () => {
  it("explain what is missing and how to get it", () => {
    expect(gateView("Free", "include_contacts")).toEqual({
      allowed: false,
      note: "Needs plan Starter or higher; this key is on Free. An administrator can move the key to Starter under Keys.",
    });
    expect(gateView("Builder", "include_social")).toEqual({ allowed: true, note: null });
    expect(gateView("Builder", "follow_internal_links").note).toMatch(/Needs plan Unicorn/);
    expect(gateView(undefined, "include_contacts").allowed).toBe(false);
  });
});

describe("highlight", () => {
  it("marks words starting with a query stem, whatever their case or ending", () => {
    expect(queryStems('Reusable "rockets" -cheap or funding')).toEqual(["reusable", "rocket", "fund"]);
    expect(highlight("Acme builds reusable Rockets; rocket funding.", "rockets funding")).toEqual([
      { text: "Acme builds reusable ", match: false },
      { text: "Rockets", match: true },
      { text: "; ", match: false },
      { text: "rocket", match: true },
      { text: " ", match: false },
      { text: "funding", match: true },
      { text: ".", match: false },
    ]);
    expect(highlight("nothing here", "   ")).toEqual([{ text: "nothing here", match: false }]);
  });
});

describe("ledger rows", () => {
  const entry = (over: Partial<LedgerEntryView>): LedgerEntryView => ({
    id: 1,
    kind: "grant",
    amount: 100,
    balance_after: 100,
    charge_id: null,
    actor: "own_x",
    detail: {},
    at: "2026-01-01T00:00:00.000Z",
    ...over,
  });

  it("word grants, reservations, settlements, sweeps and plan changes", () => {
    expect(ledgerRowView(entry({ detail: { reason: "starting credits", plan: "Free" } }))).toEqual({
      title: "Starting credits (Free)",
      detail: null,
      amount: "+100",
      tone: "success",
    });
    expect(ledgerRowView(entry({ amount: 500, detail: { note: "pilot" } }))).toMatchObject({ title: "Credits added", detail: "pilot", amount: "+500" });
    expect(ledgerRowView(entry({ kind: "reserve", amount: -11, actor: "api", detail: { endpoint: "search", requestId: "r-1" } }))).toEqual({
      title: "Reserved for a search",
      detail: "request r-1",
      amount: "-11",
      tone: "secondary",
    });
    expect(
      ledgerRowView(
        entry({ kind: "settle", amount: 6, actor: "api", detail: { reserved: 11, charged: 5, pagesScraped: 1, pagesFailed: 1, pagesNotAttempted: 1 } }),
      ),
    ).toEqual({ title: "Settled: 5 credits charged of 11 reserved", detail: "1 page scraped, 1 failed, 1 not needed", amount: "+6", tone: "info" });
    expect(ledgerRowView(entry({ kind: "settle", amount: 8, actor: "api", detail: { reserved: 8, charged: 0, reason: "the request failed" } }))).toMatchObject({
      detail: "the request failed; nothing charged",
      tone: "warning",
    });
    expect(ledgerRowView(entry({ kind: "settle", amount: 25, actor: "system", detail: { reason: "expired" } }))).toMatchObject({
      title: "Refunded: the request never finished",
    });
    expect(ledgerRowView(entry({ kind: "plan", amount: 0, detail: { from: "Free", to: "Starter" } }))).toMatchObject({
      title: "Plan changed from Free to Starter",
      amount: "0",
    });
  });
});

describe("windowText", () => {
  it("counts the seconds to the reset", () => {
    expect(windowText({ limit: 60, remaining: 57, reset: 1_767_225_660 }, 1_767_225_637_200)).toBe("57 of 60 left, resets in 23 s");
  });
});
