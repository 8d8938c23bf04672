import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "./client";
import { DataDirInUseError } from "./pglite-lock";
import { owners } from "./schema";

// PGlite-specific: vitest.config.ts runs this file in the PGlite project only, whose seed (pglite-seed.ts)
// spares the holder PostgreSQL's initdb.
const seed = inject("pgliteSeed");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bourse-pglite-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function holdFolder(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "lib/testing/fixtures/hold-pglite.ts", dir, ...(seed ? [seed] : [])], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("OPEN")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`holder exited with ${code}`)));
  });
}

describe("one PGlite folder, two processes", () => {
  // A child process loading the app's modules under tsx, and two opens: past 30 s on a loaded machine.
  it("refuses the second process clearly, and reopens intact after the first is killed -9", { timeout: 120_000 }, async () => {
    const holder = await holdFolder();
    try {
      await expect(openDatabase({ kind: "pglite", dataDir: dir })).rejects.toThrow(DataDirInUseError);
    } finally {
      const exited = new Promise((resolve) => holder.once("exit", resolve));
      holder.kill("SIGKILL");
      await exited;
    }
    const handle = await openDatabase({ kind: "pglite", dataDir: dir });
    try {
      const rows = await handle.db.select().from(owners).where(eq(owners.id, "own_held"));
      expect(rows).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });
});
