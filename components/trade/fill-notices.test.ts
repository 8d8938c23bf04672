import { describe, expect, it } from "vitest";
import type { OrderView } from "@/lib/trading/contract/orders";
import { fillNotices } from "./fill-notices";
import { keyChoices, keyWords } from "./key-filter";
import { exitsBody, exitsDraftErrors, type ExitsTarget } from "./position-exits";

const order = (over: Partial<OrderView>): OrderView => ({
  venue: "alder",
  orderId: "ord_1",
  clientOrderId: "op_1.alder",
  parentId: "op_1",
  symbol: "ETH-USD",
  side: "SELL",
  type: "TAKE_PROFIT_MARKET",
  quantity: "0.5",
  price: null,
  triggerPrice: "3000",
  reduceOnly: true,
  timeInForce: "IOC",
  postOnly: false,
  takeProfit: null,
  stopLoss: null,
  keyId: "key_a",
  keyName: "momentum",
  status: "NEW",
  filledQuantity: "0",
  averagePrice: null,
  fees: "0",
  reason: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

describe("fillNotices", () => {
  it("tells of known orders that filled, partly filled or were refused since, never of rows seen for the first time", () => {
    const before = new Map([
      ["op_1.alder", { filled: "0", status: "NEW" as const }],
      ["op_2.alder", { filled: "0", status: "NEW" as const }],
      ["op_3.alder", { filled: "0", status: "NEW" as const }],
    ]);
    const notices = fillNotices(before, [
      order({ status: "FILLED", filledQuantity: "0.5", averagePrice: "3001" }),
      order({ clientOrderId: "op_2.alder", type: "LIMIT", status: "PARTIALLY_FILLED", filledQuantity: "0.2", averagePrice: "2990" }),
      order({ clientOrderId: "op_3.alder", status: "REJECTED", reason: "STOP_WOULD_TRIGGER" }),
      order({ clientOrderId: "op_4.alder", status: "FILLED", filledQuantity: "0.5" }),
    ]);
    expect(notices).toEqual([
      { title: "Filled: Sell ETH-USD on alder (take-profit market, momentum)", description: "0.5 at 3001", tone: "success" },
      { title: "Partly filled: Sell ETH-USD on alder (limit, momentum)", description: "0.2 of 0.5 at 2990", tone: "info" },
      { title: "Refused: Sell ETH-USD on alder (take-profit market, momentum)", description: "the stop would trigger at once", tone: "destructive" },
    ]);
  });
});

describe("keys", () => {
  it("names the key, the owner or a key no longer known, and offers each key once", () => {
    expect([keyWords({ keyId: "k", keyName: "bot" }), keyWords({ keyId: null, keyName: null }), keyWords({ keyId: "k", keyName: null })]).toEqual([
      "bot",
      "Owner",
      "Removed key",
    ]);
    expect(
      keyChoices([
        { keyId: "k2", keyName: "zeta" },
        { keyId: "k1", keyName: "alpha" },
        { keyId: "k2", keyName: "zeta" },
        { keyId: null, keyName: null },
      ]),
    ).toEqual([
      { value: "", label: "All keys" },
      { value: "k1", label: "alpha" },
      { value: "k2", label: "zeta" },
    ]);
  });
});

describe("position exits", () => {
  const long: ExitsTarget = { symbol: "ETH-USD", venue: "alder", side: "LONG", markPrice: "3000", tickSize: "0.1", takeProfit: "3300", stopLoss: null };
  it("checks the step and the side of the mark, and sends what changed (empty removes)", () => {
    expect(exitsDraftErrors({ takeProfit: "2900", stopLoss: "3100.05" }, long)).toEqual({
      takeProfit: "A long's take-profit goes above the mark.",
      stopLoss: "Prices go in steps of 0.1.",
    });
    expect(exitsBody({ takeProfit: "", stopLoss: "2800" }, long)).toEqual({ venue: "alder", takeProfit: null, stopLoss: "2800" });
    expect(exitsBody({ takeProfit: "3300", stopLoss: "" }, long)).toEqual({ venue: "alder" });
  });
});
