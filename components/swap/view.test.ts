import { describe, expect, it } from "vitest";
import { formatUnits, impactLevel, parseAmount } from "./view";

describe("swap desk helpers", () => {
  it("warns at 1%, 3% and 5% and asks for confirmation above 10%", () => {
    expect(["0.0099", "0.01", "0.03", "0.0499", "0.05", "0.1", "0.1001"].map(impactLevel)).toEqual([
      "none",
      "notice",
      "warning",
      "warning",
      "high",
      "high",
      "severe",
    ]);
    expect(impactLevel(null)).toBe("none");
  });

  it("turns typed amounts into base units with the token's decimals", () => {
    expect(parseAmount("1.5", 6)).toEqual({ ok: true, units: 1_500_000n });
    expect(parseAmount("0.000000000000000001", 18)).toEqual({ ok: true, units: 1n });
    expect(parseAmount("1.0000001", 6)).toEqual({ ok: false, error: "At most 6 decimals for this token." });
    expect(parseAmount("0", 6)).toMatchObject({ ok: false });
    expect(parseAmount("1e6", 6)).toMatchObject({ ok: false });
    expect(parseAmount("", 6)).toEqual({ ok: false, error: null });
  });

  it("formats base units exactly", () => {
    expect(formatUnits("1234500000", 6)).toBe("1,234.5");
    expect(formatUnits("123456789012345678901234567", 18, 2)).toBe("123,456,789.01");
  });
});
