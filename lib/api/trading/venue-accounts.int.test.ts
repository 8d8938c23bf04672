import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../app";
import type { ApiDeps } from "../context";
import { createTestApi, type TestApi } from "../../testing/api";
import { createTestOwner, type TestOwner } from "../../testing/owners";
import { call, expectError } from "../../testing/trading";
import { venueAccountsOf } from "../../testing/venue-accounts";

const MAIN = `0x${"ab".repeat(19)}01`;
const AGENT_KEY = `0x${"11".repeat(32)}`;
const BINANCE = {
  apiKey: "vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duA3x9",
  secret: "NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j",
};

let t: TestApi;
/** The same deployment with Hyperliquid and Binance USDⓈ-M configured as real venues, checked by checkByIdentifier. */
let live: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  const deps: ApiDeps = Object.create(t.deps, { venueAccounts: { value: venueAccountsOf(t) } });
  const api = createApi(deps);
  live = { ...t, api, deps, request: async (path, init) => api.request(path, init) };
});
afterAll(() => t.close());

const put = async (owner: TestOwner, venue: string, body: unknown) => call(live, "PUT", `/agent/venue-accounts/${venue}`, await owner.auth(), body);
const list = async (owner: TestOwner) =>
  (await call(live, "GET", "/agent/venue-accounts", await owner.auth())).body.data as { venue: string; account: unknown }[];

describe("venue accounts over the API (owner token)", () => {
  it("lists the configured venues with what linking asks for, then links, replaces and removes an account", async () => {
    const owner = await createTestOwner(t);
    const listed = await call(live, "GET", "/agent/venue-accounts", await owner.auth());
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      {
        venue: "hyperliquid",
        network: "testnet",
        linkable: true,
        credentials: [
          { name: "walletAddress", label: "Main account address", secret: false, format: "0x followed by 40 hex digits" },
          { name: "privateKey", label: "API wallet private key", secret: true, format: "64 hex digits, 0x optional" },
        ],
        account: null,
      },
      expect.objectContaining({ venue: "binanceusdm", network: "mainnet", account: null }),
    ]);

    const linked = await put(owner, "hyperliquid", { walletAddress: MAIN, privateKey: AGENT_KEY });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.data).toMatchObject({
      account: { venue: "hyperliquid", account: { identifier: MAIN, masked: { privateKey: "••••1111" } } },
      replaced: null,
      equityUsd: "1520.42",
    });
    const replaced = await put(owner, "hyperliquid", { walletAddress: `0x${"cd".repeat(20)}`, privateKey: `0x${"22".repeat(32)}` });
    expect(replaced.body.data).toMatchObject({ replaced: { identifier: MAIN } });
    await put(owner, "binanceusdm", BINANCE);
    const both = await list(owner);
    expect(both.map((v) => v.account)).toEqual([
      expect.objectContaining({ identifier: `0x${"cd".repeat(20)}` }),
      expect.objectContaining({ identifier: "vmPU…A3x9", masked: { apiKey: "vmPU…A3x9", secret: "••••Tj0j" } }),
    ]);
    expect(JSON.stringify(both)).not.toContain(BINANCE.secret.slice(0, 12));

    const removed = await call(live, "DELETE", "/agent/venue-accounts/binanceusdm", await owner.auth());
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ venue: "binanceusdm", account: null });
    expectError(await call(live, "DELETE", "/agent/venue-accounts/binanceusdm", await owner.auth()), 404, "NOT_FOUND");

    const audit = await call(live, "GET", "/agent/audit", await owner.auth());
    expect((audit.body.data as { action: string; detail: { venue: string } }[]).map((e) => [e.action, e.detail.venue])).toEqual([
      ["venue_account.removed", "binanceusdm"],
      ["venue_account.linked", "binanceusdm"],
      ["venue_account.replaced", "hyperliquid"],
      ["venue_account.linked", "hyperliquid"],
    ]);
    expect(JSON.stringify(audit.body)).not.toContain(BINANCE.secret.slice(0, 12));
  });

  it("answers the venue's refusal as 422 CREDENTIALS_REJECTED and an unreachable venue as 503 with Retry-After, linking nothing", async () => {
    const owner = await createTestOwner(t);
    const refused = expectError(await put(owner, "binanceusdm", { ...BINANCE, apiKey: `${BINANCE.apiKey.slice(0, 20)}dead` }), 422, "CREDENTIALS_REJECTED");
    expect(refused.error).toBe("binanceusdm refused these credentials: Invalid API-key, IP, or permissions for action (signed with [redacted])");
    const unreachable = await put(owner, "hyperliquid", { walletAddress: `0x${"ab".repeat(18)}00ff`, privateKey: AGENT_KEY });
    expectError(unreachable, 503, "SERVICE_UNAVAILABLE");
    expect(unreachable.headers.get("retry-after")).toBe("5");
    expect((await list(owner)).map((v) => v.account)).toEqual([null, null]);
    const audit = await call(live, "GET", "/agent/audit", await owner.auth());
    expect((audit.body.data as { action: string }[]).map((e) => e.action)).toEqual(["venue_account.check_failed", "venue_account.check_failed"]);
  });

  it("answers 400 for bad input and 404 for a venue not configured, never reaching a venue", async () => {
    const owner = await createTestOwner(t);
    for (const body of [
      {},
      { walletAddress: MAIN },
      { walletAddress: "0x1234", privateKey: AGENT_KEY },
      { walletAddress: MAIN, privateKey: "not a key" },
      { walletAddress: MAIN, privateKey: AGENT_KEY, apiKey: "abcdefgh" },
      { walletAddress: MAIN, privateKey: AGENT_KEY, token: "x" },
      { walletAddress: 42, privateKey: AGENT_KEY },
      [],
    ])
      expectError(await put(owner, "hyperliquid", body), 400, "BAD_REQUEST");
    const missing = expectError(await put(owner, "hyperliquid", { walletAddress: MAIN }), 400, "BAD_REQUEST");
    expect(missing.error).toBe("API wallet private key (privateKey): required");
    expectError(await put(owner, "Hyper-Liquid", { walletAddress: MAIN, privateKey: AGENT_KEY }), 400, "BAD_REQUEST");
    const notJson = await live.request("/api/agent/venue-accounts/hyperliquid", {
      method: "PUT",
      headers: { ...(await owner.auth()), "content-type": "application/json" },
      body: "{",
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ success: false, code: "INVALID_JSON" });
    const unknown = expectError(await put(owner, "okx", { apiKey: "abcdefgh", secret: "abcdefgh", password: "p" }), 404, "NOT_FOUND");
    expect(unknown.error).toBe("No account can be linked on okx: the configured ones are hyperliquid, binanceusdm.");
    expect((await list(owner)).map((v) => v.account)).toEqual([null, null]);
    expect((await call(live, "GET", "/agent/audit", await owner.auth())).body.data).toEqual([]);
  });

  it("keeps owners apart", async () => {
    const a = await createTestOwner(t);
    const b = await createTestOwner(t);
    await put(a, "hyperliquid", { walletAddress: MAIN, privateKey: AGENT_KEY });
    expect((await list(b)).map((v) => v.account)).toEqual([null, null]);
    expectError(await call(live, "DELETE", "/agent/venue-accounts/hyperliquid", await b.auth()), 404, "NOT_FOUND");
    expect((await list(a))[0]?.account).toMatchObject({ identifier: MAIN });
  });

  it("answers 401 without an owner token, or with an agent key instead", async () => {
    const owner = await createTestOwner(t);
    const minted = await call(live, "POST", "/agent/keys", await owner.auth(), { name: "agent", scopes: ["trade", "account:read"] });
    const agent = { authorization: `Bearer ${(minted.body.data as { key: string }).key}` };
    for (const auth of [{}, agent, { authorization: "Bearer not-a-token" }]) {
      expectError(await call(live, "GET", "/agent/venue-accounts", auth), 401, "UNAUTHORIZED");
      expectError(await call(live, "PUT", "/agent/venue-accounts/hyperliquid", auth, { walletAddress: MAIN, privateKey: AGENT_KEY }), 401, "UNAUTHORIZED");
      expectError(await call(live, "DELETE", "/agent/venue-accounts/hyperliquid", auth), 401, "UNAUTHORIZED");
    }
  });

  it("lists nothing and links nothing while no real venue is configured", async () => {
    const owner = await createTestOwner(t);
    expect((await call(t, "GET", "/agent/venue-accounts", await owner.auth())).body.data).toEqual([]);
    const refused = expectError(
      await call(t, "PUT", "/agent/venue-accounts/hyperliquid", await owner.auth(), { walletAddress: MAIN, privateKey: AGENT_KEY }),
      404,
      "NOT_FOUND",
    );
    expect(refused.error).toBe("No account can be linked on hyperliquid: no real venue is configured (VENUES).");
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await (await t.request("/api/openapi.json")).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(Object.keys(doc.paths["/agent/venue-accounts"] ?? {})).toEqual(["get"]);
    expect(Object.keys(doc.paths["/agent/venue-accounts/{venue}"] ?? {}).sort()).toEqual(["delete", "put"]);
    expect(Object.keys(doc.paths["/agent/venue-accounts/{venue}"]?.put?.responses ?? {}).sort()).toEqual(["200", "400", "401", "404", "422", "500", "503"]);
  });
});
