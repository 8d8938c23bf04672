import { describe, expect, it } from "vitest";
import { runFuzz } from "./fuzz-session";

// The bad-input fuzz with a fixed seed and a bounded budget (`npm run fuzz` runs it larger).
describe("bad-input fuzz over both OpenAPI documents", () => {
  it("answers every hostile request in contract, changes no other owner's data, and keeps memory flat", async () => {
    const outcome = await runFuzz({ seed: 20261124, perOperation: 24, rounds: 2 });
    expect(outcome.operations).toBeGreaterThanOrEqual(45);
    expect(outcome.report.requests).toBeGreaterThan(1_500);
    expect.soft(outcome.report.violations).toEqual([]);
    expect.soft(outcome.victimAfter).toEqual(outcome.victimBefore);
    // The second round repeats the first: whatever it leaves behind is what a long run would pile up.
    const growth = outcome.heapAfterLastRound - outcome.heapAfterFirstRound;
    expect(growth, `heap grew by ${growth} bytes over a repeated round`).toBeLessThan(32 * 1024 * 1024);
  }, 600_000);
});
