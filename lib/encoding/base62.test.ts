import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newId } from "../ids";
import { BASE62, base62, base62FromBytes } from "./base62";

/** The bytes as one big integer, the definition base62FromBytes must agree with. */
const asBigInt = (bytes: Uint8Array) => bytes.reduce((n, b) => (n << 8n) | BigInt(b), 0n);

describe("base62FromBytes", () => {
  it("gives base62's digits of the bytes read as one integer, for any length and extreme values", () => {
    const cases = [new Uint8Array(0), new Uint8Array(12), new Uint8Array(12).fill(255), Uint8Array.of(1), Uint8Array.of(0, 0, 61), Uint8Array.of(0, 0, 62)];
    for (let length = 1; length <= 40; length++) for (let k = 0; k < 20; k++) cases.push(randomBytes(length));
    for (const bytes of cases) {
      const width = Math.ceil((bytes.length * 8) / Math.log2(62));
      expect(base62FromBytes(bytes, width)).toBe(base62(asBigInt(bytes), width));
    }
  });
});

describe("newId", () => {
  it("makes prefixed 17-character base62 ids, all different, across many refills of its random pool", () => {
    const ids = Array.from({ length: 5000 }, () => newId("ord"));
    for (const id of ids) expect(id).toMatch(/^ord_[0-9A-Za-z]{17}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(BASE62.test(ids[0]!.slice(4))).toBe(true);
  });
});
