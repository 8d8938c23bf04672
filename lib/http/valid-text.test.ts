import { describe, expect, it } from "vitest";
import { hasInvalidJsonText, hasInvalidUrlText, isInvalidText } from "./valid-text";

describe("invalid text", () => {
  it("finds NUL and unpaired surrogates, and passes any other text", () => {
    expect(isInvalidText("a\u0000b")).toBe(true);
    expect(isInvalidText("\ud800")).toBe(true);
    expect(isInvalidText("x\udc00")).toBe(true);
    expect(isInvalidText("é 😀 \uffff 中文")).toBe(false);
  });

  it("decodes URLs strictly", () => {
    expect(hasInvalidUrlText("/api/agent/keys/%00%EF%BF%BF")).toBe(true);
    expect(hasInvalidUrlText("/api/agent/keys/%FF")).toBe(true);
    expect(hasInvalidUrlText("/api/agent/keys/%ED%A0%80")).toBe(true);
    expect(hasInvalidUrlText("/api/x?q=%E0%A4")).toBe(true);
    expect(hasInvalidUrlText("/api/x?q=%C3%A9%20ok&b=%2F")).toBe(false);
    expect(hasInvalidUrlText("/api/markets/BTC-USD?depth=10")).toBe(false);
  });

  it("looks through JSON values, keys included", () => {
    expect(hasInvalidJsonText({ a: [1, { b: "ok" }], c: null })).toBe(false);
    expect(hasInvalidJsonText({ a: [1, { b: "o\u0000k" }] })).toBe(true);
    expect(hasInvalidJsonText({ "k\ud800": 1 })).toBe(true);
  });
});
