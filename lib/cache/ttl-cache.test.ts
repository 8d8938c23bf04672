import { describe, expect, it } from "vitest";
import { manualClock } from "../clock";
import { TtlCache } from "./ttl-cache";

describe("TtlCache", () => {
  it("keeps an entry through its lifetime and not a moment longer", () => {
    const clock = manualClock();
    const cache = new TtlCache<string, number>({ maxEntries: 10, clock, ttlMs: 1000 });
    cache.set("a", 1);
    cache.set("b", 2, 10);
    clock.advance(10);
    expect(cache.get("b")).toBe(2);
    clock.advance(990);
    expect(cache.get("a")).toBe(1);
    expect(cache.get("b")).toBeUndefined();
    clock.advance(1);
    expect(cache.get("a")).toBeUndefined();
  });

  it("drops the least recently used entry when full", () => {
    const cache = new TtlCache<string, number>({ maxEntries: 2, clock: manualClock(), ttlMs: 1000 });
    cache.set("a", 1);
    cache.set("b", 2);
    cache.get("a");
    cache.set("c", 3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.size).toBe(2);
  });

  it("drops entries by value", () => {
    const cache = new TtlCache<string, { id: string }>({ maxEntries: 10, clock: manualClock(), ttlMs: 1000 });
    cache.set("h1", { id: "k1" });
    cache.set("h2", { id: "k2" });
    cache.deleteWhere((v) => v.id === "k1");
    expect(cache.get("h1")).toBeUndefined();
    expect(cache.get("h2")).toEqual({ id: "k2" });
  });
});
