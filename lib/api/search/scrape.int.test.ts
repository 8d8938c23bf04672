import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scrapeResponse } from "../../web/contract/scrape";
import { expectSearchError, startSearchTestbed, type SearchTestbed } from "./testbed";

// POST /v1/scrape with the real scraper against a fixture site on loopback.
let tb: SearchTestbed;
let unicorn: { id: string; key: string };

beforeAll(async () => {
  tb = await startSearchTestbed();
  unicorn = await tb.mintKey({ plan: "Unicorn", credits: 10_000 });
});
afterAll(() => tb.close());

async function scrape(body: Record<string, unknown>, key = unicorn.key, headers: Record<string, string> = {}) {
  // A fresh window each time: the contract allows 10 scrapes a minute and the in-process client has one address.
  tb.t.clock.advance(60_000);
  return tb.post("/v1/scrape", key, body, headers);
}

async function lastCharge(keyId: string) {
  const entries = await tb.ledger(keyId);
  const chargeId = entries.filter((e) => e.kind === "settle").at(-1)!.charge_id;
  const of = entries.filter((e) => e.charge_id === chargeId);
  return { reserved: -of.find((e) => e.kind === "reserve")!.amount, returned: of.find((e) => e.kind === "settle")!.amount };
}

describe("POST /v1/scrape", () => {
  it("scrapes title and text by default, for 5 credits", async () => {
    const res = await scrape({ url: `${tb.site.origin}/#team` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = scrapeResponse.parse(res.body);
    expect(body).toMatchObject({ url: `${tb.site.origin}/`, success: true, links_scraped: 0, discovered_links: [], credits_used: 5 });
    expect(body.primary_content).toMatchObject({ url: `${tb.site.origin}/`, status_code: 200, title: "Acme Rockets", error: null });
    expect(body.primary_content.text).toMatch(/reusable rockets/);
    expect(body.primary_content.markdown).toMatch(/reusable rockets/);
    // A company's front page: no story, whatever its markup says.
    expect(body.primary_content.page_type).toBe("service");
    for (const part of ["links", "images", "metadata"]) expect(body.primary_content).not.toHaveProperty(part);
    expect(res.body).not.toHaveProperty("contacts");
    expect(res.headers.get("x-ratelimit-limit")).toBe("10");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("9");
    expect(await lastCharge(unicorn.id)).toEqual({ reserved: 5, returned: 0 });
  });

  it("extracts only the parts asked for, and every part for all", async () => {
    const links = scrapeResponse.parse((await scrape({ url: `${tb.site.origin}/`, extract_options: ["links"] })).body).primary_content;
    expect(Object.keys(links).sort()).toEqual(["error", "final_url", "links", "status_code", "url"]);
    expect(links.links).toEqual(expect.arrayContaining([{ url: `${tb.site.origin}/about`, text: "about us", internal: true }]));
    expect(links.links).toEqual(expect.arrayContaining([expect.objectContaining({ url: "https://github.com/acme-rockets", internal: false })]));

    const all = scrapeResponse.parse((await scrape({ url: `${tb.site.origin}/`, extract_options: ["all"] })).body).primary_content;
    expect(all).toMatchObject({ title: "Acme Rockets", images: [{ src: `${tb.site.origin}/booster.png`, alt: "A booster landing" }] });
    expect(all.metadata).toMatchObject({ description: "Acme Rockets at Acme", language: "en", open_graph: {}, twitter: {}, json_ld: [] });
    expect(all.text).toBeTruthy();
  });

  it("reports a failed primary page as success false with its error, and charges nothing", async () => {
    const res = await scrape({ url: `${tb.site.origin}/missing` });
    expect(res.status).toBe(200);
    const body = scrapeResponse.parse(res.body);
    expect(body).toMatchObject({
      success: false,
      credits_used: 0,
      primary_content: { url: `${tb.site.origin}/missing`, status_code: 404, error: { code: "HTTP_ERROR" } },
    });
    expect(body.primary_content).not.toHaveProperty("text");
    expect(await lastCharge(unicorn.id)).toEqual({ reserved: 5, returned: 5 });
  });

  it("refuses to fetch private addresses the server was not told to allow, charging nothing", async () => {
    const body = scrapeResponse.parse((await scrape({ url: "http://10.1.2.3/admin" })).body);
    expect(body).toMatchObject({ success: false, credits_used: 0, primary_content: { error: { code: "BLOCKED_ADDRESS" } } });
  });
});

describe("following internal links", () => {
  it("reserves 5 + 2 × max_pages (11 for 3), charges 2 per discovered page and refunds the failed one", async () => {
    const res = await scrape({ url: `${tb.site.origin}/`, follow_internal_links: true, max_pages: 3 });
    const body = scrapeResponse.parse(res.body);
    expect(body.discovered_links.map((p) => [p.url, p.error?.code ?? null])).toEqual([
      [`${tb.site.origin}/about`, null],
      [`${tb.site.origin}/missing`, "HTTP_ERROR"],
      [`${tb.site.origin}/team`, null],
    ]);
    expect(body).toMatchObject({ success: true, links_scraped: 2, credits_used: 9 });
    expect(body.discovered_links[0]).toMatchObject({ title: "About Acme", error: null });
    expect(await lastCharge(unicorn.id)).toEqual({ reserved: 11, returned: 2 });
  });

  it("refunds pages it could not find when the site has fewer than max_pages", async () => {
    const body = scrapeResponse.parse((await scrape({ url: `${tb.site.origin}/`, follow_internal_links: true, max_pages: 10 })).body);
    expect(body).toMatchObject({ links_scraped: 3, credits_used: 11 });
    expect(body.discovered_links).toHaveLength(4);
    expect(await lastCharge(unicorn.id)).toEqual({ reserved: 25, returned: 14 });
  });

  it("reserves 5 + 2 × 10 by default when following links", async () => {
    const poor = await tb.mintKey({ plan: "Unicorn", credits: 24 });
    expect(expectSearchError(await scrape({ url: `${tb.site.origin}/`, follow_internal_links: true }, poor.key), 402, "INSUFFICIENT_CREDITS").error).toMatch(
      /reserves 25 credits/,
    );
    expect((await scrape({ url: `${tb.site.origin}/`, follow_internal_links: true, max_pages: 9 }, poor.key)).status).toBe(200);
  });

  it("reserves no pages when not following links, whatever max_pages says", async () => {
    const poor = await tb.mintKey({ credits: 5 });
    const body = scrapeResponse.parse((await scrape({ url: `${tb.site.origin}/about`, max_pages: 50 }, poor.key)).body);
    expect(body).toMatchObject({ success: true, credits_used: 5, remaining_credits: 0 });
  });

  it("needs plan Unicorn", async () => {
    const builder = await tb.mintKey({ plan: "Builder" });
    const res = await scrape({ url: `${tb.site.origin}/`, follow_internal_links: true, max_pages: 2 }, builder.key);
    expect(expectSearchError(res, 403, "FORBIDDEN").error).toMatch(/follow_internal_links needs plan Unicorn/);
  });
});

describe("contacts", () => {
  it("need plan Starter, and come from every scraped page, each once", async () => {
    const free = await tb.mintKey();
    expectSearchError(await scrape({ url: `${tb.site.origin}/`, include_contacts: true }, free.key), 403, "FORBIDDEN");
    const starter = await tb.mintKey({ plan: "Starter" });
    const body = scrapeResponse.parse((await scrape({ url: `${tb.site.origin}/`, include_contacts: true }, starter.key)).body);
    expect(body.contacts).toEqual([
      { type: "email", value: "sales@acme-rockets.com", source_url: `${tb.site.origin}/` },
      { type: "phone", value: "+14155550123", source_url: `${tb.site.origin}/` },
    ]);
  });

  it("are an empty array when asked for and none are found", async () => {
    const body = scrapeResponse.parse((await scrape({ url: `${tb.site.origin}/team`, include_contacts: true })).body);
    expect(body.contacts).toEqual([]);
  });
});

describe("validation", () => {
  it.each([
    [{}, /url: must be a string/],
    [{ url: "" }, /url: must be an absolute http or https URL/],
    [{ url: "example.com" }, /url: must be an absolute http or https URL/],
    [{ url: "ftp://example.com/file" }, /url: must be an absolute http or https URL/],
    [{ url: "javascript:alert(1)" }, /url: must be an absolute http or https URL/],
    [{ url: "https://example.com", extract_options: [] }, /extract_options: must name at least one option/],
    [{ url: "https://example.com", extract_options: ["html"] }, /extract_options\.0: each must be one of/],
    [{ url: "https://example.com", extract_options: "text" }, /extract_options: must be an array/],
    [{ url: "https://example.com", max_pages: 0 }, /max_pages: must be at least 1/],
    [{ url: "https://example.com", max_pages: 51 }, /max_pages: must be at most 50/],
    [{ url: "https://example.com", follow_internal_links: "true" }, /follow_internal_links: must be true or false/],
    [{ url: "https://example.com", include_contacts: null }, /include_contacts: must be true or false/],
    [{ url: "https://example.com", include_social: true }, /include_social/],
  ])("refuses %j with 400 BAD_REQUEST, charging nothing", async (body, reason) => {
    const k = await tb.mintKey({ plan: "Unicorn" });
    expect(expectSearchError(await scrape(body, k.key), 400, "BAD_REQUEST").error).toMatch(reason);
    expect((await tb.ledger(k.id)).filter((e) => e.kind !== "grant" && e.kind !== "plan")).toEqual([]);
  });
});

describe("Idempotency-Key", () => {
  it("replays a scrape without scraping or charging again", async () => {
    const k = await tb.mintKey({ credits: 20 });
    const before = tb.site.requests.filter((p) => p === "/launches").length;
    const first = await scrape({ url: `${tb.site.origin}/launches` }, k.key, { "idempotency-key": "scrape-once" });
    const again = await scrape({ url: `${tb.site.origin}/launches` }, k.key, { "idempotency-key": "scrape-once" });
    expect(again.body).toEqual(first.body);
    expect(tb.site.requests.filter((p) => p === "/launches").length - before).toBe(1);
    expect(scrapeResponse.parse(again.body).remaining_credits).toBe(15);
  });
});
