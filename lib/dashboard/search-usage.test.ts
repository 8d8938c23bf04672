import { describe, expect, it } from "vitest";
import type { LedgerEntryView } from "../billing/contract";
import { usageByDay, usageRows } from "./search-usage";

let nextId = 0;
const entry = (over: Partial<LedgerEntryView>): LedgerEntryView => ({
  id: ++nextId,
  kind: "grant",
  amount: 100,
  balance_after: 100,
  charge_id: null,
  actor: "api",
  detail: {},
  at: "2026-03-02T10:00:00.000Z",
  ...over,
});

describe("usageRows", () => {
  it("joins each reservation to its settlement, newest first", () => {
    nextId = 0;
    const entries = [
      entry({ detail: { reason: "starting credits", plan: "Free" } }),
      entry({ kind: "reserve", amount: -11, balance_after: 89, charge_id: "c1", detail: { endpoint: "search", requestId: "r1" } }),
      entry({
        kind: "settle",
        amount: 6,
        balance_after: 95,
        charge_id: "c1",
        detail: { reserved: 11, charged: 5, results: 4, pagesScraped: 1, pagesFailed: 1 },
      }),
      entry({ kind: "reserve", amount: -5, balance_after: 90, charge_id: "c2", detail: { endpoint: "scrape" } }),
      entry({ kind: "settle", amount: 5, balance_after: 95, charge_id: "c2", actor: "system", detail: { reason: "expired: the request never settled" } }),
      entry({ kind: "reserve", amount: -2, balance_after: 93, charge_id: "c3", detail: { endpoint: "search" } }),
      entry({ kind: "plan", amount: 0, balance_after: 93, detail: { from: "Free", to: "Starter" } }),
    ].reverse();
    const rows = usageRows(entries);
    expect(rows.map((r) => [r.title, r.reserved, r.charged, r.state, r.balanceAfter, r.detail])).toEqual([
      ["Plan Free → Starter", null, 0, "done", 93, null],
      ["Search", 2, 2, "pending", 93, "reserved, not settled yet"],
      ["Scrape", 5, 0, "refunded", 95, "expired: the request never settled"],
      ["Search", 11, 5, "settled", 95, "4 results, 1 page scraped, 1 failed"],
      ["Starting credits (Free)", null, -100, "done", 100, null],
    ]);
  });

  it("leaves out a settlement whose reservation was not read", () => {
    expect(usageRows([entry({ kind: "settle", amount: 3, charge_id: "old", detail: { reserved: 5, charged: 2 } })])).toEqual([]);
  });
});

describe("usageByDay", () => {
  it("counts requests and charges per UTC day, empty days included", () => {
    const rows = usageRows([
      entry({ kind: "reserve", amount: -2, charge_id: "a", at: "2026-03-02T23:59:00.000Z", detail: { endpoint: "search" } }),
      entry({ kind: "settle", amount: 0, charge_id: "a", detail: { reserved: 2, charged: 2 } }),
      entry({ kind: "reserve", amount: -5, charge_id: "b", at: "2026-03-04T00:01:00.000Z", detail: { endpoint: "scrape" } }),
      entry({ kind: "settle", amount: 0, charge_id: "b", detail: { reserved: 5, charged: 5 } }),
      entry({ amount: 500, at: "2026-03-04T01:00:00.000Z" }),
    ]);
    expect(usageByDay(rows, Date.parse("2026-03-04T12:00:00Z"), 3)).toEqual([
      { day: "2026-03-02", requests: 1, charged: 2 },
      { day: "2026-03-03", requests: 0, charged: 0 },
      { day: "2026-03-04", requests: 1, charged: 5 },
    ]);
  });
});
