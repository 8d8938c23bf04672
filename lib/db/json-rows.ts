// Statements writing many rows with one parameter, their JSON: PostgreSQL (and PGlite) unpack it with
// json_populate_recordset. Building and binding a VALUES list of thousands of parameters costs several
// times more than the insert itself; these are what the group commit's batches are made of.
import { getTableColumns, type InferInsertModel, type SQL, sql } from "drizzle-orm";
import { type PgColumn, PgDialect, type PgTable } from "drizzle-orm/pg-core";

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
  const shape = statementShape(
    table,
    onConflict === undefined ? "insert" : "upsert",
    [columns.map(([key]) => key), onConflict?.target?.map((c) => c.name), onConflict?.update?.map((c) => c.name)],
    () => {
      const names = sql.join(
        columns.map(([, c]) => sql.identifier(c.name)),
        sql`, `,
      );
      return {
        columns: writtenColumns(columns),
        head: sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, `,
        tail: sql`::json)${conflictClause(onConflict)}`,
      };
    },
  );
  return shape.statement(rows);
}

type NamedColumn = [key: string, column: PgColumn];

/** A column as jsonRow writes it: json columns go as they are, others through the column's driver mapping. */
interface WrittenColumn {
  key: string;
  name: string;
  json: boolean;
  column: PgColumn;
}

function writtenColumns(columns: readonly NamedColumn[]): WrittenColumn[] {
  return columns.map(([key, column]) => ({ key, name: column.name, json: column.getSQLType().startsWith("json"), column }));
}

/**
 * A kind of statement on a table with its SQL text rendered once: batches write the same few shapes
 * thousands of times a second, and building the text anew from its dozens of identifiers cost more than
 * writing the rows' JSON.
 */
class StatementShape {
  private readonly head: SQL;
  private readonly tail: SQL;

  constructor(
    private readonly columns: readonly WrittenColumn[],
    head: SQL,
    tail: SQL,
  ) {
    this.head = sql.raw(dialect.sqlToQuery(head).sql);
    this.tail = sql.raw(dialect.sqlToQuery(tail).sql);
  }

  statement(rows: readonly object[]): SQL {
    const json = JSON.stringify(rows.map((row) => jsonRow(row as Record<string, unknown>, this.columns)));
    return sql`${this.head}${json}${this.tail}`;
  }
}

const dialect = new PgDialect();
const shapes = new WeakMap<PgTable, Map<string, StatementShape>>();

/** The table's statement shape named by `kind` and `parts` (column names), made by `make` the first time. */
function statementShape(
  table: PgTable,
  kind: string,
  parts: readonly (readonly string[] | undefined)[],
  make: () => { columns: WrittenColumn[]; head: SQL; tail: SQL },
): StatementShape {
  let byKey = shapes.get(table);
  if (byKey === undefined) {
    byKey = new Map();
    shapes.set(table, byKey);
  }
  const key = `${kind}|${parts.map((p) => (p === undefined ? "-" : p.join(","))).join("|")}`;
  let shape = byKey.get(key);
  if (shape === undefined) {
    const { columns, head, tail } = make();
    shape = new StatementShape(columns, head, tail);
    byKey.set(key, shape);
  }
  return shape;
}

function presentColumns(table: PgTable, rows: readonly object[]): NamedColumn[] {
  const given = new Set<string>();
  for (const row of rows) for (const [key, value] of Object.entries(row)) if (value !== undefined) given.add(key);
  return Object.entries(getTableColumns(table)).filter(([key]) => given.has(key));
}

/** A row as json_populate_recordset reads it: database column names; bigints as strings (JSON has none); json columns as they are. */
function jsonRow(row: Record<string, unknown>, columns: readonly WrittenColumn[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, name, json, column } of columns) {
    const value = row[key];
    if (value === undefined || value === null) out[name] = null;
    else if (json) out[name] = value;
    else {
      const driver = column.mapToDriverValue(value);
      out[name] = typeof driver === "bigint" ? driver.toString() : driver;
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
