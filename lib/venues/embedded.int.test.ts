import { afterEach, describe, expect, it } from "vitest";
import { manualClock } from "../clock";
import { parseConfig } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { silentLogger } from "../log";
import { createTestDatabase } from "../testing/database";
import { startVenues, type RunningVenues } from "./embedded";

const config = parseConfig({ NODE_ENV: "test", VENUES: "embedded" });
const clock = manualClock(Date.UTC(2026, 5, 1));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function instance(
  target: Awaited<ReturnType<typeof createTestDatabase>>["target"],
): Promise<{ database: DatabaseHandle; start(): Promise<RunningVenues> }> {
  const database = await openDatabase(target);
  cleanups.push(() => database.close());
  await migrateDatabase(database);
  return {
    database,
    start: async () => {
      const running = await startVenues({ config, database, clock, log: silentLogger });
      cleanups.push(() => running.stop());
      return running;
    },
  };
}

describe("the embedded venues", () => {
  it("start with the three venues and stop cleanly", async () => {
    const testDb = await createTestDatabase();
    cleanups.push(testDb.drop);
    const running = await (await instance(testDb.target)).start();
    expect(running.venues.map((v) => v.name)).toEqual(["alder", "birch", "cedar"]);
  });

  it.runIf(process.env.BOURSE_TEST_DB === "postgres")("run in one instance per database: a second instance serves none until the first stops", async () => {
    const testDb = await createTestDatabase();
    cleanups.push(testDb.drop);
    const first = await (await instance(testDb.target)).start();
    const second = await (await instance(testDb.target)).start();
    expect(first.venues).toHaveLength(3);
    expect(second.venues).toHaveLength(0);
    await first.stop();
    const third = await (await instance(testDb.target)).start();
    expect(third.venues).toHaveLength(3);
  });
});
