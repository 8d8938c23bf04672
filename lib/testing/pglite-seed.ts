// Vitest global setup of the PGlite project: one freshly initialised data folder, dumped to a tarball that
// every in-memory test database then starts from (DatabaseTarget's seed). Initialising PostgreSQL (initdb)
// is most of the cost of opening an in-memory PGlite, and the suite opens hundreds.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The tarball of an initialised, empty PGlite data folder (absent outside the PGlite project). */
    pgliteSeed?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bourse-pglite-seed-"));
  const file = path.join(dir, "seed.tar");
  const pg = new PGlite();
  try {
    await pg.waitReady;
    const dump = await pg.dumpDataDir("none");
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await pg.close();
  }
  project.provide("pgliteSeed", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
