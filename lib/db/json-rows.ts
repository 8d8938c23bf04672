// Statements writing many rows with one parameter, their JSON: PostgreSQL (and PGlite) unpack it with
// json_populate_recordset. Building and binding a VALUES list of thousands of parameters costs several
// times more than the insert itself; these are what the group commit's batches are made of.
import { getTableColumns, type InferInsertModel, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

export interface OnConflict {
  /** The unique columns a row may collide on; none: any unique constraint. */
  target?: readonly PgColumn[];
  /** Columns a colliding row overwrites with the new values; none: the new row is dropped. */
  update?: readonly PgColumn[];
}

/**
 * The statement inserting `rows` into `table` (none for no rows). The columns written are those any row
 * gives (a row leaving out one of them writes null there, not the column's default).
 */
export function insertJsonRows<T extends PgTable>(table: T, rows: readonly InferInsertModel<T>[], onConflict?: OnConflict): SQL | undefined {
  if (rows.length === 0) return undefined;
  const columns = presentColumns(table, rows);
  const names = sql.join(
    columns.map(([, c]) => sql.identifier(c.name)),
    sql`, `,
  );
  const json = JSON.stringify(rows.map((row) => jsonRow(row as Record<string, unknown>, columns)));
  return sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${json}::json)${conflictClause(onConflict)}`;
}

/**
 * The statement setting the `set` columns of each row whose `keys` columns match one of `rows` (objects
 * of key and value columns' values, keyed by property name); none for no rows.
 */
export function updateJsonRows<T extends PgTable>(
  table: T,
  keys: readonly PgColumn[],
  set: readonly PgColumn[],
  rows: readonly Partial<InferInsertModel<T>>[],
): SQL | undefined {
  if (rows.length === 0) return undefined;
  const columns = Object.entries(getTableColumns(table)).filter(([, c]) => keys.includes(c) || set.includes(c));
  const json = JSON.stringify(rows.map((row) => jsonRow(row as Record<string, unknown>, columns)));
  const assignments = sql.join(
    set.map((c) => sql`${sql.identifier(c.name)} = v.${sql.identifier(c.name)}`),
    sql`, `,
  );
  const matches = sql.join(
    keys.map((c) => sql`t.${sql.identifier(c.name)} = v.${sql.identifier(c.name)}`),
    sql` and `,
  );
  return sql`update ${table} as t set ${assignments} from json_populate_recordset(null::${table}, ${json}::json) as v where ${matches}`;
}

type NamedColumn = [key: string, column: PgColumn];

function presentColumns(table: PgTable, rows: readonly object[]): NamedColumn[] {
  const given = new Set<string>();
  for (const row of rows) for (const [key, value] of Object.entries(row)) if (value !== undefined) given.add(key);
  return Object.entries(getTableColumns(table)).filter(([key]) => given.has(key));
}

/** A row as json_populate_recordset reads it: database column names; bigints as strings (JSON has none); json columns as they are. */
function jsonRow(row: Record<string, unknown>, columns: readonly NamedColumn[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = row[key];
    if (value === undefined || value === null) out[column.name] = null;
    else if (column.getSQLType().startsWith("json")) out[column.name] = value;
    else {
      const driver = column.mapToDriverValue(value);
      out[column.name] = typeof driver === "bigint" ? driver.toString() : driver;
    }
  }
  return out;
}

function conflictClause(onConflict: OnConflict | undefined): SQL {
  if (onConflict === undefined) return sql``;
  const target =
    onConflict.target === undefined
      ? sql``
      : sql` (${sql.join(
          onConflict.target.map((c) => sql.identifier(c.name)),
          sql`, `,
        )})`;
  if (onConflict.update === undefined || onConflict.update.length === 0) return sql` on conflict${target} do nothing`;
  const set = sql.join(
    onConflict.update.map((c) => sql`${sql.identifier(c.name)} = excluded.${sql.identifier(c.name)}`),
    sql`, `,
  );
  return sql` on conflict${target} do update set ${set}`;
}
