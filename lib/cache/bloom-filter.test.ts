import { describe, expect, it } from "vitest";
import { BloomFilter } from "./bloom-filter";

describe("BloomFilter", () => {
  it("says 'may' for every string added", () => {
    const filter = new BloomFilter(10_000);
    const added = Array.from({ length: 10_000 }, (_, i) => `key_${i}\u0000${(i * 7919).toString(36)}`);
    for (const s of added) filter.add(s);
    expect(added.every((s) => filter.mayHave(s))).toBe(true);
    expect(filter.size).toBe(10_000);
  });

  it("at capacity says 'may' for about one string in a hundred never added, and past it for more, never failing", () => {
    const filter = new BloomFilter(10_000);
    for (let i = 0; i < 10_000; i++) filter.add(`in-${i}`);
    const falseRate = (n: number) => Array.from({ length: n }, (_, i) => filter.mayHave(`out-${i}`)).filter(Boolean).length / n;
    expect(falseRate(20_000)).toBeLessThan(0.03);
    for (let i = 10_000; i < 40_000; i++) filter.add(`in-${i}`);
    const past = falseRate(20_000);
    expect(past).toBeGreaterThan(0.03);
    expect(past).toBeLessThan(1);
  });

  it("tells apart strings that differ in one character or only in order", () => {
    const filter = new BloomFilter(100);
    filter.add("scope\u0000ab");
    expect(filter.mayHave("scope\u0000ab")).toBe(true);
    expect(["scope\u0000ba", "scope\u0000ac", "scopf\u0000ab", "scope\u0000a", ""].filter((s) => filter.mayHave(s))).toEqual([]);
  });
});
