import { describe, expect, it } from "vitest";
import { marginPreview } from "./margin-preview";

describe("marginPreview", () => {
  it("states cost and the initial margin at the chosen leverage", () => {
    expect(marginPreview({ side: "BUY", quantity: "2", price: "1000", leverage: 4, equity: null, maintenanceMarginBps: null })).toEqual({
      cost: 2000,
      margin: 500,
      liquidationPrice: null,
    });
  });

  it("puts a long's liquidation where equity plus its loss meets the maintenance margin", () => {
    const { liquidationPrice } = marginPreview({ side: "BUY", quantity: "10", price: "100", leverage: 10, equity: "100", maintenanceMarginBps: 100 });
    // equity 100 + 10 × (L − 100) = 0.01 × 10 × L  →  L = 900 / 9.9
    expect(liquidationPrice).toBeCloseTo(900 / 9.9, 9);
  });

  it("puts a short's above the price, and says none for a long its equity covers whole", () => {
    const short = marginPreview({ side: "SELL", quantity: "10", price: "100", leverage: 10, equity: "100", maintenanceMarginBps: 100 });
    expect(short.liquidationPrice).toBeCloseTo(1100 / 10.1, 9);
    expect(marginPreview({ side: "BUY", quantity: "1", price: "100", leverage: 1, equity: "1000", maintenanceMarginBps: 100 }).liquidationPrice).toBe("none");
  });
});
