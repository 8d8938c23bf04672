import { describe, expect, it } from "vitest";
import { WorkGateFullError } from "../concurrency/work-gate";
import { hashPassword, verifyPassword } from "./password";

describe("passwords", () => {
  it("verifies the right password only, with a fresh salt each time", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(stored).not.toContain("horse");
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", stored)).toBe(false);
    expect(await hashPassword("correct horse battery staple")).not.toBe(stored);
  });

  it("treats a malformed stored value as a mismatch", async () => {
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$1$2$3$a$b")).toBe(false);
  });

  it("hashes two at a time, queues 32 more and refuses a burst beyond that at once", async () => {
    // Cheap parameters, so the burst is quick; the gate does not depend on them.
    const cheap = "scrypt$1024$8$1$c2FsdHNhbHRzYWx0$aGFzaA";
    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, () => verifyPassword("x", cheap)));
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(refused).toHaveLength(6);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(WorkGateFullError);
    expect(await verifyPassword("x", cheap)).toBe(false);
  });
});
