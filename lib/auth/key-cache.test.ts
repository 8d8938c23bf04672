import { describe, expect, it } from "vitest";
import { manualClock } from "../clock";
import { createKeyCache } from "./key-cache";

describe("createKeyCache", () => {
  const clock = manualClock();
  const make = (maxEntries = 3) => createKeyCache<{ id: string }>({ ttlMs: 1000, maxEntries, now: clock.now });
  const row = (id: string) => async () => ({ id });
  const none = async () => undefined;

  it("returns an entry until its time is up", async () => {
    const cache = make();
    await cache.lookup("h1", row("k1"));
    clock.advance(1000);
    expect(await cache.lookup("h1", none)).toEqual({ id: "k1" });
    clock.advance(1);
    expect(await cache.lookup("h1", none)).toBeUndefined();
  });

  it("forgets by key id", async () => {
    const cache = make();
    await cache.lookup("h1", row("k1"));
    cache.forget("k1");
    expect(await cache.lookup("h1", none)).toBeUndefined();
    cache.forget("never-cached");
  });

  it("does not cache a row read while the key was being revoked", async () => {
    const cache = make();
    // The read returns the row as it was; the revoke commits and forgets the key before the fill.
    const stale = await cache.lookup("h1", async () => {
      const before = { id: "k1" };
      cache.forget("k1");
      return before;
    });
    expect(stale).toEqual({ id: "k1" });
    expect(await cache.lookup("h1", none)).toBeUndefined();
  });

  it("drops the oldest entry when full", async () => {
    const cache = make(2);
    await cache.lookup("a", row("1"));
    await cache.lookup("b", row("2"));
    await cache.lookup("c", row("3"));
    expect(await cache.lookup("a", none)).toBeUndefined();
    expect(await cache.lookup("b", none)).toEqual({ id: "2" });
    expect(await cache.lookup("c", none)).toEqual({ id: "3" });
  });
});
