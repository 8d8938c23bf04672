import { describe, expect, it } from "vitest";
import { listTables, openDatabase } from "./client";
import { migrateDatabase } from "./migrate";
import { createTestDatabase } from "../testing/database";

describe("migrateDatabase", () => {
  it("creates the schema and is a no-op the second time, even when run concurrently", async () => {
    // Not the seed: it is migrated already.
    const testDb = await createTestDatabase({ empty: true });
    const handle = await openDatabase(testDb.target);
    try {
      await Promise.all([migrateDatabase(handle), migrateDatabase(handle)]);
      const tables = await listTables(handle.db);
      expect(tables).toContain("owners");
      await migrateDatabase(handle);
      expect(await listTables(handle.db)).toEqual(tables);
    } finally {
      await handle.close();
      await testDb.drop();
    }
  });
});
