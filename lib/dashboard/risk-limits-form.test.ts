import { describe, expect, it } from "vitest";
import { parseOverride } from "../trading/execution/risk/limits";
import { draftFromOverride, EMPTY_RISK_LIMITS, parseRiskLimits, type RiskLimitsDraft } from "./risk-limits-form";

const draft = (patch: Partial<RiskLimitsDraft>): RiskLimitsDraft => ({ ...EMPTY_RISK_LIMITS, ...patch });

describe("risk limits form", () => {
  it("turns empty fields into no override at all", () => {
    expect(parseRiskLimits(EMPTY_RISK_LIMITS)).toEqual({ ok: true, override: {} });
    expect(parseRiskLimits(draft({ maxLeverage: "   " }))).toEqual({ ok: true, override: {} });
  });

  it("keeps dollars as decimal strings and the counts and collar as numbers", () => {
    const parsed = parseRiskLimits(
      draft({
        maxOrderNotionalUsd: " 2500.50 ",
        maxPositionNotionalUsd: "20000",
        maxTotalNotionalUsd: "0.000001",
        dailyLossUsd: "750",
        maxLeverage: "5",
        priceCollar: "0.05",
        maxOpenOrders: "1",
      }),
    );
    const override = {
      maxOrderNotionalUsd: "2500.50",
      maxPositionNotionalUsd: "20000",
      maxTotalNotionalUsd: "0.000001",
      dailyLossUsd: "750",
      maxLeverage: 5,
      priceCollar: 0.05,
      maxOpenOrders: 1,
    };
    expect(parsed).toEqual({ ok: true, override });
    // What the form produces, the trading service stores as is.
    expect(parseOverride({ ...override })).toEqual(override);
  });

  it("names each bad field with its own message", () => {
    const parsed = parseRiskLimits(
      draft({ maxOrderNotionalUsd: "-5", maxPositionNotionalUsd: "0", dailyLossUsd: "1.1234567", maxLeverage: "2.5", priceCollar: "1.5", maxOpenOrders: "0" }),
    );
    expect(parsed).toEqual({
      ok: false,
      errors: {
        maxOrderNotionalUsd: expect.stringMatching(/US dollars/),
        maxPositionNotionalUsd: "Must be more than $0.",
        dailyLossUsd: expect.stringMatching(/at most 6 decimals/),
        maxLeverage: expect.stringMatching(/whole number/),
        priceCollar: expect.stringMatching(/at most 1/),
        maxOpenOrders: "Must be at least 1.",
      },
    });
    expect(parseRiskLimits(draft({ priceCollar: "0" }))).toEqual({ ok: false, errors: { priceCollar: "Must be above 0." } });
    expect(parseRiskLimits(draft({ maxOpenOrders: "99999999999999999999" }))).toEqual({ ok: false, errors: { maxOpenOrders: "Too large." } });
  });

  it("refuses fields that are not limits", () => {
    expect(parseRiskLimits({ ...EMPTY_RISK_LIMITS, maxSecret: "1" } as RiskLimitsDraft).ok).toBe(false);
  });

  it("shows a stored override back as the form's text, and it parses to the same override", () => {
    const stored = { maxOrderNotionalUsd: "250", priceCollar: 0.02, maxOpenOrders: 3 };
    const shown = draftFromOverride(stored);
    expect(shown).toEqual(draft({ maxOrderNotionalUsd: "250", priceCollar: "0.02", maxOpenOrders: "3" }));
    expect(parseRiskLimits(shown)).toEqual({ ok: true, override: stored });
    expect(draftFromOverride(undefined)).toEqual(EMPTY_RISK_LIMITS);
  });
});
