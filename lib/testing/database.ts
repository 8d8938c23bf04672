import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import type { DatabaseTarget } from "../db/client";

export interface TestDatabase {
  target: DatabaseTarget;
  /** Removes what was created for this test. */
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * A database that outlives its handle, to close and open again with its data (a restart, a crash):
   * PGlite in a temporary folder, removed by `drop`. A PostgreSQL test database always is.
   */
  persistent?: boolean;
  /**
   * An in-memory PGlite without the project's seed (pglite-seed.ts), whose schema is already in place:
   * for a test of the migrations themselves. A PostgreSQL test database is always empty.
   */
  empty?: boolean;
}

/**
 * A database nobody else uses: in-memory PGlite (started from the project's initialised and migrated
 * seed when there is one: pglite-seed.ts), or (BOURSE_TEST_DB=postgres) a new database on the server
 * named by TEST_DATABASE_URL, dropped afterwards.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  if (process.env.BOURSE_TEST_DB !== "postgres") {
    const seed = options.empty ? undefined : pgliteSeed();
    if (!options.persistent) return { target: { kind: "pglite", seed }, drop: async () => {} };
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "bourse-test-db-"));
    return { target: { kind: "pglite", dataDir, seed }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("BOURSE_TEST_DB=postgres needs TEST_DATABASE_URL");
  const scratch = await createScratchDatabase(adminUrl, "bourse_test");
  return { target: { kind: "postgres", url: scratch.url, maxConnections: 20 }, drop: scratch.drop };
}

/**
 * The initialised, migrated data folder vitest's PGlite project provides (pglite-seed.ts); none outside vitest
 * (`npm run fuzz`, `npm run bench`), where vitest has no state to ask and a database initialises anew.
 */
function pgliteSeed(): string | undefined {
  return process.env.VITEST === undefined ? undefined : inject("pgliteSeed");
}

/** A new, empty database on the server `adminUrl` names, under a random name with `prefix`; `drop` removes it. */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (c) => c.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => withAdmin(adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => {}) };
}

/** Runs `fn` on a connection of its own to `url`, closed afterwards. */
export async function withAdmin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
