import { describe, expect, it } from "vitest";
import { sameOriginPath } from "./same-origin-path";

const ORIGIN = "https://bourse.example";

describe("sameOriginPath", () => {
  it("keeps same-origin paths with their query and fragment", () => {
    expect(sameOriginPath("/keys", ORIGIN)).toBe("/keys");
    expect(sameOriginPath("/markets/BTC-USD?tf=1h#book", ORIGIN)).toBe("/markets/BTC-USD?tf=1h#book");
  });

  it.each([
    ["/\\evil.example"],
    ["//evil.example"],
    ["/\t/evil.example"],
    ["/\\/evil.example"],
    ["/.//evil.example"],
    ["https://evil.example/keys"],
    ["javascript:alert(1)"],
    ["keys"],
    [""],
  ])("refuses %j", (target) => {
    expect(sameOriginPath(target, ORIGIN)).toBeUndefined();
  });

  it("refuses nothing given", () => {
    expect(sameOriginPath(undefined, ORIGIN)).toBeUndefined();
  });
});
