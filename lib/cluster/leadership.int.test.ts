// A job one instance of a deployment runs (the bridge relayer): two instances on one PostgreSQL, the
// holder's lock connection terminated by the server, the other takes over, never both at once.
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { silentLogger } from "../log";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { runOnOneInstance } from "./leadership";

const onPostgres = process.env.BOURSE_TEST_DB === "postgres";
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A job that counts how many of its kind run at once, across the instances of the test. */
function countingJobs() {
  let running = 0;
  let most = 0;
  const job = () => {
    let mine = false;
    return {
      isRunning: () => mine,
      start() {
        mine = true;
        running++;
        most = Math.max(most, running);
      },
      async stop() {
        if (!mine) return;
        await new Promise((r) => setTimeout(r, 250)); // a pass under way finishing (longer than an election interval)
        mine = false;
        running--;
      },
    };
  };
  return { job, most: () => most };
}

async function until(check: () => boolean, ms: number): Promise<void> {
  for (const end = Date.now() + ms; !check(); ) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!onPostgres)(
  `a job one instance runs${onPostgres ? "" : " (skipped: PGlite is one process; the integration-postgres project runs it)"}`,
  () => {
    it("runs on the instance holding the lock only, stops there when its lock connection dies, and moves to another when its holder stops", async () => {
      const made: TestDatabase = await createTestDatabase();
      cleanups.push(() => made.drop());
      const open = async () => {
        const handle: DatabaseHandle = await openDatabase(made.target);
        cleanups.push(() => handle.close());
        return handle;
      };
      const jobs = countingJobs();
      const [jobA, jobB] = [jobs.job(), jobs.job()];
      const a = await runOnOneInstance({
        database: await open(),
        lockName: "bourse.test-sole-job",
        job: jobA,
        log: silentLogger,
        intervalMs: 200,
        handoverMs: 300,
      });
      const b = await runOnOneInstance({
        database: await open(),
        lockName: "bourse.test-sole-job",
        job: jobB,
        log: silentLogger,
        intervalMs: 200,
        handoverMs: 300,
      });
      cleanups.push(
        () => a.stop(),
        () => b.stop(),
      );
      expect([a.holds(), b.holds(), jobA.isRunning(), jobB.isRunning()]).toEqual([true, false, true, false]);
      await new Promise((r) => setTimeout(r, 600));
      expect(b.holds()).toBe(false);

      // The server ends the connection holding the lock, as when the holder's machine disappears.
      if (made.target.kind !== "postgres") throw new Error("unreachable");
      const admin = new pg.Client({ connectionString: made.target.url });
      await admin.connect();
      await admin.query(
        "select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())",
      );
      await admin.end();

      // The lock is free for a moment: whichever instance tries first takes it (the one that lost it may).
      await until(() => a.holds() || b.holds(), 5_000);
      const [holder, other, holderJob, otherJob] = a.holds() ? [a, b, jobA, jobB] : [b, a, jobB, jobA];
      await until(() => holderJob.isRunning(), 2_000);
      expect([other.holds(), otherJob.isRunning()]).toEqual([false, false]);

      // The holder shuts down: the other takes the job over.
      await holder.stop();
      await until(() => otherJob.isRunning(), 5_000);
      expect([holderJob.isRunning(), other.holds()]).toEqual([false, true]);
      expect(jobs.most()).toBe(1);
    });
  },
);
