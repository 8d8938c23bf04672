import { describe, expect, it } from "vitest";
import { secretBox } from "./secret-box";

describe("secretBox", () => {
  const box = secretBox("a-server-secret-of-enough-length-0123456789", "desk-key");

  it("round-trips and never stores the plaintext", () => {
    const sealed = box.seal("bourse_sk_live_secret");
    expect(sealed).not.toContain("secret");
    expect(box.open(sealed)).toBe("bourse_sk_live_secret");
    expect(box.seal("same")).not.toBe(box.seal("same"));
  });

  it("refuses another purpose, another secret and any tampering", () => {
    const sealed = box.seal("value");
    expect(() => secretBox("a-server-secret-of-enough-length-0123456789", "wallet").open(sealed)).toThrow();
    expect(() => secretBox("another-server-secret-of-enough-length-000", "desk-key").open(sealed)).toThrow();
    const parts = sealed.split(".");
    const flipped = parts[2]!.startsWith("A") ? `B${parts[2]!.slice(1)}` : `A${parts[2]!.slice(1)}`;
    expect(() => box.open([parts[0], parts[1], flipped, parts[3]].join("."))).toThrow();
    expect(() => box.open("garbage")).toThrow();
  });
});
