import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerWallets } from "../../auth/schema";
import { createTestApi, postJson, type TestApi } from "../../testing/api";
import { createTestOwner, type TestOwner } from "../../testing/owners";
import { searchErrorBody } from "./error-body";
import {
  addCreditsResponse,
  adminSearchKeySchema,
  mintedSearchKeySchema,
  searchKeyListSchema,
  searchKeySchema,
  validateResponse,
} from "../../auth/contract/search-keys";
import { ledgerEntrySchema } from "../../billing/contract";

const ADMIN_ID = "own_keysTestAdmin";
const LISTED_EMAIL = "admin@example.test";
const ADMIN_WALLET = "0x00000000000000000000000000000000000000aa";

let t: TestApi;
let alice: TestOwner;
let bob: TestOwner;
let admin: TestOwner;
let emailOnly: TestOwner;

beforeAll(async () => {
  t = await createTestApi({ BOURSE_ADMINS: `${ADMIN_ID}, ${ADMIN_WALLET.toUpperCase().replace("0X", "0x")}` });
  alice = await createTestOwner(t);
  bob = await createTestOwner(t);
  admin = await createTestOwner(t, undefined, ADMIN_ID);
  emailOnly = await createTestOwner(t, LISTED_EMAIL);
});
afterAll(() => t.close());

async function call(path: string, init: RequestInit = {}) {
  const res = await t.request(`/api/web${path}`, init);
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
}

async function mint(owner: TestOwner, name = "crawler") {
  const res = await call("/keys", postJson({ name }, await owner.auth()));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return mintedSearchKeySchema.parse(res.body);
}

const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

async function validate(key: string) {
  const res = await call("/v1/validate", bearer(key));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return validateResponse.parse(res.body);
}

function expectSearchError(res: { status: number; headers: Headers; body: unknown }, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = searchErrorBody.parse(res.body);
  expect(body).toMatchObject({ code, error: body.message, request_id: res.headers.get("x-request-id") });
  expect(body.documentation_url).toBe(`http://bourse.test/reference/search#error-${code}`);
  return body;
}

describe("minting", () => {
  it("gives a bourse_sr_live_ key once, on plan Free with 100 credits, listed by fragment only", async () => {
    const minted = await mint(alice, "  research bot  ");
    expect(minted.key).toMatch(/^bourse_sr_live_[0-9A-Za-z]{39}$/);
    expect(minted).toMatchObject({
      name: "research bot",
      plan: "Free",
      credits: 100,
      status: "active",
      fragment: `bourse_sr_live_…${minted.key.slice(-4)}`,
      last_used_at: null,
    });
    const list = await call("/keys", { headers: await alice.auth() });
    const parsed = searchKeyListSchema.parse(list.body);
    expect(parsed.is_admin).toBe(false);
    expect(parsed.keys.find((k) => k.id === minted.id)).toMatchObject({ fragment: minted.fragment, credits: 100 });
    expect(JSON.stringify(list.body)).not.toContain(minted.key);
  });

  it.each([
    [{ name: "" }, /name: must not be empty/],
    [{ name: "x".repeat(65) }, /name: must be at most 64/],
    [{ name: "a", plan: "Unicorn" }, /plan/],
  ])("refuses %j", async (body, reason) => {
    const res = await call("/keys", postJson(body, await alice.auth()));
    expect(expectSearchError(res, 400, "BAD_REQUEST").error).toMatch(reason);
  });

  it("needs an owner token, not an API key", async () => {
    const { key } = await mint(alice);
    expectSearchError(await call("/keys", postJson({ name: "x" })), 401, "UNAUTHORIZED");
    expectSearchError(await call("/keys", postJson({ name: "x" }, bearer(key).headers)), 401, "UNAUTHORIZED");
  });
});

describe("the Free allowance and the minting limit", () => {
  it("grants the starting credits on an owner's first key only, revoked or not", async () => {
    const owner = await createTestOwner(t);
    const first = await mint(owner);
    expect(first).toMatchObject({ credits: 100, starting_credits: 100 });
    await call(`/keys/${first.id}`, { method: "DELETE", headers: await owner.auth() });
    const second = await mint(owner);
    expect(second).toMatchObject({ plan: "Free", credits: 0, starting_credits: 0 });
    const ledger = ledgerEntrySchema.array().parse((await call(`/keys/${second.id}/ledger`, { headers: await owner.auth() })).body);
    expect(ledger.map((e) => [e.kind, e.amount, e.detail.reason])).toEqual([["grant", 0, "starting credits"]]);
  });

  it("gives the grant to exactly one of parallel first mints", async () => {
    const owner = await createTestOwner(t);
    const auth = await owner.auth();
    const minted = await Promise.all(Array.from({ length: 5 }, (_, i) => call("/keys", postJson({ name: `parallel ${i}` }, auth))));
    const credits = minted.map((m) => mintedSearchKeySchema.parse(m.body).credits).sort((a, b) => b - a);
    expect(credits).toEqual([100, 0, 0, 0, 0]);
  });

  it("mints at most 20 search keys per owner per hour: then 429 RATE_LIMITED with Retry-After", async () => {
    const owner = await createTestOwner(t);
    await mint(owner);
    t.clock.advance(60_000);
    for (let i = 1; i < 20; i++) await mint(owner);
    const refused = await call("/keys", postJson({ name: "one too many" }, await owner.auth()));
    expect(refused.headers.get("retry-after")).toBe("3540");
    expect(expectSearchError(refused, 429, "RATE_LIMITED")).toMatchObject({ retry_after: 3540, error: expect.stringMatching(/20 search keys .* per hour/) });
    t.clock.advance(3_540_001);
    await mint(owner);
  });
});

describe("GET /v1/validate", () => {
  it("reports status, plan, credits, features and windows, and costs nothing", async () => {
    const { key, id } = await mint(await createTestOwner(t));
    const first = await validate(key);
    expect(first).toEqual({
      valid: true,
      status: "active",
      key_id: id,
      name: "crawler",
      plan: "Free",
      credits: 100,
      features: { include_contacts: false, include_social: false, follow_internal_links: false },
      rate_limits: {
        search: { limit: 60, remaining: 60, reset: first.rate_limits.search.reset },
        scrape: { limit: 10, remaining: 10, reset: first.rate_limits.scrape.reset },
      },
    });
    expect(first.rate_limits.search.reset).toBe(Math.ceil((t.clock.now() - (t.clock.now() % 60_000) + 60_000) / 1000));
    for (let i = 0; i < 70; i++) await validate(key);
    const after = await validate(key);
    expect(after.credits).toBe(100);
    expect(after.rate_limits.search.remaining).toBe(60);
    expect(after.rate_limits.scrape.remaining).toBe(10);
  });

  it.each([
    ["no header", {}],
    ["a malformed key", { authorization: "Bearer bourse_sr_live_nope" }],
    ["an unknown key", { authorization: "Bearer bourse_sr_live_000000000000000000000000000000000000000" }],
    ["a colon after Bearer", { authorization: "Bearer: bourse_sr_live_000000000000000000000000000000000000000" }],
  ])("answers 401 UNAUTHORIZED to %s", async (_what, headers) => {
    const res = await call("/v1/validate", { headers });
    expectSearchError(res, 401, "UNAUTHORIZED");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer /);
  });

  it("refuses an agent key and an owner token in place of an API key", async () => {
    expectSearchError(await call("/v1/validate", { headers: await alice.auth() }), 401, "UNAUTHORIZED");
    expectSearchError(await call("/v1/validate", bearer("bourse_sk_live_000000000000000000000000000000000000000")), 401, "UNAUTHORIZED");
  });

  it("refuses a key with a wrong checksum without knowing it", async () => {
    const { key } = await mint(alice);
    const tampered = key.slice(0, -1) + (key.endsWith("A") ? "B" : "A");
    const res = await call("/v1/validate", bearer(tampered));
    expect(expectSearchError(res, 401, "UNAUTHORIZED").error).toMatch(/malformed/);
  });
});

describe("revoking", () => {
  it("takes effect on the next request, and only the owner can do it", async () => {
    const { key, id } = await mint(alice);
    expectSearchError(await call(`/keys/${id}`, { method: "DELETE", headers: await bob.auth() }), 404, "NOT_FOUND");
    await validate(key);
    const res = await call(`/keys/${id}`, { method: "DELETE", headers: await alice.auth() });
    expect(searchKeySchema.parse(res.body)).toMatchObject({ id, status: "revoked" });
    expect(expectSearchError(await call("/v1/validate", bearer(key)), 401, "UNAUTHORIZED").error).toMatch(/revoked/);
    const again = await call(`/keys/${id}`, { method: "DELETE", headers: await alice.auth() });
    expect(again.status).toBe(200);
  });
});

describe("administration", () => {
  it("is refused to owners who are not administrators", async () => {
    const { id } = await mint(alice);
    const auth = await alice.auth();
    expectSearchError(
      await call(`/admin/keys/${id}/plan`, {
        method: "PUT",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ plan: "Unicorn" }),
      }),
      403,
      "FORBIDDEN",
    );
    expectSearchError(await call(`/admin/keys/${id}/credits`, postJson({ amount: 10 }, auth)), 403, "FORBIDDEN");
    expectSearchError(await call("/admin/keys", { headers: auth }), 403, "FORBIDDEN");
  });

  it("never takes an email for an administrator: whoever signs up with it is an ordinary owner", async () => {
    const { id } = await mint(alice);
    expect(searchKeyListSchema.parse((await call("/keys", { headers: await emailOnly.auth() })).body).is_admin).toBe(false);
    const auth = await emailOnly.auth();
    expectSearchError(await call(`/admin/keys/${id}/credits`, postJson({ amount: 10 }, auth)), 403, "FORBIDDEN");
    expectSearchError(await call("/admin/keys", { headers: auth }), 403, "FORBIDDEN");
  });

  it("lets an administrator by owner id change a plan, effective at once, balance unchanged", async () => {
    const carol = await createTestOwner(t);
    const { id, key } = await mint(carol);
    expect(searchKeyListSchema.parse((await call("/keys", { headers: await admin.auth() })).body).is_admin).toBe(true);
    const res = await call(`/admin/keys/${id}/plan`, {
      method: "PUT",
      headers: { ...(await admin.auth()), "content-type": "application/json" },
      body: JSON.stringify({ plan: "Builder" }),
    });
    expect(adminSearchKeySchema.parse(res.body)).toMatchObject({ id, plan: "Builder", credits: 100, owner_id: carol.id });
    expect(await validate(key)).toMatchObject({
      plan: "Builder",
      credits: 100,
      features: { include_contacts: true, include_social: true, follow_internal_links: false },
    });
    const bad = await call(`/admin/keys/${id}/plan`, {
      method: "PUT",
      headers: { ...(await admin.auth()), "content-type": "application/json" },
      body: JSON.stringify({ plan: "Gold" }),
    });
    expectSearchError(bad, 400, "BAD_REQUEST");
  });

  it("adds credits once per Idempotency-Key, and the ledger sums to the balance", async () => {
    const { id, key } = await mint(await createTestOwner(t));
    const auth = { ...(await admin.auth()), "idempotency-key": "topup-1" };
    const first = addCreditsResponse.parse((await call(`/admin/keys/${id}/credits`, postJson({ amount: 400, note: "pilot" }, auth))).body);
    const second = addCreditsResponse.parse((await call(`/admin/keys/${id}/credits`, postJson({ amount: 400, note: "pilot" }, auth))).body);
    expect(first).toMatchObject({ replayed: false, key: { credits: 500 }, entry: { kind: "grant", amount: 400, balance_after: 500, actor: admin.id } });
    expect(second).toMatchObject({ replayed: true, entry: first.entry, key: { credits: 500 } });
    expect((await validate(key)).credits).toBe(500);
    const ledger = ledgerEntrySchema.array().parse((await call(`/keys/${id}/ledger`, { headers: await admin.auth() })).body);
    expect(ledger.map((e) => [e.kind, e.amount])).toEqual([
      ["grant", 400],
      ["grant", 100],
    ]);
    expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(500);
    for (const amount of [0, -1, 2.5, "10"])
      expectSearchError(await call(`/admin/keys/${id}/credits`, postJson({ amount }, await admin.auth())), 400, "BAD_REQUEST");
    expectSearchError(await call("/admin/keys/srk_nope/credits", postJson({ amount: 1 }, await admin.auth())), 404, "NOT_FOUND");
  });

  it("recognises an administrator by a linked wallet, and finds any owner's keys", async () => {
    const walletOwner = await createTestOwner(t);
    await t.deps.database.db.insert(ownerWallets).values({ address: ADMIN_WALLET, ownerId: walletOwner.id });
    const { id } = await mint(bob, "bob's findable key");
    const found = adminSearchKeySchema
      .array()
      .parse((await call(`/admin/keys?query=${encodeURIComponent("findable")}`, { headers: await walletOwner.auth() })).body);
    expect(found.map((k) => k.id)).toEqual([id]);
    expect(found[0]).toMatchObject({ owner_id: bob.id, owner_email: `${bob.id}@example.test` });
    const ledger = await call(`/keys/${id}/ledger`, { headers: await walletOwner.auth() });
    expect(ledger.status).toBe(200);
    expectSearchError(await call(`/keys/${id}/ledger`, { headers: await alice.auth() }), 404, "NOT_FOUND");
  });
});
