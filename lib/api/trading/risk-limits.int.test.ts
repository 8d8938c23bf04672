import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "../../testing/api";
import { call, createTrader, createTradingTestApi, expectError } from "../../testing/trading";

let t: TestApi;

beforeAll(async () => {
  t = await createTradingTestApi();
});
afterAll(() => t.close());

const market = { symbol: "BTC-USD", side: "BUY", type: "MARKET", quantity: "0.01" };

describe("risk limits over the API (owner token)", () => {
  it("sets, reads and removes one key's limits, which then refuse that key's orders only", async () => {
    const a = await createTrader(t);
    const second = await call(t, "POST", "/agent/keys", await a.auth(), { name: "second", scopes: ["trade", "account:read"] });
    const secondAuth = { authorization: `Bearer ${(second.body.data as { key: string }).key}` };

    const set = await call(t, "PUT", `/agent/keys/${a.keyId}/risk-limits`, await a.auth(), { maxOrderNotionalUsd: "100", maxLeverage: 3 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toEqual({ maxOrderNotionalUsd: "100", maxLeverage: 3 });
    expect((await call(t, "GET", `/agent/keys/${a.keyId}/risk-limits`, await a.auth())).body.data).toEqual({ maxOrderNotionalUsd: "100", maxLeverage: 3 });
    expect((await call(t, "GET", "/agent/risk-limits", await a.auth())).body.data).toEqual({
      allKeys: {},
      keys: { [a.keyId]: { maxOrderNotionalUsd: "100", maxLeverage: 3 } },
    });
    expect(expectError(await a.call("POST", "/agent/orders", market), 403, "RISK_REJECTED").category).toBe("ORDER_NOTIONAL");
    expect((await call(t, "POST", "/agent/orders", secondAuth, market)).status).toBe(200);

    expect((await call(t, "PUT", `/agent/keys/${a.keyId}/risk-limits`, await a.auth(), {})).body.data).toEqual({});
    expect((await call(t, "GET", `/agent/keys/${a.keyId}/risk-limits`, await a.auth())).body.data).toEqual({});
    expect((await a.call("POST", "/agent/orders", market)).status).toBe(200);
  });

  it("limits for all keys cover every key of the owner", async () => {
    const a = await createTrader(t);
    const set = await call(t, "PUT", "/agent/risk-limits", await a.auth(), { maxOrderNotionalUsd: "100" });
    expect(set.body.data).toEqual({ maxOrderNotionalUsd: "100" });
    expect((await call(t, "GET", "/agent/risk-limits", await a.auth())).body.data).toEqual({ allKeys: { maxOrderNotionalUsd: "100" }, keys: {} });
    expect(expectError(await a.call("POST", "/agent/orders", market), 403, "RISK_REJECTED")).toMatchObject({
      category: "ORDER_NOTIONAL",
      error: "The order is above your account's limit for one order.",
    });
    await call(t, "PUT", "/agent/risk-limits", await a.auth(), {});
    expect((await a.call("POST", "/agent/orders", market)).status).toBe(200);
  });

  it("answers 400 in the envelope for bad limits, storing nothing", async () => {
    const a = await createTrader(t);
    const auth = await a.auth();
    for (const body of [
      { maxLeverage: 0 },
      { priceCollar: 2 },
      { maxOrderNotionalUsd: 100 },
      { maxOrderNotionalUsd: "1.1234567" },
      { maxOpenOrders: 1.5 },
      { unknownLimit: 1 },
    ]) {
      expectError(await call(t, "PUT", `/agent/keys/${a.keyId}/risk-limits`, auth, body), 400, "BAD_REQUEST");
      expectError(await call(t, "PUT", "/agent/risk-limits", auth, body), 400, "BAD_REQUEST");
    }
    const notJson = await t.request(`/api/agent/risk-limits`, { method: "PUT", headers: { ...auth, "content-type": "application/json" }, body: "{" });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ success: false, code: "INVALID_JSON" });
    expect((await call(t, "GET", "/agent/risk-limits", auth)).body.data).toEqual({ allKeys: {}, keys: {} });
  });

  it("answers 404 for another owner's key or no key, touching nothing", async () => {
    const a = await createTrader(t);
    const other = await createTrader(t);
    expectError(await call(t, "PUT", `/agent/keys/${other.keyId}/risk-limits`, await a.auth(), { maxOrderNotionalUsd: "1" }), 404, "NOT_FOUND");
    expectError(await call(t, "GET", `/agent/keys/${other.keyId}/risk-limits`, await a.auth()), 404, "NOT_FOUND");
    expectError(await call(t, "PUT", "/agent/keys/key_none/risk-limits", await a.auth(), {}), 404, "NOT_FOUND");
    expect((await call(t, "GET", "/agent/risk-limits", await other.auth())).body.data).toEqual({ allKeys: {}, keys: {} });
    expect((await other.call("POST", "/agent/orders", market)).status).toBe(200);
  });

  it("answers 401 without an owner token, or with an agent key instead", async () => {
    const a = await createTrader(t);
    const agent = { authorization: `Bearer ${a.key}` };
    for (const auth of [{}, agent, { authorization: "Bearer not-a-token" }]) {
      expectError(await call(t, "GET", "/agent/risk-limits", auth), 401, "UNAUTHORIZED");
      expectError(await call(t, "PUT", "/agent/risk-limits", auth, {}), 401, "UNAUTHORIZED");
      expectError(await call(t, "GET", `/agent/keys/${a.keyId}/risk-limits`, auth), 401, "UNAUTHORIZED");
      expectError(await call(t, "PUT", `/agent/keys/${a.keyId}/risk-limits`, auth, { maxLeverage: 2 }), 401, "UNAUTHORIZED");
    }
    expect((await call(t, "GET", "/agent/risk-limits", await a.auth())).body.data).toEqual({ allKeys: {}, keys: {} });
  });

  it("audits limit changes and the kill switch, once per change", async () => {
    const a = await createTrader(t);
    const owner = await a.auth();
    await call(t, "PUT", `/agent/keys/${a.keyId}/risk-limits`, owner, { maxLeverage: 3 });
    await call(t, "PUT", "/agent/risk-limits", owner, {});
    await call(t, "POST", "/agent/kill-switch", owner, {});
    await call(t, "POST", "/agent/kill-switch", owner, {});
    await call(t, "DELETE", "/agent/kill-switch", owner);
    const audit = (await call(t, "GET", "/agent/audit", owner)).body.data as { action: string; keyId: string | null; detail: Record<string, unknown> }[];
    expect(audit.filter((e) => !e.action.startsWith("key.")).map((e) => [e.action, e.keyId, e.detail])).toEqual([
      ["kill_switch.released", null, { scope: "all keys" }],
      ["kill_switch.engaged", null, { scope: "all keys" }],
      ["risk_limits.changed", null, { scope: "all keys", limits: {} }],
      ["risk_limits.changed", a.keyId, { scope: "key", limits: { maxLeverage: 3 } }],
    ]);
  });
});
