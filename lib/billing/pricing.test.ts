import { describe, expect, it } from "vitest";
import { featuresOf, planAllows, PLANS, STARTING_CREDITS } from "./plans";
import { scrapeCharge, scrapeReservation, searchCharge, searchReservation } from "./pricing";

describe("the contract's reservations", () => {
  it("search: 2 + 3 × auto_scrape_top (3 gives 11, 2 gives 8)", () => {
    expect(searchReservation(3)).toBe(11);
    expect(searchReservation(2)).toBe(8);
    expect(searchReservation(0)).toBe(2);
    expect(searchReservation(10)).toBe(32);
  });

  it("scrape: 5, plus 2 × max_pages when following links (max_pages 3 gives 11)", () => {
    expect(scrapeReservation(true, 3)).toBe(11);
    expect(scrapeReservation(false, 3)).toBe(5);
    expect(scrapeReservation(true, 50)).toBe(105);
  });
});

describe("final charges", () => {
  it("search: the base plus 3 per page scraped without an error", () => {
    expect(searchCharge(0)).toBe(2);
    expect(searchCharge(2)).toBe(8);
  });

  it("scrape: the base plus 2 per discovered page scraped; nothing when the primary page failed", () => {
    expect(scrapeCharge(true, 0)).toBe(5);
    expect(scrapeCharge(true, 2)).toBe(9);
    expect(scrapeCharge(false, 0)).toBe(0);
  });

  it("never exceeds the reservation", () => {
    for (let n = 0; n <= 10; n++) for (let ok = 0; ok <= n; ok++) expect(searchCharge(ok)).toBeLessThanOrEqual(searchReservation(n));
    for (let m = 1; m <= 50; m++) for (let ok = 0; ok <= m; ok++) expect(scrapeCharge(true, ok)).toBeLessThanOrEqual(scrapeReservation(true, m));
  });
});

describe("plans", () => {
  it("rank Free below Starter, Builder, Unicorn, with growing starting credits", () => {
    expect(PLANS).toEqual(["Free", "Starter", "Builder", "Unicorn"]);
    const credits = PLANS.map((p) => STARTING_CREDITS[p]);
    expect([...credits].sort((a, b) => a - b)).toEqual(credits);
  });

  it("gate contacts at Starter, social at Builder, link following at Unicorn", () => {
    expect(PLANS.map((p) => featuresOf(p))).toEqual([
      { include_contacts: false, include_social: false, follow_internal_links: false },
      { include_contacts: true, include_social: false, follow_internal_links: false },
      { include_contacts: true, include_social: true, follow_internal_links: false },
      { include_contacts: true, include_social: true, follow_internal_links: true },
    ]);
    expect(planAllows("Builder", "include_contacts")).toBe(true);
  });
});
