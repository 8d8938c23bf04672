import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromUnits } from "../engine/units";
import { formatHalf, formatRatio, stepFormatter } from "./units";

describe("format", () => {
  it("formats steps exactly like fromUnits, fast path and bigint path alike", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("0.1", "0.0001", "0.00001", "1", "0.5", "25", "0.000001"),
        fc.oneof(
          fc.integer({ min: -1_000_000, max: 1_000_000 }),
          fc.maxSafeInteger(),
          fc.maxSafeInteger().map((n) => -n),
        ),
        (step, n) => {
          expect(stepFormatter(step)(n)).toBe(fromUnits(n, step));
        },
      ),
    );
    expect(stepFormatter("0.1")(642_501)).toBe("64250.1");
    expect(stepFormatter("0.0001")(5)).toBe("0.0005");
    expect(stepFormatter("0.01")(-300)).toBe("-3");
  });

  it("halves doubled prices and rounds ratios half away from zero", () => {
    expect(formatHalf(1_285_001, "0.1")).toBe("64250.05");
    expect(formatHalf(1_285_000, "0.1")).toBe("64250");
    expect(formatRatio(1n, 3n, 2)).toBe("0.33");
    expect(formatRatio(2n, 3n, 2)).toBe("0.67");
    expect(formatRatio(-1n, 8n, 2)).toBe("-0.13");
    expect(formatRatio(0n, -5n, 2)).toBe("0");
  });
});
