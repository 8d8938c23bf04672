import { describe, expect, it } from "vitest";
import { multiplyStep } from "@/lib/decimal";
import { decimalsOf, formatChange, formatCompactUsd, formatDecimal, signOf } from "./format";

describe("market formatting", () => {
  it("counts the decimals of a step", () => {
    expect(decimalsOf("0.001")).toBe(3);
    expect(decimalsOf("0.10")).toBe(1);
    expect(decimalsOf("5")).toBe(0);
  });

  it("formats decimal strings exactly, with separators", () => {
    expect(formatDecimal("64250.1", 1)).toBe("64,250.1");
    expect(formatDecimal("0.30000000000000004", 2)).toBe("0.30");
    expect(formatDecimal("12345678901234567.5", 1)).toBe("12,345,678,901,234,567.5");
  });

  it("signs changes given in percent", () => {
    expect(formatChange("1.234")).toBe("+1.23%");
    expect(formatChange("-0.5")).toBe("-0.50%");
    expect(formatChange("0")).toBe("0.00%");
  });

  it("abbreviates dollar amounts the same way everywhere", () => {
    expect(formatCompactUsd("1700000000")).toBe("$1.70B");
    expect(formatCompactUsd("12345678")).toBe("$12.35M");
    expect(formatCompactUsd("999.5")).toBe("$999.50");
    expect(formatCompactUsd("0")).toBe("$0.00");
  });

  it("multiplies steps without floats", () => {
    expect(multiplyStep("0.01", 10)).toBe("0.1");
    expect(multiplyStep("0.1", 1000)).toBe("100");
    expect(multiplyStep("0.00001", 3)).toBe("0.00003");
  });

  it("reads the sign of a decimal string", () => {
    expect(signOf("-0.01")).toBe(-1);
    expect(signOf("0.000")).toBe(0);
    expect(signOf("3")).toBe(1);
  });
});
