import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");

// `npm run fuzz` and `npm run bench` open test databases from scripts, where vitest has no state to ask
// (it threw there once the suite's PGlite databases started from a seed vitest provides).
describe("test databases outside vitest", () => {
  it("open in a script run by Node, as the fuzz and the benches run", async () => {
    const script = [
      `const { createTestDatabase } = await import(${JSON.stringify(path.join(root, "lib/testing/database.ts"))});`,
      `const { openDatabase } = await import(${JSON.stringify(path.join(root, "lib/db/client.ts"))});`,
      "const test = await createTestDatabase();",
      "const handle = await openDatabase(test.target);",
      "console.log(JSON.stringify({ kind: test.target.kind, opened: typeof handle.close }));",
      "await handle.close();",
      "await test.drop();",
    ].join("\n");
    const dir = mkdtempSync(path.join(os.tmpdir(), "bourse-outside-vitest-"));
    const file = path.join(dir, "open-test-database.mts");
    writeFileSync(file, script);
    const env = { ...process.env };
    for (const name of Object.keys(env)) if (name.startsWith("VITEST")) delete env[name];
    const { stdout } = await run(process.execPath, ["--import", "tsx", file], { cwd: root, env }).finally(() => rmSync(dir, { recursive: true, force: true }));
    expect(JSON.parse(stdout.trim().split("\n").pop() ?? "")).toEqual({ kind: env.BOURSE_TEST_DB === "postgres" ? "postgres" : "pglite", opened: "function" });
  }, 120_000);
});
