import { describe, expect, it } from "vitest";
import { pairStatusWords, parsePairDraft, type PairDraft } from "./pair-form";

const draft = (over: Partial<PairDraft> = {}): PairDraft => ({
  longSymbol: "ETH-USD",
  shortSymbol: "BTC-USD",
  notional: "2000",
  leverage: "3",
  venue: "",
  ...over,
});

describe("parsePairDraft", () => {
  it("makes an OpenPair body, with the venue only when one is picked", () => {
    expect(parsePairDraft(draft(), 20)).toEqual({ ok: true, pair: { longSymbol: "ETH-USD", shortSymbol: "BTC-USD", notionalUsd: 2000, leverage: 3 } });
    expect(parsePairDraft(draft({ venue: "cedar" }), 20)).toMatchObject({ ok: true, pair: { venue: "cedar" } });
  });
  it("names each wrong field", () => {
    expect(parsePairDraft(draft({ shortSymbol: "ETH-USD", notional: "-5", leverage: "2.5" }), 20)).toEqual({
      ok: false,
      errors: {
        shortSymbol: "Pick a different market for the short leg.",
        notional: "Enter the total in USD, such as 1000.",
        leverage: "A whole number from 1 to 20.",
      },
    });
    expect(parsePairDraft(draft({ leverage: "21" }), 20).ok).toBe(false);
  });
  it("says a failed pair was unwound", () => {
    expect(pairStatusWords("FAILED").label).toBe("Failed, unwound");
  });
});
