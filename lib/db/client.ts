import path from "node:path";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import pg from "pg";
import { z } from "zod";
import * as schema from "./schema";
import { lockDataDir } from "./pglite-lock";
import { PgliteThread } from "./pglite-thread";

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseTarget =
  | {
      kind: "pglite";
      /** Folder for the data; in memory when absent. */
      dataDir?: string;
      /**
       * A tarball of a data folder (PGlite's dumpDataDir) a new database starts from instead of running
       * PostgreSQL's initdb, the costliest part of opening one (tests open hundreds). A data folder that
       * holds a database already opens as it is.
       */
      seed?: string;
    }
  | { kind: "postgres"; url: string; maxConnections?: number };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseTarget["kind"];
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Runs fn with exclusive use of the database for schema changes (advisory lock on Postgres). */
  withMigrationLock<T>(fn: (db: Database) => Promise<T>): Promise<T>;
  /**
   * Runs fn while holding a named lock every instance on this database respects (a session advisory lock
   * on its own connection on Postgres). PGlite serves one process, so there it only runs fn: callers
   * queue within the process themselves.
   */
  withAdvisoryLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /**
   * Takes a named lock for as long as this instance runs, without waiting: the release function, or
   * null when another instance holds it. A crashed holder's lock goes with its session. PGlite serves
   * one process (its data folder is locked), so there it is always granted. `onLost` runs (once) if the
   * lock's connection fails while held: another instance may hold it from then on.
   */
  tryHoldLock(name: string, onLost?: (err: Error) => void): Promise<(() => Promise<void>) | null>;
}

/** The target the configuration asks for: Postgres when DATABASE_URL is set, PGlite in DATA_DIR otherwise. */
export function targetFromConfig(cfg: { databaseUrl?: string; dataDir: string }): DatabaseTarget {
  return cfg.databaseUrl ? { kind: "postgres", url: cfg.databaseUrl } : { kind: "pglite", dataDir: path.join(cfg.dataDir, "pglite") };
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === "pglite" ? openPglite(target.dataDir, target.seed) : openPostgres(target.url, target.maxConnections);
}

async function openPglite(dataDir: string | undefined, seed: string | undefined): Promise<DatabaseHandle> {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PgliteThread;
  try {
    client = await PgliteThread.open(dataDir, seed);
  } catch (err) {
    release();
    throw err;
  }
  // Drizzle's PGlite driver asks of its client only what the thread answers (query, transaction).
  const db = drizzlePglite({ client: client as never, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
    // PGlite lives in this process only, so an in-process queue is a complete lock.
    withMigrationLock: serialised((fn) => fn(db)),
    withAdvisoryLock: (_name, fn) => fn(),
    tryHoldLock: async () => async () => {},
  };
}

/** How often a held lock's connection is checked. */
const LOCK_PROBE_MS = 1_000;

// Any fixed 64-bit number shared by every instance; it names the lock that serialises migrations.
const MIGRATION_LOCK_ID = 0x626f757273650001n;

async function openPostgres(url: string, maxConnections = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle client that loses its connection emits 'error'; the pool replaces it, so log nothing fatal.
  pool.on("error", () => {});
  // So does a borrowed one (a transaction between two queries) when the server ends its connection, and the
  // pool listens only to idle ones: without this the process would crash. Its next query fails instead, and
  // the pool discards it on release.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePostgres(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
    withAdvisoryLock: async (name, fn) => {
      const conn = await pool.connect();
      // A connection the server drops while held must not crash the process; the pool discards it on release.
      let broken: Error | undefined;
      const onError = (err: Error) => {
        broken = err;
      };
      // Pooled connections are reused: a listener left behind would pile up, one per call, on each of them.
      conn.on("error", onError);
      try {
        await conn.query("select pg_advisory_lock(hashtextextended($1, 0))", [name]);
        try {
          return await fn();
        } finally {
          await conn.query("select pg_advisory_unlock(hashtextextended($1, 0))", [name]).catch((err: Error) => (broken = err));
        }
      } finally {
        conn.off("error", onError);
        conn.release(broken);
      }
    },
    tryHoldLock: async (name, onLost) => {
      const conn = await pool.connect();
      let lost: Error | undefined;
      let released = false;
      const lose = (err: Error) => {
        if (lost !== undefined || released) return;
        lost = err;
        onLost?.(err);
      };
      const ended = () => lose(new Error("the lock's connection ended"));
      conn.on("error", lose);
      conn.on("end", ended);
      // The connection goes back to the pool: followers try every second, so listeners left on it would pile up.
      const giveBack = (err?: Error) => {
        released = true;
        conn.off("error", lose);
        conn.off("end", ended);
        conn.release(err);
      };
      let held: boolean;
      try {
        const { rows } = await conn.query<{ held: boolean }>("select pg_try_advisory_lock(hashtextextended($1, 0)) as held", [name]);
        held = rows[0]?.held === true;
      } catch (err) {
        giveBack(err as Error);
        throw err;
      }
      if (!held) {
        giveBack();
        return null;
      }
      // A connection can die without an event until it is used: use it now and then.
      const probe = setInterval(() => {
        conn.query("select 1").catch((err: Error) => lose(err));
      }, LOCK_PROBE_MS);
      probe.unref();
      return async () => {
        released = true;
        clearInterval(probe);
        if (lost === undefined) await conn.query("select pg_advisory_unlock(hashtextextended($1, 0))", [name]).catch(() => {});
        giveBack(lost);
      };
    },
    withMigrationLock: async (fn) => {
      const conn = await pool.connect();
      try {
        await conn.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID.toString()]);
        return await fn(drizzlePostgres(conn, { schema }) as unknown as Database);
      } finally {
        await conn.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID.toString()]).catch(() => {});
        conn.release();
      }
    },
  };
}

/** Names of the tables in the current schema, for tests and diagnostics. */
export async function listTables(db: Database): Promise<string[]> {
  const result = await db.execute(sql`select table_name from information_schema.tables where table_schema = current_schema() order by table_name`);
  // Both drivers answer with { rows }; the row type is only known at run time.
  return tableRows.parse(result).rows.map((r) => r.table_name);
}

const tableRows = z.object({ rows: z.array(z.object({ table_name: z.string() })) });

/** Wraps an async function so that calls run one after another, never interleaved. */
function serialised<A, R>(fn: (arg: A) => Promise<R>): (arg: A) => Promise<R> {
  let tail: Promise<unknown> = Promise.resolve();
  return (arg) => {
    const run = tail.then(() => fn(arg));
    tail = run.catch(() => {});
    return run;
  };
}
