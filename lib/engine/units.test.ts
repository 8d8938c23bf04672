import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromLots, fromTicks, toLots, toTicks } from "./units";
import { formatDecimal, parseDecimal, UnitError } from "../decimal";

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof UnitError) return e.code;
    throw e;
  }
  return undefined;
}

describe("ticks and lots", () => {
  it("converts the worked examples exactly", () => {
    expect(toTicks("64250.5", "0.5")).toBe(128501);
    expect(fromTicks(128501, "0.5")).toBe("64250.5");
    expect(toLots("1.234", "0.001")).toBe(1234);
    expect(fromLots(1234, "0.001")).toBe("1.234");
    expect(toTicks("0.00001234", "0.00000001")).toBe(1234);
    expect(toTicks("1200", "25")).toBe(48);
    expect(fromTicks(48, "25")).toBe("1200");
    expect(fromTicks(0, "0.5")).toBe("0");
    expect(fromLots(-1500, "0.001")).toBe("-1.5");
  });

  it("accepts equivalent spellings and prints one canonical form", () => {
    expect(toTicks("64250.50", "0.5")).toBe(128501);
    expect(toTicks("64250.5", "0.50")).toBe(128501);
    expect(toLots("007", "1")).toBe(7);
    expect(fromTicks(128500, "0.50")).toBe("64250");
  });

  it("keeps 0.3 − 0.1 − 0.2 = 0 where doubles drift", () => {
    expect(0.3 - 0.1 - 0.2).not.toBe(0);
    expect(toLots("0.3", "0.1") - toLots("0.1", "0.1") - toLots("0.2", "0.1")).toBe(0);
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(fromLots(toLots("0.1", "0.1") + toLots("0.2", "0.1"), "0.1")).toBe("0.3");
    expect(1.1 * 3).not.toBe(3.3);
    expect(fromTicks(toTicks("1.1", "0.1") * 3, "0.1")).toBe("3.3");
  });

  it("rejects values that are not a whole number of steps", () => {
    expect(codeOf(() => toTicks("64250.25", "0.5"))).toBe("NOT_A_MULTIPLE");
    expect(codeOf(() => toLots("0.0005", "0.001"))).toBe("NOT_A_MULTIPLE");
    expect(codeOf(() => toTicks("30", "25"))).toBe("NOT_A_MULTIPLE");
  });

  it("rejects malformed decimals, bad steps and unsafe results", () => {
    for (const bad of ["", ".5", "5.", "+5", "1e3", " 1", "1,5", "0x10", "NaN", "Infinity", "--1"]) {
      expect(
        codeOf(() => toTicks(bad, "0.5")),
        bad,
      ).toBe("INVALID_DECIMAL");
    }
    expect(codeOf(() => toTicks("1", "0"))).toBe("OUT_OF_RANGE");
    expect(codeOf(() => toTicks("1", "-0.5"))).toBe("OUT_OF_RANGE");
    expect(codeOf(() => toLots("9007199254740992", "1"))).toBe("OUT_OF_RANGE");
    expect(toLots("9007199254740991", "1")).toBe(Number.MAX_SAFE_INTEGER);
    expect(codeOf(() => fromTicks(0.5, "1"))).toBe("OUT_OF_RANGE");
  });

  it("round-trips every safe count of steps", () => {
    const step = fc.tuple(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 12 })).map(([u, s]) => formatDecimal({ units: BigInt(u), scale: s }));
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), step, (n, s) => {
        expect(toTicks(fromTicks(n, s), s)).toBe(n);
      }),
      { numRuns: 500 },
    );
  });

  it("parses and formats decimals without losing digits", () => {
    expect(parseDecimal("-12.50")).toEqual({ units: -1250n, scale: 2 });
    expect(formatDecimal({ units: -5n, scale: 3 })).toBe("-0.005");
    expect(formatDecimal({ units: 120n, scale: 1 })).toBe("12");
  });
});
