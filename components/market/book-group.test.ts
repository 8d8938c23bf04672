import { describe, expect, it } from "vitest";
import { defaultGroup } from "./book-group";

describe("defaultGroup", () => {
  it("opens at the finest group at least one basis point wide", () => {
    expect(defaultGroup("0.1", "62000")).toBe(100); // 10 ≥ 6.2
    expect(defaultGroup("0.01", "3180")).toBe(100); // 1 ≥ 0.318
    expect(defaultGroup("0.0001", "0.52")).toBe(1); // 0.0001 ≥ 0.000052
  });

  it("stays at the finest group when there is no price, and at the widest for extreme prices", () => {
    expect(defaultGroup("0.1", null)).toBe(1);
    expect(defaultGroup("0.00001", "1000000")).toBe(1000);
  });
});
