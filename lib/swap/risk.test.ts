import { describe, expect, it } from "vitest";
import type { SwapQuoteView } from "./contract";
import { maxNotionalPerSwap } from "./risk";

const worth = (fromAmountUSD: string | null) => ({ ownerId: "own_1", quote: { fromAmountUSD } as SwapQuoteView });

describe("maximum notional per swap", () => {
  const check = maxNotionalPerSwap("25000");
  it("allows up to the limit, exactly", () => {
    expect(check(worth("25000.00"))).toEqual({ ok: true });
    expect(check(worth("0.01"))).toEqual({ ok: true });
  });
  it("refuses above it, by a cent", () => {
    expect(check(worth("25000.01"))).toEqual({ ok: false, reason: "The swap is worth $25000.01, above the limit of $25000 per swap" });
  });
  it("refuses a swap it cannot value", () => {
    expect(check(worth(null))).toMatchObject({ ok: false });
  });
});
