// Rows written through their JSON: every column type the group commit writes survives the trip, and conflicts resolve as asked.
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { openDatabase, type DatabaseHandle } from "./client";
import { insertJsonRows } from "./json-rows";
import { executePrepared } from "./prepared";

const things = pgTable(
  "json_rows_test",
  {
    scope: text("scope").notNull(),
    id: integer("id").notNull(),
    name: text("name"),
    lots: bigint("lots", { mode: "number" }).notNull(),
    atoms: bigint("atoms", { mode: "bigint" }).notNull(),
    live: boolean("live").notNull(),
    doc: jsonb("doc").$type<{ status: number; body: unknown }>(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.id] })],
);

let made: TestDatabase;
let database: DatabaseHandle;
beforeAll(async () => {
  made = await createTestDatabase();
  database = await openDatabase(made.target);
  await database.db.execute(
    sql`create table json_rows_test (scope text not null, id integer not null, name text, lots bigint not null, atoms bigint not null, live boolean not null, doc jsonb, primary key (scope, id))`,
  );
});
afterAll(async () => {
  await database?.close();
  await made?.drop();
});

/** Runs a statement the builders made (they make one for any rows) as the group commit does. */
async function run(statement: SQL | undefined): Promise<void> {
  if (statement === undefined) throw new Error("no statement for rows");
  await executePrepared(database.db, statement);
}

const read = () => database.db.select().from(things).orderBy(things.scope, things.id);

describe("insertJsonRows statements", () => {
  it("store bigints beyond 2^53 exactly, nulls, booleans, quotes and nested JSON as given", async () => {
    const rows = [
      {
        scope: "a",
        id: 1,
        name: 'say "hi" \\ \u00e9\u{1f600}',
        lots: 2 ** 40,
        atoms: 9007199254740993n,
        live: true,
        doc: { status: 200, body: { list: [1, "x", null] } },
      },
      { scope: "a", id: 2, name: null, lots: -5, atoms: -1n, live: false, doc: null },
    ];
    await run(insertJsonRows(things, rows));
    expect(await read()).toEqual(rows);
  });

  it("on a conflict, overwrite only the columns named, or drop the new row", async () => {
    await run(
      insertJsonRows(things, [{ scope: "a", id: 1, name: "renamed", lots: 7, atoms: 7n, live: false, doc: null }], {
        target: [things.scope, things.id],
        update: [things.lots, things.atoms],
      }),
    );
    await run(insertJsonRows(things, [{ scope: "a", id: 2, name: "ignored", lots: 9, atoms: 9n, live: true, doc: null }], {}));
    const [one, two] = await read();
    expect(one).toMatchObject({ name: 'say "hi" \\ \u00e9\u{1f600}', lots: 7, atoms: 7n, live: true });
    expect(two).toMatchObject({ name: null, lots: -5, atoms: -1n, live: false });
  });

  it("make no statement for no rows", async () => {
    const before = await read();
    expect(insertJsonRows(things, [])).toBeUndefined();
    expect(await read()).toEqual(before);
  });
});
