import { describe, expect, it } from "vitest";
import { atomsOf, decimalText, significantPrice, stepLcm, stepsIn, stepsText } from "./units";

describe("live venue units", () => {
  it("reads ccxt's numbers as the decimals they were parsed from", () => {
    expect(decimalText(0.1)).toBe("0.1");
    expect(decimalText(1e-7)).toBe("0.0000001");
    expect(decimalText(1.5e-8)).toBe("0.000000015");
    expect(decimalText(2e21)).toBe("2000000000000000000000");
    expect(decimalText(-64250.5)).toBe("-64250.5");
    expect(decimalText(" 0.0100 ")).toBe("0.01");
    expect(() => decimalText(Number.NaN)).toThrow(RangeError);
  });

  it("finds the common grid of two steps", () => {
    expect(stepLcm("0.1", "0.25")).toBe("0.5");
    expect(stepLcm("0.0001", "0.00001")).toBe("0.0001");
    expect(stepLcm("0.001", "0.003")).toBe("0.003");
    expect(stepLcm("0.1", "1")).toBe("1");
    expect(() => stepLcm("0", "1")).toThrow(RangeError);
  });

  it("counts steps with the rounding asked, negative values included", () => {
    expect(stepsIn(0.35, "0.1", "down")).toBe(3n);
    expect(stepsIn(0.35, "0.1", "up")).toBe(4n);
    expect(stepsIn(0.35, "0.1", "nearest")).toBe(4n);
    expect(stepsIn(0.34, "0.1", "nearest")).toBe(3n);
    expect(stepsIn(-0.35, "0.1", "down")).toBe(-4n);
    expect(stepsIn("64250.1", "0.1", "down")).toBe(642501n);
    expect(stepsText(642501n, "0.1")).toBe("64250.1");
  });

  it("turns quote amounts into atoms, rounding only beyond six decimals", () => {
    expect(atomsOf(12.345678, "down")).toBe(12_345_678n);
    expect(atomsOf(0.0000015, "down")).toBe(1n);
    expect(atomsOf(0.0000015, "up")).toBe(2n);
    expect(atomsOf(-0.0000015, "nearest")).toBe(-1n);
    expect(atomsOf("1e-7", "up")).toBe(1n);
  });

  it("rounds prices to five significant figures on the side asked, never rounding whole digits", () => {
    expect(significantPrice("64251.5", 5, "down")).toBe("64251");
    expect(significantPrice("64251.5", 5, "up")).toBe("64252");
    expect(significantPrice("123456.7", 5, "up")).toBe("123457");
    expect(significantPrice("3180.25", 5, "down")).toBe("3180.2");
    expect(significantPrice("3180.25", 5, "up")).toBe("3180.3");
    expect(significantPrice("99999.5", 5, "up")).toBe("100000");
    expect(significantPrice("0.123456", 5, "down")).toBe("0.12345");
    expect(significantPrice("0.000123456", 5, "nearest")).toBe("0.00012346");
    expect(significantPrice("3180.2", 5, "up")).toBe("3180.2");
  });
});
