import { describe, expect, it } from "vitest";
import { formatAmount, formatUsd, orderStatusWords, pnlTone, reasonWords, typeWords } from "./trade-words";

describe("orderStatusWords", () => {
  it("says Not filled for an order cancelled with nothing filled, which is not Rejected", () => {
    expect(orderStatusWords({ status: "CANCELED", filledQuantity: "0" })).toEqual({ label: "Not filled", tone: "secondary" });
    expect(orderStatusWords({ status: "REJECTED", filledQuantity: "0" })).toEqual({ label: "Rejected", tone: "destructive" });
  });
  it("tells a partial fill whose rest was cancelled from one still working", () => {
    expect(orderStatusWords({ status: "CANCELED", filledQuantity: "0.002" }).label).toBe("Partly filled, rest cancelled");
    expect(orderStatusWords({ status: "PARTIALLY_FILLED", filledQuantity: "0.002" }).label).toBe("Partly filled, rest working");
    expect(orderStatusWords({ status: "FILLED", filledQuantity: "1" }).label).toBe("Filled");
  });
});

describe("words", () => {
  it("explains the venues' reasons and keeps unknown ones readable", () => {
    expect(reasonWords("PRICE_PROTECTION")).toMatch(/slippage limit/);
    expect(reasonWords("SOMETHING_NEW")).toBe("something new");
    expect(reasonWords(null)).toBeNull();
    expect(typeWords("STOP_LIMIT")).toBe("Stop limit");
  });
});

describe("money", () => {
  it("formats dollars to the cent with the sign in front, signed on request", () => {
    expect(formatUsd("1234.5")).toBe("$1,234.50");
    expect(formatUsd("-12")).toBe("-$12.00");
    expect(formatUsd("3.456", { signed: true })).toBe("+$3.46");
    expect(formatUsd("0", { signed: true })).toBe("$0.00");
  });
  it("colours gains and losses, and formats amounts with the market's decimals when known", () => {
    expect([pnlTone("1"), pnlTone("-0.01"), pnlTone("0.000")]).toEqual(["text-success", "text-destructive", "text-muted-foreground"]);
    expect(formatAmount("64250.5", 2)).toBe("64,250.50");
    expect(formatAmount("0.1", undefined)).toBe("0.1");
    expect(formatAmount(null, 2)).toBe("—");
  });
});
