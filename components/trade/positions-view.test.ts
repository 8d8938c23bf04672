import { describe, expect, it } from "vitest";
import type { PositionView } from "@/lib/trading/contract/positions";
import { closeQuantity, groupPositions } from "./positions-view";

const position = (venue: string, over: Partial<PositionView> = {}): PositionView => ({
  venue,
  symbol: "BTC-USD",
  side: "LONG",
  size: "0.1",
  entryPrice: "64000",
  markPrice: "64100",
  liquidationPrice: "50000",
  notional: "6410",
  unrealizedPnl: "10",
  realizedPnl: "0",
  funding: "0",
  margin: "641",
  maintenanceMargin: "32",
  leverage: "10",
  takeProfit: null,
  stopLoss: null,
  openedBy: [],
  ...over,
});

describe("groupPositions", () => {
  it("puts each market and side's venues together with exact totals", () => {
    const groups = groupPositions([
      position("cedar", { size: "0.2", unrealizedPnl: "-0.3", margin: "1282.1" }),
      position("alder"),
      position("birch", { symbol: "ETH-USD", side: "SHORT" }),
    ]);
    expect(groups.map((g) => [g.symbol, g.side, g.size, g.unrealizedPnl, g.margin, g.legs.map((l) => l.venue)])).toEqual([
      ["BTC-USD", "LONG", "0.3", "9.7", "1923.1", ["alder", "cedar"]],
      ["ETH-USD", "SHORT", "0.1", "10", "641", ["birch"]],
    ]);
  });
});

describe("closeQuantity", () => {
  it("closes everything when the whole size is asked, else that part", () => {
    expect(closeQuantity("0.3", "0.3", "0.001")).toEqual({ ok: true, quantity: undefined });
    expect(closeQuantity("0.1", "0.3", "0.001")).toEqual({ ok: true, quantity: "0.1" });
  });
  it("refuses more than the position, off-lot sizes and non-numbers", () => {
    expect(closeQuantity("0.4", "0.3", "0.001")).toEqual({ ok: false, error: "The position holds 0.3." });
    expect(closeQuantity("0.0005", "0.3", "0.001")).toEqual({ ok: false, error: "Sizes go in steps of 0.001." });
    expect(closeQuantity("", "0.3", "0.001").ok).toBe(false);
  });
});
