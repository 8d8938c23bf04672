import { describe, expect, it } from "vitest";
import { resolveRequestId } from "./request-id";

describe("resolveRequestId", () => {
  it("keeps a well-formed caller id", () => {
    expect(resolveRequestId("trace-42.abc:1")).toBe("trace-42.abc:1");
  });

  it.each([undefined, null, "", " spaced", "a".repeat(129), "new\nline", "<script>", "-leading"])("replaces %j with a fresh uuid", (bad) => {
    expect(resolveRequestId(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("takes the first of repeated headers", () => {
    expect(resolveRequestId(["first", "second"])).toBe("first");
  });
});
