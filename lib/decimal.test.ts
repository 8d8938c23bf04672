import { describe, expect, it } from "vitest";
import { atLeast, isMultipleOf, multiplyDecimals, positiveDecimal, quantityForNotional, sumDecimals } from "./decimal";

describe("positiveDecimal", () => {
  it("reads what people type into a canonical decimal string", () => {
    expect(["1", "1.", ".5", "0.50", "007.25", "1,000.5", " 2 "].map(positiveDecimal)).toEqual(["1", "1", "0.5", "0.5", "7.25", "1000.5", "2"]);
  });
  it("refuses zero, negatives, exponents and words", () => {
    expect(["0", "0.00", "-1", "1e3", "abc", "", "."].map(positiveDecimal)).toEqual([null, null, null, null, null, null, null]);
  });
});

describe("arithmetic without floats", () => {
  it("checks steps exactly where floats drift", () => {
    expect(isMultipleOf("0.3", "0.1")).toBe(true);
    expect(isMultipleOf("0.0031", "0.001")).toBe(false);
    expect(isMultipleOf("64250.5", "0.5")).toBe(true);
  });
  it("adds, multiplies and compares", () => {
    expect(sumDecimals(["0.1", "0.2", "-0.3"])).toBe("0");
    expect(sumDecimals(["1.25", "-3"])).toBe("-1.75");
    expect(multiplyDecimals("0.003", "64250.5")).toBe("192.7515");
    expect([atLeast("25000", "25000"), atLeast("24999.99", "25000")]).toEqual([true, false]);
  });
  it("sizes a notional in whole lots, rounded down", () => {
    expect(quantityForNotional("1000", "64250.5", "0.001")).toBe("0.015");
    expect(quantityForNotional("10", "64250.5", "0.001")).toBe("0");
    expect(quantityForNotional("300", "3", "1")).toBe("100");
  });
});
