// A fresh, migrated database for one test file: in-memory PGlite, or a scratch PostgreSQL database
// (BOURSE_TEST_DB=postgres), opened before the file's tests and closed and dropped after them.
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { createTestDatabase, type TestDatabase } from "./database";

/** Registers the file's hooks; the handle it returns is usable from the first test on. */
export function migratedTestDatabase(): { readonly handle: DatabaseHandle } {
  let made: TestDatabase | undefined;
  let database: DatabaseHandle | undefined;
  beforeAll(async () => {
    made = await createTestDatabase();
    database = await openDatabase(made.target);
    await migrateDatabase(database);
  });
  afterAll(async () => {
    await database?.close();
    await made?.drop();
  });
  return {
    get handle() {
      if (database === undefined) throw new Error("the database opens before the file's first test");
      return database;
    },
  };
}
