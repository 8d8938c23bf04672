import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { EmbeddedDatabaseError, PgliteThread } from "./pglite-thread";

// PGlite-specific: vitest.config.ts runs this file in the PGlite project only, where the project's seed
// (pglite-seed.ts) spares each database here PostgreSQL's initdb.
const projectSeed = inject("pgliteSeed");

describe("the embedded database on its own thread", () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = await PgliteThread.open(undefined, projectSeed);
    await db.exec("create table t (id int primary key, note text, at timestamptz)");
  });
  afterAll(() => db.close());

  it("answers queries with parameters, in object or array rows, dates kept as text where asked", async () => {
    await db.query("insert into t values ($1, $2, $3)", [1, "one", "2026-01-02T03:04:05Z"]);
    const objects = await db.query<{ id: number; note: string; at: Date }>("select * from t where id = $1", [1]);
    expect(objects.rows).toEqual([{ id: 1, note: "one", at: new Date("2026-01-02T03:04:05Z") }]);
    const arrays = await db.query("select id, at from t where id = 1", [], { rowMode: "array", parsers: { 1184: (v: string) => v } });
    expect(arrays.rows).toEqual([[1, "2026-01-02 03:04:05+00"]]);
  });

  it("raises PostgreSQL's error with its fields, and goes on serving", async () => {
    const err = await db.query("insert into t values (1, 'again', null)").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmbeddedDatabaseError);
    expect(err).toMatchObject({ code: "23505", constraint: "t_pkey", message: expect.stringContaining("duplicate key") });
    expect((await db.query("select count(*)::int as n from t")).rows).toEqual([{ n: 1 }]);
  });

  it("fails a call whose parameters cannot be copied to the thread, alone", async () => {
    await expect(db.query("select $1::text as v", [() => "a function"])).rejects.toThrow(/could not be cloned/);
    expect((await db.query("select $1::text as v", ["text"])).rows).toEqual([{ v: "text" }]);
  });

  it("commits a transaction that resolves and rolls back one that throws", async () => {
    await db.transaction(async (tx) => {
      await tx.query("insert into t values (2, 'two', null)");
      await tx.exec("insert into t values (3, 'three', null)");
    });
    const failed = db.transaction(async (tx) => {
      await tx.query("insert into t values (4, 'four', null)");
      throw new Error("changed my mind");
    });
    await expect(failed).rejects.toThrow("changed my mind");
    expect((await db.query("select id from t order by id")).rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it("fails a transaction whose commit fails, storing none of it", async () => {
    await db.exec("create table parent (id int primary key); create table child (parent int references parent deferrable initially deferred)");
    const failed = db.transaction(async (tx) => {
      await tx.query("insert into child values (99)");
    });
    await expect(failed).rejects.toMatchObject({ code: "23503" });
    expect((await db.query("select count(*)::int as n from child")).rows).toEqual([{ n: 0 }]);
  });

  it("runs statements sent during a transaction after it, never inside it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const transaction = db.transaction(async (tx) => {
      await tx.query("insert into t values (5, 'in', null)");
      await held;
      order.push("transaction");
      throw new Error("roll back");
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = db.query<{ n: number }>("select count(*)::int as n from t where id = 5").then((r) => {
      order.push("outside");
      return r.rows[0]?.n;
    });
    await new Promise((r) => setTimeout(r, 20));
    release();
    await expect(transaction).rejects.toThrow("roll back");
    // Had it run inside the open transaction it would have seen row 5.
    expect(await outside).toBe(0);
    expect(order).toEqual(["transaction", "outside"]);
  });

  it("refuses calls once closed, clearly", async () => {
    const other = await PgliteThread.open(undefined, projectSeed);
    await other.close();
    await expect(other.query("select 1")).rejects.toThrow("closed");
    await other.close();
  });

  it("starts a new database from a seed's data folder: each its own copy", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bourse-seed-test-"));
    const seed = path.join(dir, "seed.tar");
    const source = new PGlite({ loadDataDir: new Blob([readFileSync(projectSeed!)]) });
    await source.exec("create table kept (n int); insert into kept values (1)");
    writeFileSync(seed, new Uint8Array(await (await source.dumpDataDir("none")).arrayBuffer()));
    await source.close();
    const [a, b] = await Promise.all([PgliteThread.open(undefined, seed), PgliteThread.open(undefined, seed)]);
    try {
      await a.exec("insert into kept values (2)");
      expect((await a.query("select n from kept order by n")).rows).toEqual([{ n: 1 }, { n: 2 }]);
      expect((await b.query("select n from kept order by n")).rows).toEqual([{ n: 1 }]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
