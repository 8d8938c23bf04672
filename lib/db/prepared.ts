// Statements on PGlite as prepared statements, each sent as one simple-query message. PGlite answers a
// parametrised statement in five calls into its wasm (parse, describe, bind, describe, execute) and plans
// it every time; a group commit's batch (six inserts in one statement) cost ~2.2 ms that way and ~0.9 ms
// as `execute` of a statement prepared once, its values written in as literals. On PostgreSQL the driver
// pipelines those messages in one round trip and the server does the work, so statements go as they are.
import type { Results } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "./client";
import { PgliteThread } from "./pglite-thread";

/** The rows a statement returns, column names as keys. */
export interface StatementResult {
  rows: Record<string, unknown>[];
}

/**
 * Runs a statement the application runs many times with different values (a group commit's batch, a
 * claim); on PGlite through the client's prepared statements, values parsed by PGlite's type parsers as
 * its `query` does.
 */
export async function executePrepared(db: Database, statement: SQL): Promise<StatementResult> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PgliteThread) return preparedStatements(client).run(statement);
  return (await db.execute(statement)) as unknown as StatementResult;
}

const statementsByClient = new WeakMap<PgliteThread, PreparedStatements>();

function preparedStatements(client: PgliteThread): PreparedStatements {
  let statements = statementsByClient.get(client);
  if (statements === undefined) {
    statements = new PreparedStatements(client);
    statementsByClient.set(client, statements);
  }
  return statements;
}

/** Statements kept prepared at most (a batch's text depends on which kinds of rows it holds: a few dozen shapes). */
const MAX_PREPARED = 64;

const dialect = new PgDialect();

/**
 * The statements of one PGlite session, prepared the first time their text is seen and executed by name
 * after. Everything a run sends is one message, queued at once: PGlite runs messages in the order they
 * were queued, so a statement deallocated to make room is never named by a message queued before.
 */
export class PreparedStatements {
  /** Statement text → its name, least recently used first. */
  private readonly names = new Map<string, string>();
  private count = 0;

  constructor(private readonly client: { exec(text: string): Promise<Results[]> }) {}

  /** Runs the statement; the rows it returns (those of the message's last statement, the `execute`). */
  async run(statement: SQL): Promise<StatementResult> {
    const results = await this.send(statement);
    return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
  }

  private send(statement: SQL): Promise<Results[]> {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    const execute = (name: string) => (params.length === 0 ? `execute ${name}` : `execute ${name}(${params.map(literal).join(", ")})`);
    const known = this.names.get(text);
    if (known !== undefined) {
      this.names.delete(text);
      this.names.set(text, known);
      return this.client.exec(execute(known));
    }
    const name = `bourse_statement_${++this.count}`;
    let message = `prepare ${name} as ${text}; ${execute(name)}`;
    if (this.names.size >= MAX_PREPARED) {
      const [oldestText, oldest] = this.names.entries().next().value!;
      this.names.delete(oldestText);
      message = `deallocate ${oldest}; ${message}`;
    }
    this.names.set(text, name);
    // A failed message may have left the statement unprepared: prepare it again under a new name next time.
    return this.client.exec(message).catch((err: unknown) => {
      if (this.names.get(text) === name) this.names.delete(text);
      throw err;
    });
  }

  /** How many statements are prepared now. */
  get size(): number {
    return this.names.size;
  }
}

/**
 * A value as a quoted literal: of unknown type, so PostgreSQL resolves it from its context as it does an
 * untyped parameter (which is how the driver sends them). standard_conforming_strings (on since
 * PostgreSQL 9.1) leaves backslashes as they are.
 */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  const text =
    typeof value === "string" ? value : value instanceof Date ? value.toISOString() : typeof value === "object" ? JSON.stringify(value) : String(value);
  if (text.includes("\u0000")) throw new TypeError("a value holding a NUL character cannot be stored");
  return `'${text.replaceAll("'", "''")}'`;
}
