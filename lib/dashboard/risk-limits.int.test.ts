import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTradingClient, type TradingClient } from "../client/trading";
import type { TestApi } from "../testing/api";
import { call, createTrader, createTradingTestApi, expectError, type Trader } from "../testing/trading";
import { EMPTY_RISK_LIMITS, type RiskLimitsDraft } from "./risk-limits-form";
import { setOwnerRiskLimits } from "./risk-limits";

let t: TestApi;

beforeAll(async () => {
  t = await createTradingTestApi();
});
afterAll(() => t.close());

const market = { symbol: "BTC-USD", side: "BUY", type: "MARKET", quantity: "0.01" };
const form = (patch: Partial<RiskLimitsDraft>): RiskLimitsDraft => ({ ...EMPTY_RISK_LIMITS, ...patch });

/** The trading API as the dashboard reaches it for this owner: over HTTP, with an owner token. */
async function ownerClient(owner: Trader): Promise<TradingClient> {
  return createTradingClient({
    baseUrl: "http://bourse.test/api",
    token: await owner.token(),
    fetch: ((url, init) => t.api.request(String(url), init)) as typeof fetch,
  });
}

/** An owner with two trading keys, as the keys panel sees them. */
async function ownerWithTwoKeys(): Promise<{
  a: Trader;
  client: TradingClient;
  second: (method: string, path: string, body?: unknown) => ReturnType<typeof call>;
  keyIds: string[];
}> {
  const a = await createTrader(t);
  const minted = await call(t, "POST", "/agent/keys", await a.auth(), { name: "second", scopes: ["trade", "account:read"] });
  const auth = { authorization: `Bearer ${(minted.body.data as { key: string }).key}` };
  const listed = await call(t, "GET", "/agent/keys", await a.auth());
  return {
    a,
    client: await ownerClient(a),
    second: (method, path, body) => call(t, method, path, auth, body),
    keyIds: (listed.body.data as { id: string }[]).map((k) => k.id),
  };
}

describe("the keys panel's limits", () => {
  it("a key's max order notional refuses that key's larger orders, and the owner's other key is unaffected", async () => {
    const { a, client, second, keyIds } = await ownerWithTwoKeys();
    const saved = await setOwnerRiskLimits(client, keyIds, { keyId: a.keyId, limits: form({ maxOrderNotionalUsd: "100" }) });
    expect(saved).toEqual({ ok: true, override: { maxOrderNotionalUsd: "100" } });

    const refused = expectError(await a.call("POST", "/agent/orders", market), 403, "RISK_REJECTED");
    expect(refused.category).toBe("ORDER_NOTIONAL");
    expect(refused.error).not.toMatch(/\d/);
    expect((await second("POST", "/agent/orders", market)).status).toBe(200);

    // What the dialog shows when reopened; no agent endpoint answers with it.
    expect(await t.deps.trading.riskOverrides(a.id)).toEqual({ allKeys: {}, keys: { [a.keyId]: { maxOrderNotionalUsd: "100" } } });
    expect(JSON.stringify((await a.call("GET", "/agent/orders")).body)).not.toContain("maxOrderNotional");

    // Every field empty removes the override.
    expect(await setOwnerRiskLimits(client, keyIds, { keyId: a.keyId, limits: EMPTY_RISK_LIMITS })).toEqual({ ok: true, override: {} });
    expect((await a.call("POST", "/agent/orders", market)).status).toBe(200);
    expect(await t.deps.trading.riskOverrides(a.id)).toEqual({ allKeys: {}, keys: {} });
  });

  it("limits for all keys cover every key of the owner", async () => {
    const { a, client, second, keyIds } = await ownerWithTwoKeys();
    expect((await setOwnerRiskLimits(client, keyIds, { keyId: null, limits: form({ maxOrderNotionalUsd: "100" }) })).ok).toBe(true);
    expect(expectError(await a.call("POST", "/agent/orders", market), 403, "RISK_REJECTED").category).toBe("ORDER_NOTIONAL");
    expect(expectError(await second("POST", "/agent/orders", market), 403, "RISK_REJECTED").category).toBe("ORDER_NOTIONAL");
    expect((await t.deps.trading.riskOverrides(a.id)).allKeys).toEqual({ maxOrderNotionalUsd: "100" });
  });

  it("refuses another owner's key and bad input without storing anything", async () => {
    const { client, a, keyIds } = await ownerWithTwoKeys();
    const other = await createTrader(t);
    expect(await setOwnerRiskLimits(client, keyIds, { keyId: other.keyId, limits: form({ maxOrderNotionalUsd: "1" }) })).toEqual({
      ok: false,
      error: "You have no key with that id.",
    });
    const bad = await setOwnerRiskLimits(client, keyIds, { keyId: a.keyId, limits: form({ maxLeverage: "0", priceCollar: "2" }) });
    expect(bad).toMatchObject({ ok: false, error: expect.stringMatching(/limits\.maxLeverage: Must be at least 1\..*limits\.priceCollar/) });
    expect(await t.deps.trading.riskOverrides(a.id)).toEqual({ allKeys: {}, keys: {} });
    expect(await t.deps.trading.riskOverrides(other.id)).toEqual({ allKeys: {}, keys: {} });
    expect((await other.call("POST", "/agent/orders", market)).status).toBe(200);
  });
});
