import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir } from "./pglite-lock";

const dirs: string[] = [];
function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "bourse-lock-"));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("lockDataDir", () => {
  it("refuses a folder held by another live process, naming it", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      fs.writeFileSync(path.join(dir, "bourse.lock"), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${other.pid}`));
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a process that has died", async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => dead.on("exit", resolve));
    fs.writeFileSync(path.join(dir, "bourse.lock"), String(dead.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "bourse.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "bourse.lock"))).toBe(false);
  });
});
