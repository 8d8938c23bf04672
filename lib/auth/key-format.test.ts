import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashKey, keyFormat } from "./key-format";

const agent = keyFormat("bourse_sk_live_");

describe("key format", () => {
  it("makes keys with the prefix, 192 bits of base62 and a checksum", () => {
    const key = agent.generate();
    expect(key).toMatch(/^bourse_sk_live_[0-9A-Za-z]{39}$/);
    expect(agent.isWellFormed(key)).toBe(true);
    expect(new Set(Array.from({ length: 1000 }, () => agent.generate())).size).toBe(1000);
  });

  it("rejects every one-character change without a lookup", () => {
    const key = agent.generate();
    const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    fc.assert(
      fc.property(fc.integer({ min: agent.prefix.length, max: key.length - 1 }), fc.integer({ min: 1, max: 61 }), (pos, shift) => {
        const replaced = alphabet[(alphabet.indexOf(key[pos]!) + shift) % 62]!;
        const nearMiss = key.slice(0, pos) + replaced + key.slice(pos + 1);
        expect(agent.isWellFormed(nearMiss)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("rejects other prefixes, truncation, padding and junk", () => {
    const key = agent.generate();
    for (const bad of [key.slice(0, -1), `${key}0`, key.replace("live", "test"), ` ${key}`, "bourse_sk_live_", "", `Bearer ${key}`]) {
      expect(agent.isWellFormed(bad)).toBe(false);
    }
    expect(keyFormat("bourse_ws_live_").isWellFormed(key)).toBe(false);
  });

  it("shows only a fragment and stores only a hash", () => {
    const key = agent.generate();
    expect(agent.fragment(key)).toBe(`bourse_sk_live_…${key.slice(-4)}`);
    expect(hashKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashKey(key)).not.toContain(key.slice(15, 25));
  });
});
