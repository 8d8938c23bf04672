import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../testing/database";
import { openDatabase, type Database, type DatabaseHandle } from "./client";
import { GroupCommit, WritesHaltedError, type BatchPart, type PartKind } from "./group-commit";

/** Rows of a scratch table; a duplicate id makes its batch's transaction fail. */
class Rows implements BatchPart {
  readonly ids: number[] = [];
  static transactions = 0;
  /** Rows of each batch, in commit order. */
  static sizes: number[] = [];
  statements() {
    Rows.transactions++;
    Rows.sizes.push(this.ids.length);
    return [
      sql`insert into group_commit_test (id) values ${sql.join(
        this.ids.map((id) => sql`(${id})`),
        sql`, `,
      )}`,
    ];
  }
}
const ROWS: PartKind<Rows> = { rank: 0, create: () => new Rows() };
const addRow = (writes: GroupCommit, id: number) => writes.add(ROWS, (part) => part.ids.push(id));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A database that can be closed and opened again with its data: PGlite in a folder, or a scratch PostgreSQL database. */
async function reopenable(): Promise<{ open(): Promise<DatabaseHandle> }> {
  const test = await createTestDatabase({ persistent: true });
  cleanups.push(() => test.drop());
  const open = async () => {
    const handle = await openDatabase(test.target);
    await handle.db.execute(sql`create table if not exists group_commit_test (id integer primary key)`);
    return handle;
  };
  return { open };
}

async function storedIds(db: Database): Promise<number[]> {
  const result = (await db.execute(sql`select id from group_commit_test order by id`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}

describe("GroupCommit", () => {
  it("commits concurrent operations in few transactions and resolves them in the order they were added", async () => {
    const database = await (await reopenable()).open();
    cleanups.push(() => database.close());
    const writes = new GroupCommit(database.db, { maxBatch: 50 });
    Rows.transactions = 0;
    const resolved: number[] = [];
    await Promise.all(Array.from({ length: 200 }, (_, i) => addRow(writes, i).then(() => resolved.push(i))));
    expect(resolved).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(await storedIds(database.db)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    // 200 operations at once, 50 per batch at most: four transactions, not two hundred.
    expect(Rows.transactions).toBe(4);
  });

  it("commits a lone writer's batch at once, and waits the window for company while several writers are at work", async () => {
    const database = await (await reopenable()).open();
    cleanups.push(() => database.close());
    const writes = new GroupCommit(database.db, { windowMs: 400 });
    const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

    // One writer: its row is stored before a second row added 50 ms later (two transactions).
    Rows.transactions = 0;
    await writes.room();
    const lone = addRow(writes, 1);
    await later(50);
    const second = addRow(writes, 2);
    await Promise.all([lone, second]);
    expect(Rows.transactions).toBe(2);

    // Two writers at work: the first row waits, and the second joins its batch (one transaction).
    Rows.transactions = 0;
    await Promise.all([writes.room(), writes.room()]);
    const first = addRow(writes, 3);
    await later(50);
    const joined = addRow(writes, 4);
    await Promise.all([first, joined]);
    expect(Rows.transactions).toBe(1);
    expect(await storedIds(database.db)).toEqual([1, 2, 3, 4]);
  });

  it("sends the next batch to the database before the writers of the batch committed hear back", async () => {
    const database = await (await reopenable()).open();
    cleanups.push(() => database.close());
    const writes = new GroupCommit(database.db);
    Rows.transactions = 0;
    const first = addRow(writes, 1);
    while (Rows.transactions === 0) await new Promise((r) => setImmediate(r));
    // The first batch is committing: this row opens the next.
    const second = addRow(writes, 2);
    await first;
    // Already on its way: the first batch's writers work on while the database stores the second.
    expect(Rows.transactions).toBe(2);
    await second;
    expect(await storedIds(database.db)).toEqual([1, 2]);
  });

  it("splits the writers at work in two batches, one committing while the other's writers prepare their next operations", async () => {
    const database = await (await reopenable()).open();
    cleanups.push(() => database.close());
    const writes = new GroupCommit(database.db);
    Rows.sizes = [];
    // 20 writers, each adding 5 rows one after the other (the next once the last is stored).
    const writer = async (w: number) => {
      for (let i = 0; i < 5; i++) {
        await writes.room();
        await addRow(writes, w * 100 + i);
      }
    };
    await Promise.all(Array.from({ length: 20 }, (_, w) => writer(w)));
    // All 20 arrive together at first; from then on batches hold about half of them.
    expect(Rows.sizes[0]).toBe(20);
    expect(Math.max(...Rows.sizes.slice(1))).toBe(10);
    expect(Rows.sizes.reduce((a, n) => a + n, 0)).toBe(100);
    expect(await storedIds(database.db)).toHaveLength(100);
  });

  it("after a failed batch rejects its operations, every later one and every new write, and says so once", async () => {
    const database = await (await reopenable()).open();
    cleanups.push(() => database.close());
    const writes = new GroupCommit(database.db, { maxBatch: 10 });
    const halts: unknown[] = [];
    writes.onHalt((err) => halts.push(err));
    await addRow(writes, 1);
    const outcomes = await Promise.allSettled([addRow(writes, 2), addRow(writes, 1), ...Array.from({ length: 20 }, (_, i) => addRow(writes, 100 + i))]);
    expect(outcomes.every((o) => o.status === "rejected" && o.reason instanceof WritesHaltedError)).toBe(true);
    await expect(addRow(writes, 500)).rejects.toBeInstanceOf(WritesHaltedError);
    await expect(writes.room()).rejects.toBeInstanceOf(WritesHaltedError);
    expect(halts).toHaveLength(1);
    expect(await storedIds(database.db)).toEqual([1]);
  });

  it("lets writers in only while fewer than maxQueued operations wait to be committed", async () => {
    const database = await (await reopenable()).open();
    cleanups.push(() => database.close());
    const writes = new GroupCommit(database.db, { maxQueued: 4 });
    let committed = false;
    const queued = [1, 2, 3, 4].map((id) => addRow(writes, id));
    void queued[3]!.then(() => {
      committed = true;
    });
    await writes.room();
    expect(committed).toBe(true);
    await writes.room();
    expect(await storedIds(database.db)).toEqual([1, 2, 3, 4]);
  });

  it("after a failure and a reopen, holds every acknowledged operation and none it refused: a prefix", async () => {
    const db = await reopenable();
    const first = await db.open();
    const writes = new GroupCommit(first.db, { maxBatch: 7 });
    writes.onHalt(() => {});
    const acknowledged = new Set<number>();
    const refused = new Set<number>();
    const ops: Promise<void>[] = [];
    for (let i = 1; i <= 300; i++) {
      // Operation 150 repeats an id: its batch fails, in the middle of the stream.
      const id = i === 150 ? 3 : i;
      ops.push(
        addRow(writes, id).then(
          () => void acknowledged.add(i),
          () => void refused.add(i),
        ),
      );
      if (i % 25 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(ops);
    await first.close();
    const again = await db.open();
    cleanups.push(() => again.close());
    const stored = new Set(await storedIds(again.db));
    expect(refused.has(150)).toBe(true);
    for (const i of acknowledged) expect(stored.has(i)).toBe(true);
    for (const i of refused) if (i !== 150) expect(stored.has(i)).toBe(false);
    // A prefix: acknowledged operations are exactly those before the failed batch.
    expect(Math.max(...acknowledged)).toBeLessThan(Math.min(...refused));
  });
});
