// The PostgreSQL pool under the faults a server meets: connections borrowed again and again, and
// connections the server terminates while they are held.
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { createTestDatabase } from "../testing/database";

const warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);
afterEach(() => {
  process.off("warning", onWarning);
});

describe("PostgreSQL connections", () => {
  it("withAdvisoryLock leaves no listener behind on the pooled connection it borrowed", async () => {
    const testDb = await createTestDatabase();
    const target = testDb.target.kind === "postgres" ? { ...testDb.target, maxConnections: 1 } : testDb.target;
    const handle = await openDatabase(target);
    process.on("warning", onWarning);
    try {
      // One pooled connection, borrowed again and again (as the owner lock does for every order).
      for (let i = 0; i < 30; i++) expect(await handle.withAdvisoryLock("bourse.test:listener-leak", async () => i)).toBe(i);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning")).toEqual([]);
    } finally {
      await handle.close();
      await testDb.drop();
    }
  });

  it("a connection terminated while a transaction holds it fails that transaction, not the process", async () => {
    const testDb = await createTestDatabase();
    if (testDb.target.kind !== "postgres") return; // PGlite has no connections
    const url = testDb.target.url;
    const handle = await openDatabase({ ...testDb.target, maxConnections: 2 });
    const terminateAll = async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
      } finally {
        await admin.end();
      }
    };
    try {
      const held = handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // Between two queries, no query of this connection is running when the server ends it.
        await terminateAll();
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      await expect(held).rejects.toThrow();
      await handle.ping();
    } finally {
      await handle.close();
      await testDb.drop();
    }
  });
});
