import { describe, expect, it } from "vitest";
import { emptyDraft, isLargeOrder, leverageChoices, parseTicket, timeInForceChoices, type TicketDraft, type TicketMarket } from "./ticket-form";

const BTC: TicketMarket = { symbol: "BTC-USD", base: "BTC", lotSize: "0.001", tickSize: "0.5", markPrice: "64000" };
const draft = (over: Partial<TicketDraft>): TicketDraft => ({ ...emptyDraft(), ...over });

describe("order options", () => {
  it("attaches a take-profit and stop-loss on the right sides of the order's price, and names a wrong one", () => {
    expect(parseTicket(draft({ quantity: "0.01", takeProfit: "70000", stopLoss: "60000" }), BTC)).toMatchObject({
      ok: true,
      order: { type: "MARKET", takeProfit: "70000", stopLoss: "60000" },
    });
    expect(parseTicket(draft({ type: "LIMIT", side: "SELL", quantity: "0.01", price: "65000", takeProfit: "66000" }), BTC)).toMatchObject({
      ok: false,
      errors: { takeProfit: "A sell's take-profit goes below its limit (65000)." },
    });
    expect(parseTicket(draft({ quantity: "0.01", stopLoss: "60000.2" }), BTC)).toMatchObject({ ok: false, errors: { stopLoss: "Prices go in steps of 0.5." } });
    const reducing = parseTicket(draft({ quantity: "0.01", reduceOnly: true, takeProfit: "70000" }), BTC);
    expect(reducing.ok && "takeProfit" in reducing.order).toBe(false);
  });

  it("offers the time in force each type takes, and post-only only for a resting limit", () => {
    expect(timeInForceChoices("MARKET").map((c) => c.value)).toEqual(["IOC", "FOK"]);
    expect(timeInForceChoices("LIMIT").map((c) => c.value)).toEqual(["GTC", "IOC", "FOK"]);
    const limit = { type: "LIMIT", quantity: "0.01", price: "60000" } as const;
    expect(parseTicket(draft({ ...limit, timeInForce: "FOK" }), BTC)).toMatchObject({ ok: true, order: { timeInForce: "FOK" } });
    expect(parseTicket(draft({ ...limit, postOnly: true }), BTC)).toMatchObject({ ok: true, order: { postOnly: true } });
    const ioc = parseTicket(draft({ ...limit, postOnly: true, timeInForce: "IOC" }), BTC);
    expect(ioc.ok && "postOnly" in ioc.order).toBe(false);
    const market = parseTicket(draft({ quantity: "0.01", timeInForce: "GTC" }), BTC);
    expect(market.ok && "timeInForce" in market.order).toBe(false);
  });
});

describe("parseTicket", () => {
  it("makes a smart-routed market order without price fields, sized at the mark", () => {
    expect(parseTicket(draft({ quantity: "0.01" }), BTC)).toEqual({
      ok: true,
      order: { symbol: "BTC-USD", side: "BUY", type: "MARKET", quantity: "0.01" },
      notional: "640",
    });
  });
  it("sends only the fields each type takes, and names the venue and reduce-only when set", () => {
    const stopLimit = parseTicket(
      draft({ type: "STOP_LIMIT", side: "SELL", quantity: "0.002", price: "63000", triggerPrice: "63100.5", reduceOnly: true, venue: "alder" }),
      BTC,
    );
    expect(stopLimit).toMatchObject({
      ok: true,
      order: { side: "SELL", type: "STOP_LIMIT", quantity: "0.002", price: "63000", triggerPrice: "63100.5", reduceOnly: true, preferredExchange: "alder" },
    });
    const limit = parseTicket(draft({ type: "LIMIT", quantity: "1", price: "60000", triggerPrice: "1" }), BTC);
    expect(limit.ok && limit.order).toEqual({ symbol: "BTC-USD", side: "BUY", type: "LIMIT", quantity: "1", price: "60000" });
    const stop = parseTicket(draft({ type: "STOP_MARKET", quantity: "1", price: "5", triggerPrice: "65000" }), BTC);
    expect(stop.ok && stop.order).toEqual({ symbol: "BTC-USD", side: "BUY", type: "STOP_MARKET", quantity: "1", triggerPrice: "65000" });
  });
  it("sends a slippage bound in percent as the API's fraction, only for orders that fill at market", () => {
    expect(parseTicket(draft({ quantity: "0.01", slippagePercent: "0.5" }), BTC)).toMatchObject({ ok: true, order: { type: "MARKET", slippage: 0.005 } });
    const limit = parseTicket(draft({ type: "LIMIT", quantity: "0.01", price: "60000", slippagePercent: "0.5" }), BTC);
    expect(limit.ok && "slippage" in limit.order).toBe(false);
    expect(parseTicket(draft({ quantity: "0.01", slippagePercent: "6" }), BTC)).toMatchObject({
      ok: false,
      errors: { slippagePercent: "Enter a percentage above 0 and at most 5." },
    });
    expect(parseTicket(draft({ quantity: "0.01", slippagePercent: "0" }), BTC)).toMatchObject({ ok: false, errors: { slippagePercent: expect.any(String) } });
  });
  it("names each wrong field", () => {
    expect(parseTicket(draft({ type: "STOP_LIMIT", quantity: "0.0015", price: "100.2", triggerPrice: "" }), BTC)).toEqual({
      ok: false,
      quantity: null,
      errors: { quantity: "Sizes go in steps of 0.001 BTC.", price: "Prices go in steps of 0.5.", triggerPrice: "Enter a trigger price." },
    });
    expect(parseTicket(draft({ quantity: "lots" }), BTC)).toMatchObject({ ok: false, errors: { quantity: "Enter a size such as 0.001." } });
  });
  it("turns a notional into whole lots at the limit price, or at the mark for a market order", () => {
    expect(parseTicket(draft({ sizeMode: "notional", notional: "1000" }), BTC)).toMatchObject({ ok: true, order: { quantity: "0.015" }, notional: "960" });
    expect(parseTicket(draft({ sizeMode: "notional", notional: "1000", type: "LIMIT", price: "50000" }), BTC)).toMatchObject({
      ok: true,
      order: { quantity: "0.02" },
    });
    expect(parseTicket(draft({ sizeMode: "notional", notional: "10" }), BTC)).toMatchObject({
      ok: false,
      errors: { notional: "Less than one lot (0.001 BTC) at this price." },
    });
    expect(parseTicket(draft({ sizeMode: "notional", notional: "1000" }), { ...BTC, markPrice: null })).toMatchObject({
      ok: false,
      errors: { notional: "No mark price yet to size it at." },
    });
  });
  it("keeps the typed quantity for the routing preview while another field is wrong", () => {
    expect(parseTicket(draft({ type: "LIMIT", quantity: "0.5" }), BTC)).toMatchObject({ ok: false, quantity: "0.5" });
  });
});

describe("isLargeOrder", () => {
  it("asks to confirm from 25,000 US dollars", () => {
    expect([isLargeOrder("24999.99"), isLargeOrder("25000"), isLargeOrder(null)]).toEqual([false, true, false]);
  });
});

describe("leverage", () => {
  it("offers common steps up to the market's maximum, the maximum included", () => {
    expect(leverageChoices(50)).toEqual([1, 2, 3, 5, 10, 20, 25, 50]);
    expect(leverageChoices(8)).toEqual([1, 2, 3, 5, 8]);
  });
  it("sends the chosen leverage with the order, and none when left as it is", () => {
    expect(parseTicket(draft({ quantity: "0.01", leverage: "5" }), BTC)).toMatchObject({ ok: true, order: { leverage: 5 } });
    const kept = parseTicket(draft({ quantity: "0.01" }), BTC);
    expect(kept.ok && "leverage" in kept.order).toBe(false);
  });
});
