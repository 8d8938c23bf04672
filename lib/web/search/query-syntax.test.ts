import { describe, expect, it } from "vitest";
import { splitQuery } from "./query-syntax";

describe("splitting a web-search query for BM25", () => {
  it("makes plain words optional terms, with no filter", () => {
    expect(splitQuery("rocket engines")).toEqual({ terms: "rocket engines", filter: "" });
    expect(splitQuery("pasta or staging")).toEqual({ terms: "pasta staging", filter: "" });
  });

  it("keeps phrases required and exclusions out, their words ranking or not", () => {
    expect(splitQuery('"solid fuel" rocket')).toEqual({ terms: "solid fuel rocket", filter: '"solid fuel"' });
    expect(splitQuery("rocket -kerosene")).toEqual({ terms: "rocket", filter: '-"kerosene"' });
    expect(splitQuery('rocket -"liquid fuel" - oxygen')).toEqual({ terms: "rocket", filter: '-"liquid fuel" -"oxygen"' });
    expect(splitQuery('"unclosed phrase')).toEqual({ terms: "unclosed phrase", filter: '"unclosed phrase"' });
  });

  it("reads or as websearch_to_tsquery does: alternatives, each keeping its constraints", () => {
    expect(splitQuery('"solid fuel" or "liquid fuel" -kerosene')).toEqual({
      terms: "solid fuel liquid fuel",
      filter: '"solid fuel" or "liquid fuel" -"kerosene"',
    });
    // An alternative of plain words only holds for any page, so nothing is required.
    expect(splitQuery('"solid fuel" or rocket')).toEqual({ terms: "solid fuel rocket", filter: "" });
    // A leading, trailing or doubled or separates nothing.
    expect(splitQuery('or "a b" or or "c d" or')).toEqual({ terms: "a b c d", filter: '"a b" or "c d"' });
  });

  it("keeps hyphenated words whole and skips operator characters websearch ignores", () => {
    expect(splitQuery("rocket-engines !kerosene (-oxygen")).toEqual({ terms: "rocket-engines kerosene", filter: '-"oxygen"' });
  });
});
