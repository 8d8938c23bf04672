import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { createTestDatabase } from "../testing/database";

const warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);
afterEach(() => {
  process.off("warning", onWarning);
});

describe("withAdvisoryLock", () => {
  it("leaves no listener behind on the pooled connection it borrowed", async () => {
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
});
