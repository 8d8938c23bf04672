import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, postJson, type TestApi } from "../testing/api";
import { createTestOwner, type TestOwner } from "../testing/owners";

// PostgreSQL refuses NUL in text (PGlite may not): these reached it and answered 500 before the API refused them.
let t: TestApi;
let owner: TestOwner;
let agentKey: string;
beforeAll(async () => {
  t = await createTestApi();
  owner = await createTestOwner(t);
  const minted = await t.request("/api/agent/keys", postJson({ name: "text", scopes: ["swap", "account:read"] }, await owner.auth()));
  agentKey = ((await minted.json()) as { data: { key: string } }).data.key;
});
afterAll(() => t.close());

async function expectTradingRefusal(res: Response, where: RegExp) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { success: boolean; code: string; error: string; timestamp: number };
  expect(body).toMatchObject({ success: false, code: "BAD_REQUEST" });
  expect(body.error).toMatch(where);
  expect(typeof body.timestamp).toBe("number");
}

describe("invalid text at the API boundary", () => {
  it("refuses a NUL in a path parameter with a 400 in the trading envelope", async () => {
    await expectTradingRefusal(await t.request("/api/agent/keys/%00%EF%BF%BF", { method: "DELETE", headers: await owner.auth() }), /path/);
    await expectTradingRefusal(await t.request("/api/agent/swap/%00%EF%BF%BF", { headers: { authorization: `Bearer ${agentKey}` } }), /path/);
    await expectTradingRefusal(await t.request("/api/agent/orders/sim-a/%00", { headers: { authorization: `Bearer ${agentKey}` } }), /path/);
  });

  it("refuses malformed percent-encoding and NUL in queries", async () => {
    await expectTradingRefusal(await t.request("/api/agent/keys/%FF", { method: "DELETE", headers: await owner.auth() }), /path/);
    await expectTradingRefusal(await t.request("/api/agent/orders?symbol=%00", { headers: { authorization: `Bearer ${agentKey}` } }), /query/);
  });

  it("refuses NUL and unpaired surrogates in JSON bodies, and bodies that are not UTF-8", async () => {
    const auth = await owner.auth();
    await expectTradingRefusal(await t.request("/api/agent/keys", postJson({ name: "a\u0000b", scopes: ["trade"] }, auth)), /body/);
    await expectTradingRefusal(await t.request("/api/agent/keys", postJson({ name: "\ud800", scopes: ["trade"] }, auth)), /body/);
    const latin1 = new Uint8Array([...Buffer.from('{"name":"caf'), 0xe9, ...Buffer.from('","scopes":["trade"]}')]);
    await expectTradingRefusal(
      await t.request("/api/agent/keys", { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: latin1 }),
      /body/,
    );
  });

  it("answers the search API's own error body under /api/web", async () => {
    const res = await t.request("/api/web/keys/%00", { headers: await owner.auth() });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "BAD_REQUEST", error: expect.stringMatching(/path/), request_id: expect.any(String) });
    const search = await t.request("/api/web/v1/search", postJson({ query: "x\u0000" }, { authorization: "Bearer bourse_sr_live_x" }));
    expect(search.status).toBe(400);
    expect(await search.json()).toMatchObject({ code: "BAD_REQUEST", error: expect.stringMatching(/body/) });
  });

  it("still takes other text, escapes included", async () => {
    const res = await t.request("/api/agent/keys", postJson({ name: "café \u00e9 😀 \\u0000 \uffff", scopes: ["trade"] }, await owner.auth()));
    expect(res.status).toBe(200);
  });
});
