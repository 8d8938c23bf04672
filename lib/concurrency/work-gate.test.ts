import { describe, expect, it } from "vitest";
import { createWorkGate, WorkGateFullError } from "./work-gate";

describe("createWorkGate", () => {
  it("runs at most `concurrent` at once, queues `waiting` more and refuses the rest", async () => {
    const gate = createWorkGate({ concurrent: 2, waiting: 3 });
    let active = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const job = () =>
      gate.run(async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active--;
        return "done";
      });
    const jobs = Array.from({ length: 5 }, job);
    await expect(job()).rejects.toBeInstanceOf(WorkGateFullError);
    while (releases.length > 0 || active > 0) {
      await new Promise((r) => setImmediate(r));
      releases.shift()?.();
    }
    expect(await Promise.all(jobs)).toEqual(Array(5).fill("done"));
    expect(peak).toBe(2);
  });

  it("frees the slot when work fails", async () => {
    const gate = createWorkGate({ concurrent: 1, waiting: 0 });
    await expect(gate.run(() => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(await gate.run(async () => 1)).toBe(1);
  });
});
