import { afterAll, beforeAll, expect, it } from "vitest";
import { ApiClientError } from "../../client/http";
import { createSearchClient } from "../../client/search";
import { serveOverHttp, startSearchTestbed, type SearchTestbed } from "./testbed";

// The typed client (what the console and agents use) against the API over real HTTP.
let tb: SearchTestbed;
let server: Awaited<ReturnType<typeof serveOverHttp>>;
let baseUrl: string;

beforeAll(async () => {
  tb = await startSearchTestbed();
  server = await serveOverHttp(tb.t);
  baseUrl = `http://127.0.0.1:${server.port}/api/web`;
});
afterAll(async () => {
  await server.close();
  await tb.close();
});

it("manages keys with an owner token and searches, scrapes and validates with the key", async () => {
  const owner = createSearchClient({ baseUrl, token: await tb.owner.token() });
  const minted = await owner.mintKey("client key");
  expect((await owner.listKeys()).keys.map((k) => k.id)).toContain(minted.id);

  const agent = createSearchClient({ baseUrl, token: minted.key });
  expect(await agent.validate()).toMatchObject({ key_id: minted.id, plan: "Free", credits: 100 });
  const scraped = await agent.scrape({ url: `${tb.site.origin}/about`, extract_options: ["title"] }, "client-scrape-1");
  expect(scraped).toMatchObject({ success: true, credits_used: 5, remaining_credits: 95, primary_content: { title: "About Acme" } });
  expect(await agent.scrape({ url: `${tb.site.origin}/about`, extract_options: ["title"] }, "client-scrape-1")).toEqual(scraped);
  const found = await agent.search({ query: "orbit", auto_scrape_top: 1 });
  expect(found).toMatchObject({ results_count: 1, scraped_count: 1, credits_used: 5, remaining_credits: 90 });

  const listed = (await owner.listKeys()).keys.find((k) => k.id === minted.id)!;
  expect(listed).toMatchObject({ credits: 90, last_used_at: new Date(tb.t.clock.now()).toISOString() });
  const ledger = await owner.ledger(minted.id, { limit: 2 });
  expect(ledger.map((e) => e.kind)).toEqual(["settle", "reserve"]);

  const refusal = await agent.search({ query: "orbit", include_social: true }).catch((e: unknown) => e);
  expect(refusal).toBeInstanceOf(ApiClientError);
  expect(refusal).toMatchObject({ status: 403, code: "FORBIDDEN" });

  const admin = createSearchClient({ baseUrl, token: await tb.admin.token() });
  expect(await admin.setPlan(minted.id, "Builder")).toMatchObject({ plan: "Builder" });
  expect(await admin.addCredits(minted.id, { amount: 10 }, "client-grant")).toMatchObject({ key: { credits: 100 }, replayed: false });
  expect((await admin.findKeys("client key")).map((k) => k.id)).toEqual([minted.id]);

  expect(await owner.revokeKey(minted.id)).toMatchObject({ status: "revoked" });
  await expect(agent.validate()).rejects.toMatchObject({ status: 401, code: "UNAUTHORIZED" });
});
