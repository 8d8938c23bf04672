// Statements as the group commit and the idempotency claims send them: on PGlite prepared once and executed by name with literal values.
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { openDatabase, type DatabaseHandle } from "./client";
import { executePrepared, PreparedStatements } from "./prepared";

let made: TestDatabase;
let database: DatabaseHandle;
beforeAll(async () => {
  made = await createTestDatabase();
  database = await openDatabase(made.target);
  await database.db.execute(sql`create table prepared_test (id integer primary key, label text, doc json, big bigint)`);
});
afterAll(async () => {
  await database?.close();
  await made?.drop();
});

const rows = async () =>
  ((await database.db.execute(sql`select id, label, doc::text as doc, big::text as big from prepared_test order by id`)) as unknown as { rows: unknown[] })
    .rows;

describe("executePrepared", () => {
  it("stores every value exactly as a parameter would: quotes, backslashes, unicode, JSON, numbers and nulls", async () => {
    const label = `it's "quoted" \\ back\\slash $1 '' ; drop table x; -- é 😀`;
    const doc = JSON.stringify({ text: label, list: [1, null, "a\\nb"] });
    await executePrepared(database.db, sql`insert into prepared_test (id, label, doc, big) values (${1}, ${label}, ${doc}::json, ${9007199254740993n})`);
    await executePrepared(database.db, sql`insert into prepared_test (id, label, doc, big) values (${2}, ${null}, ${null}, ${-5})`);
    expect(await rows()).toEqual([
      { id: 1, label, doc, big: "9007199254740993" },
      { id: 2, label: null, doc: null, big: "-5" },
    ]);
  });

  it("refuses a value holding a NUL character, as the database would", async () => {
    await expect(executePrepared(database.db, sql`insert into prepared_test (id, label) values (${3}, ${"a\u0000b"})`)).rejects.toThrow();
    expect(await rows()).toHaveLength(2);
  });

  it("rejects a failing statement and runs the same statement again once its values are valid", async () => {
    const insert = (id: number, label: string) => executePrepared(database.db, sql`insert into prepared_test (id, label) values (${id}, ${label})`);
    await expect(insert(1, "duplicate")).rejects.toThrow();
    await insert(4, "four");
    expect((await rows()).map((r) => (r as { label: string | null }).label)).toEqual([expect.stringContaining("quoted"), null, "four"]);
  });
});

describe("executePrepared's rows", () => {
  it("are those the statement returns, typed as a query's, the same on a statement's first and later runs", async () => {
    const insert = (id: number) =>
      executePrepared(
        database.db,
        sql`insert into prepared_test (id, label, doc, big) values (${id}, ${"r"}, ${'{"a":1}'}::json, ${7}) returning id, doc, big`,
      );
    const first = await insert(10);
    const again = await insert(11);
    expect(first.rows).toEqual([{ id: 10, doc: { a: 1 }, big: expect.anything() }]);
    expect(again.rows).toEqual([{ id: 11, doc: { a: 1 }, big: first.rows[0]!.big }]);
    expect((await executePrepared(database.db, sql`delete from prepared_test where id >= ${10}`)).rows).toEqual([]);
  });
});

describe.runIf(process.env.BOURSE_TEST_DB !== "postgres")("PreparedStatements on PGlite", () => {
  it("prepares a statement once, keeps at most 64, and a statement evicted or never prepared is prepared again", async () => {
    const client = new PGlite();
    await client.exec("create table t (id integer primary key, n integer)");
    const writes = new PreparedStatements(client);
    const prepared = async () => (await client.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements")).rows[0]!.n;
    await writes.run(sql`insert into t (id, n) values (${1}, ${0})`);
    await writes.run(sql`insert into t (id, n) values (${2}, ${0})`);
    expect(await prepared()).toBe(1);
    // 70 shapes of statement (each a different text): the least recently used are deallocated.
    for (let i = 0; i < 70; i++) await writes.run(sql.raw(`update t set n = n + ${i + 1} where id = 1`));
    expect(writes.size).toBe(64);
    expect(await prepared()).toBe(64);
    // The first shape was evicted long ago: it is prepared again and still works.
    await writes.run(sql`insert into t (id, n) values (${3}, ${0})`);
    // A statement PostgreSQL cannot prepare fails, and is not remembered as prepared.
    await expect(writes.run(sql.raw("insert into missing_table values (1)"))).rejects.toThrow(/missing_table/);
    await expect(writes.run(sql.raw("insert into missing_table values (1)"))).rejects.toThrow(/missing_table/);
    await client.exec("create table missing_table (id integer)");
    await writes.run(sql.raw("insert into missing_table values (1)"));
    const total = (await client.query<{ n: number }>("select sum(n)::int as n from t")).rows[0]!.n;
    expect(total).toBe((70 * 71) / 2);
    expect((await client.query("select * from missing_table")).rows).toHaveLength(1);
    await client.close();
  });
});
