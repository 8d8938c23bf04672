import { describe, expect, it } from "vitest";
import { requestFingerprint } from "./fingerprint";
import { conflictMessage, earlierUse, IdempotencyConflictError } from "./keys";

describe("requestFingerprint", () => {
  it("matches equal requests however their keys were ordered, and tells endpoints apart", () => {
    expect(requestFingerprint("POST /search", { q: "a", limit: 5 })).toBe(requestFingerprint("POST /search", { limit: 5, q: "a", extra: undefined }));
    expect(requestFingerprint("POST /search", { q: "a" })).not.toBe(requestFingerprint("POST /scrape", { q: "a" }));
    expect(requestFingerprint("POST /search", { q: "a" })).not.toBe(requestFingerprint("POST /search", { q: "b" }));
  });
});

describe("earlierUse", () => {
  it("refuses another request, replays a finished one and reports a running one", () => {
    expect(earlierUse({ fingerprint: "x", finished: true }, "y")).toBe("mismatch");
    expect(earlierUse({ fingerprint: "x", finished: false }, "y")).toBe("mismatch");
    expect(earlierUse({ fingerprint: "x", finished: true }, "x")).toBe("replay");
    expect(earlierUse({ fingerprint: "x", finished: false }, "x")).toBe("running");
  });
});

describe("conflict messages", () => {
  it("word each conflict once, for both APIs", () => {
    expect(new IdempotencyConflictError("mismatch").message).toBe(conflictMessage("mismatch"));
    expect(conflictMessage("mismatch")).toMatch(/different request/);
    expect(conflictMessage("in_progress")).toMatch(/still running/);
  });
});
