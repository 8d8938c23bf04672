import { describe, expect, it } from "vitest";
import { addressHints } from "./page-address";

describe("address hints", () => {
  it("reads a site's front page from the root path, whatever the query", () => {
    expect(addressHints("https://shop.example/").home).toBe(true);
    expect(addressHints("https://shop.example/?ref=ad").home).toBe(true);
    expect(addressHints("https://shop.example/about").home).toBe(false);
  });

  it("reads documentation from a docs host or a docs folder, not from a page named docs", () => {
    expect(addressHints("https://docs.example.dev/start").docs).toBe(true);
    expect(addressHints("https://developer.example.com/guide/intro").docs).toBe(true);
    expect(addressHints("https://example.com/docs/install").docs).toBe(true);
    expect(addressHints("https://example.com/en/reference/api/client").docs).toBe(true);
    expect(addressHints("https://example.com/docs").docs).toBe(false);
    expect(addressHints("https://example.com/blog/docs-we-love").docs).toBe(false);
    expect(addressHints("https://learnings.example.com/post").docs).toBe(false);
  });

  it("gives no hints for a missing or unreadable address", () => {
    expect(addressHints(undefined)).toEqual({ home: false, docs: false });
    expect(addressHints("not a url")).toEqual({ home: false, docs: false });
  });
});
