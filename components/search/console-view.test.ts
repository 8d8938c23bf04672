import { describe, expect, it } from "vitest";
import { formatCredits, gateView, highlight, queryStems, scrapeCostText, searchCostText, windowText } from "./console-view";

describe("costs", () => {
  it("state the contract's reservations", () => {
    expect(searchCostText(0)).toBe(
      "Reserves 2 credits: 2 for the search. Pages that fail or are not needed are refunded; the search itself is charged even when it finds nothing.",
    );
    expect(searchCostText(3)).toBe(
      "Reserves 11 credits: 2 for the search, plus 3 for each of 3 scraped pages. Pages that fail or are not needed are refunded; the search itself is charged even when it finds nothing.",
    );
    expect(scrapeCostText(false, 10)).toMatch(/^Reserves 5 credits: 5 for the page\./);
    expect(scrapeCostText(true, 3)).toMatch(/^Reserves 11 credits: 5 for the page, plus 2 for each of up to 3 discovered pages\./);
    expect(formatCredits(1)).toBe("1 credit");
    expect(formatCredits(25000)).toBe("25,000 credits");
  });
});

describe("plan gates", () => {
  it("explain what is missing and how to get it", () => {
    expect(gateView("Free", "include_contacts", false)).toEqual({
      allowed: false,
      note: "Needs plan Starter or higher; this key is on Free. Ask an administrator of this deployment to move the key to Starter.",
      needs: "Starter",
    });
    // Administrators get a button that opens the plan dialog instead of advice.
    expect(gateView("Free", "include_contacts", true).note).toBe("Needs plan Starter or higher; this key is on Free.");
    expect(gateView("Builder", "include_social", false)).toEqual({ allowed: true, note: null, needs: "Builder" });
    expect(gateView("Builder", "follow_internal_links", false).note).toMatch(/Needs plan Unicorn/);
    expect(gateView(undefined, "include_contacts", false).allowed).toBe(false);
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

describe("windowText", () => {
  it("counts the seconds to the reset", () => {
    expect(windowText({ limit: 60, remaining: 57, reset: 1_767_225_660 }, 1_767_225_637_200)).toBe("57 of 60 left, resets in 23 s");
  });
});
