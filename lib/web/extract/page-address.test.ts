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

  it("reads a thread from the addresses forum engines give theirs", () => {
    for (const url of [
      "https://bbs.example.org/viewtopic.php?id=298271",
      "https://forum.example.org/showthread.php?t=186269",
      "https://forums.example.com/threads/kiln-shelves.3512/",
      "https://community.example.io/t/kiln-shelves/3275",
      "https://forum.example.com/topic/201820-kiln-shelves/",
      "https://discuss.example.org/d/2068-kiln-shelves",
      "https://example.org/index.php?topic=4521.0",
    ])
      expect(addressHints(url).thread, url).toBe(true);
    for (const url of [
      "https://example.com/blog/threads-we-love",
      "https://example.com/t/kilns",
      "https://example.com/topics/kilns",
      "https://example.com/?topics=kilns",
    ])
      expect(addressHints(url).thread, url).toBe(false);
  });

  it("reads an index of items from a category's, a tag's or a shop collection's folder with its name after it", () => {
    for (const url of [
      "https://example.com/category/recipes/air-fryer/",
      "https://example.com/tag/kilns",
      "https://shop.example.com/collections/all-sheets",
      "https://shop.example.com/en/collections/sheets?page=2",
    ])
      expect(addressHints(url).index, url).toBe(true);
    for (const url of [
      "https://example.com/category",
      "https://example.com/blog/choosing-a-category",
      "https://shop.example.com/collections/sheets/products/linen-sheet-set",
      "https://example.com/tags",
    ])
      expect(addressHints(url).index, url).toBe(false);
  });

  it("gives no hints for a missing or unreadable address", () => {
    const none = { home: false, docs: false, thread: false, index: false };
    expect(addressHints(undefined)).toEqual(none);
    expect(addressHints("not a url")).toEqual(none);
  });
});
