import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "../../testing/api";
import { call, createTrader, createTradingTestApi, expectError } from "../../testing/trading";
import { orderPreviewSchema } from "../../trading/contract/order-preview";
import { planRoute } from "../../trading/execution/smart-routing";
import { routeVenueInputs } from "../../trading/execution/routing-inputs";
import { findMarket } from "../../venues/catalog";

let t: TestApi;

beforeAll(async () => {
  t = await createTradingTestApi({ VENUE_PAPER_BALANCE_USDC: "10000000", RISK_MAX_ORDER_NOTIONAL_USD: "5000000", RISK_MAX_POSITION_NOTIONAL_USD: "10000000" });
});
afterAll(() => t.close());

const mark = (symbol: string) => t.deps.venues.find((v) => v.name === "alder")!.ticker(symbol)!.markPrice;

describe("POST /agent/orders/preview", () => {
  it("plans a market order as placing it would split it, with its fees, and sends nothing", async () => {
    const a = await createTrader(t);
    const plan = planRoute({ market: findMarket("ETH-USD")!, side: "BUY", quantityLots: 200_000, venues: routeVenueInputs(t.deps.venues, "ETH-USD") });
    const r = await a.call("POST", "/agent/orders/preview", { symbol: "ETH-USD", side: "BUY", type: "MARKET", quantity: "200" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const preview = orderPreviewSchema.parse(r.body.data);
    expect(preview).toMatchObject({ routing: "SMART", quantity: "200", fillsNow: "200", risk: { allowed: true, category: null } });
    expect(preview.children.map((c) => [c.venue, Math.round(Number(c.fillsNow) * 1000)]).sort()).toEqual(plan.legs.map((l) => [l.venue, l.sizeLots]).sort());
    expect(Number(preview.fees)).toBeGreaterThan(0);
    expect(preview.outcome).toMatch(/^Would fill 200 ETH-USD at [\d.]+ on average, fees [\d.]+ USD/);
    expect((await a.call("GET", "/agent/positions")).body.data).toEqual([]);
    expect((await a.call("GET", "/agent/orders?status=all")).body.data).toEqual([]);
  });

  it("shows what a limit order below the book would leave resting", async () => {
    const a = await createTrader(t);
    const price = String(Math.round((mark("BTC-USD") * 0.98) / 5) * 0.5);
    const r = await a.call("POST", "/agent/orders/preview", {
      symbol: "BTC-USD",
      side: "BUY",
      type: "LIMIT",
      quantity: "0.01",
      price,
      preferredExchange: "birch",
    });
    const preview = orderPreviewSchema.parse(r.body.data);
    expect(preview).toMatchObject({ routing: "VENUE", fillsNow: "0", fees: "0", averagePrice: null });
    expect(preview.children).toEqual([expect.objectContaining({ venue: "birch", quantity: "0.01", price, rests: "0.01" })]);
    expect(preview.outcome).toMatch(/Would fill nothing now; 0\.01 would rest at the limit/);
  });

  it("answers the risk verdict instead of refusing: the kill switch, then a notional limit", async () => {
    const a = await createTrader(t);
    await call(t, "POST", "/agent/kill-switch", await a.auth(), { keyId: a.keyId });
    const order = { symbol: "BTC-USD", side: "SELL", type: "MARKET", quantity: "0.01" };
    const killed = orderPreviewSchema.parse((await a.call("POST", "/agent/orders/preview", order)).body.data);
    expect(killed.risk).toEqual({ allowed: false, category: "KILL_SWITCH", message: expect.stringMatching(/kill switch/) });
    expect(killed.outcome).toMatch(/^Would be refused by the risk policy \(KILL_SWITCH\)/);
    await call(t, "DELETE", `/agent/kill-switch?keyId=${a.keyId}`, await a.auth());
    await t.deps.trading.setRiskOverride(a.id, a.keyId, { maxOrderNotionalUsd: "100" });
    expect(orderPreviewSchema.parse((await a.call("POST", "/agent/orders/preview", order)).body.data).risk.category).toBe("ORDER_NOTIONAL");
  });

  it("refuses what placing would refuse as invalid, and keys without the trade scope", async () => {
    const a = await createTrader(t);
    expectError(await a.call("POST", "/agent/orders/preview", { symbol: "BTC-USD", side: "BUY", type: "LIMIT", quantity: "0.01" }), 400, "BAD_REQUEST");
    const reader = await createTrader(t, ["account:read"]);
    expectError(await reader.call("POST", "/agent/orders/preview", { symbol: "BTC-USD", side: "BUY", type: "MARKET", quantity: "0.01" }), 403, "FORBIDDEN");
  });
});
