import type { Order, Trade } from "ccxt";
import { describe, expect, it } from "vitest";
import { HYPERLIQUID_BTC } from "../../testing/ccxt-markets";
import { findMarket } from "../catalog";
import { mapMarket } from "./markets";
import { orderIdOf, orderRequest, parseOrderId, type SentOrder, venueFillOf, venueOrderOf } from "./order-mapping";

const hlBtc = mapMarket(HYPERLIQUID_BTC, findMarket("BTC-USD")!, 5);

/** An order as ccxt's safeOrder leaves it, filled in from `fields`. */
const ccxtOrder = (fields: Partial<Order>): Order => ({
  id: "5063830287",
  clientOrderId: undefined,
  datetime: undefined,
  timestamp: 1_767_225_600_000,
  lastTradeTimestamp: undefined,
  status: "open",
  symbol: "BTC/USDC:USDC",
  type: "limit",
  side: "buy",
  price: 64250,
  amount: 0.001,
  filled: 0,
  remaining: 0.001,
  cost: 0,
  trades: [],
  fee: undefined,
  reduceOnly: false,
  postOnly: false,
  info: {},
  ...fields,
});

describe("orders to ccxt", () => {
  it("sends a market order as immediate-or-cancel at its protection price, rounded to the venue's figures on the safe side", () => {
    const buy = orderRequest(hlBtc, { symbol: "BTC-USD", side: "BUY", type: "MARKET", size: 12, protectionPrice: 642_570 }, "0xabc");
    expect(buy).toEqual({
      symbol: "BTC/USDC:USDC",
      type: "limit",
      side: "buy",
      amount: 0.0012,
      price: 64257,
      params: { clientOrderId: "0xabc", timeInForce: "IOC" },
    });
    // 123456.7 has more than five significant figures' worth of decimals: a buy's bound goes down, a sell's up.
    expect(orderRequest(hlBtc, { symbol: "BTC-USD", side: "BUY", type: "MARKET", size: 1, protectionPrice: 1_234_567 }, undefined)?.price).toBe(123456);
    expect(orderRequest(hlBtc, { symbol: "BTC-USD", side: "SELL", type: "MARKET", size: 1, protectionPrice: 1_234_567 }, undefined)?.price).toBe(123457);
    // A bound between the venue's ticks (its tick is 10 base ticks) goes onto the grid on the same safe side.
    expect(orderRequest(hlBtc, { symbol: "BTC-USD", side: "BUY", type: "MARKET", size: 1, protectionPrice: 642_575 }, undefined)?.price).toBe(64257);
    expect(orderRequest(hlBtc, { symbol: "BTC-USD", side: "SELL", type: "MARKET", size: 1, protectionPrice: 642_575 }, undefined)?.price).toBe(64258);
    expect(orderRequest(hlBtc, { symbol: "BTC-USD", side: "BUY", type: "MARKET", size: 1 }, undefined)).toBeUndefined();
  });

  it("sends limits with their time in force, stops with ccxt's triggerPrice, and reduce-only", () => {
    const limit = { symbol: "BTC-USD", side: "SELL", type: "LIMIT", size: 10_000, price: 642_500 } as const;
    expect(orderRequest(hlBtc, { ...limit, timeInForce: "POST_ONLY", reduceOnly: true }, undefined)).toEqual({
      symbol: "BTC/USDC:USDC",
      type: "limit",
      side: "sell",
      amount: 1,
      price: 64250,
      params: { reduceOnly: true, postOnly: true },
    });
    expect(orderRequest(hlBtc, { ...limit, timeInForce: "IOC" }, undefined)?.params).toEqual({ timeInForce: "IOC" });
    expect(orderRequest(hlBtc, limit, undefined)?.params).toEqual({ timeInForce: "GTC" });
    const stop = { symbol: "BTC-USD", side: "BUY", type: "STOP_MARKET", size: 10, triggerPrice: 650_000, protectionPrice: 656_500 } as const;
    expect(orderRequest(hlBtc, stop, "0xdef", { slippage: "0" })).toEqual({
      symbol: "BTC/USDC:USDC",
      type: "market",
      side: "buy",
      amount: 0.001,
      price: 65650,
      params: { clientOrderId: "0xdef", slippage: "0", triggerPrice: 65000 },
    });
    const stopLimit = orderRequest(hlBtc, { ...stop, type: "STOP_LIMIT", price: 651_000, protectionPrice: undefined }, undefined);
    expect(stopLimit).toMatchObject({ type: "limit", price: 65100, params: { timeInForce: "GTC", triggerPrice: 65000 } });
  });

  it("names venue orders by market and venue id, and reads such names back", () => {
    expect(orderIdOf(hlBtc, "5063830287")).toBe("BTC-USD.5063830287");
    expect(parseOrderId("BTC-USD.5063830287")).toEqual({ symbol: "BTC-USD", venueOrderId: "5063830287" });
    expect(parseOrderId("BTC-USD.abc.def")).toEqual({ symbol: "BTC-USD", venueOrderId: "abc.def" });
    expect(parseOrderId("5063830287")).toBeUndefined();
    expect(parseOrderId("BTC-USD.")).toBeUndefined();
  });
});

describe("ccxt's orders and trades as the interface's", () => {
  const sent: SentOrder = {
    type: "MARKET",
    side: "BUY",
    size: 20,
    price: undefined,
    triggerPrice: undefined,
    timeInForce: undefined,
    reduceOnly: false,
    clientOrderId: "op_1.hyperliquid",
  };

  it("fills in what Hyperliquid's answer to a new order leaves out from what was sent", () => {
    // {"filled":{"totalSz":"0.002","avgPx":"64251.5","oid":6195281425}}, parsed: no status, no side, the filled size as the amount.
    const answer = ccxtOrder({
      id: "6195281425",
      status: undefined,
      side: undefined,
      type: undefined,
      amount: 0.002,
      price: undefined,
      filled: 0.002,
      average: 64251.5,
      cost: undefined,
    });
    expect(venueOrderOf("hyperliquid", hlBtc, answer, sent, 1)).toMatchObject({
      orderId: "BTC-USD.6195281425",
      clientOrderId: "op_1.hyperliquid",
      side: "BUY",
      type: "MARKET",
      price: null,
      size: 20,
      filledSize: 20,
      filledNotional: 128_503_000n,
      status: "FILLED",
      reason: null,
    });
    const partial = venueOrderOf("hyperliquid", hlBtc, { ...answer, amount: 0.0015, filled: 0.0015 }, sent, 1);
    expect(partial).toMatchObject({ status: "CANCELED", filledSize: 15, reason: "PRICE_PROTECTION" });
  });

  it("reads a fetched order whole: open, partly filled, fees, times, trigger", () => {
    const open = ccxtOrder({
      filled: 0.0004,
      cost: 25.7,
      fee: { cost: 0.011565, currency: "USDC" },
      lastUpdateTimestamp: 1_767_225_601_000,
      timeInForce: "GTC",
    });
    expect(venueOrderOf("hyperliquid", hlBtc, open, undefined, 1)).toMatchObject({
      clientOrderId: null,
      type: "LIMIT",
      timeInForce: "GTC",
      price: 642_500,
      size: 10,
      filledSize: 4,
      filledNotional: 25_700_000n,
      fees: 11_565n,
      status: "PARTIALLY_FILLED",
      createdAt: 1_767_225_600_000,
      updatedAt: 1_767_225_601_000,
    });
    const stop = ccxtOrder({ type: "market", triggerPrice: 65000, price: undefined, clientOrderId: "0xabc" });
    expect(venueOrderOf("hyperliquid", hlBtc, stop, undefined, 1)).toMatchObject({
      type: "STOP_MARKET",
      triggerPrice: 650_000,
      price: null,
      clientOrderId: "0xabc",
      status: "NEW",
    });
    expect(venueOrderOf("hyperliquid", hlBtc, ccxtOrder({ status: "canceled", postOnly: true }), undefined, 1)).toMatchObject({
      status: "CANCELED",
      timeInForce: "POST_ONLY",
    });
    expect(venueOrderOf("hyperliquid", hlBtc, ccxtOrder({ status: "rejected" }), undefined, 1).status).toBe("REJECTED");
  });

  it("reads the owner's trades as fills", () => {
    const trade: Trade = {
      info: {},
      id: "232174667018988",
      order: "6463280784",
      timestamp: 1_709_142_268_394,
      datetime: undefined,
      symbol: "BTC/USDC:USDC",
      type: undefined,
      side: "sell",
      takerOrMaker: "maker",
      price: 64250.7,
      amount: 0.00015,
      cost: 9.6376,
      fee: { cost: 0.003879, currency: "USDC" },
    };
    expect(venueFillOf("hyperliquid", hlBtc, trade)).toEqual({
      fillId: "232174667018988",
      orderId: "BTC-USD.6463280784",
      venue: "hyperliquid",
      symbol: "BTC-USD",
      side: "SELL",
      liquidity: "MAKER",
      price: 642_510,
      size: 1,
      fee: 3879n,
      realizedPnl: 0n,
      time: 1_709_142_268_394,
    });
  });
});
