import { describe, expect, it } from "vitest";
import { manualClock } from "../clock";
import { createKeyCache } from "./key-cache";

describe("createKeyCache", () => {
  const clock = manualClock();
  const make = (maxEntries = 3) => createKeyCache<{ id: string }>({ ttlMs: 1000, maxEntries, now: clock.now });

  it("returns an entry until its time is up", () => {
    const cache = make();
    cache.set("h1", { id: "k1" });
    clock.advance(1000);
    expect(cache.get("h1")).toEqual({ id: "k1" });
    clock.advance(1);
    expect(cache.get("h1")).toBeUndefined();
  });

  it("forgets by key id", () => {
    const cache = make();
    cache.set("h1", { id: "k1" });
    cache.forget("k1");
    expect(cache.get("h1")).toBeUndefined();
    cache.forget("never-cached");
  });

  it("drops the oldest entry when full", () => {
    const cache = make(2);
    cache.set("a", { id: "1" });
    cache.set("b", { id: "2" });
    cache.set("c", { id: "3" });
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toEqual({ id: "2" });
    expect(cache.get("c")).toEqual({ id: "3" });
  });
});
