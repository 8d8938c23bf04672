import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadServerSecret, ServerSecretError } from "./server-secret";

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bourse-secret-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("loadServerSecret", () => {
  it("generates a secret on first start and keeps it", () => {
    const first = loadServerSecret({ dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadServerSecret({ dataDir })).toBe(first);
  });

  it("prefers BOURSE_SECRET", () => {
    expect(loadServerSecret({ dataDir, secret: "s".repeat(40) })).toBe("s".repeat(40));
  });

  it.each([
    ["empty", "", /empty/],
    ["blank", " \n", /empty/],
    ["short", "abc123", /only 6 characters/],
  ])("stops with a clear error when the kept file is %s, and leaves it alone", (_what, content, message) => {
    const file = path.join(dataDir, "server-secret");
    fs.writeFileSync(file, content);
    expect(() => loadServerSecret({ dataDir })).toThrow(ServerSecretError);
    expect(() => loadServerSecret({ dataDir })).toThrow(message);
    expect(fs.readFileSync(file, "utf8")).toBe(content);
  });
});
