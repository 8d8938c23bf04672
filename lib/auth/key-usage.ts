// How many requests each agent key made. Counting in the database on every request would put a write on
// every call's path; each instance counts in memory instead and adds its counts to the keys' rows every
// few seconds, in one statement (additions, so instances never overwrite each other). A crash loses at
// most the last interval's counts: usage figures, not anything billed.
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

export interface KeyUsage {
  /** One more request authenticated with this key. */
  record(keyId: string): void;
  /** Adds the counts so far to the keys' rows. */
  flush(): Promise<void>;
  /** Stops the timer and stores what is left. */
  stop(): Promise<void>;
}

const FLUSH_EVERY_MS = 5_000;

export function createKeyUsage(db: Database, onError: (err: unknown) => void = () => {}, flushEveryMs = FLUSH_EVERY_MS): KeyUsage {
  let pending = new Map<string, number>();
  let writing: Promise<void> = Promise.resolve();

  const write = async (counts: Map<string, number>) => {
    const rows = JSON.stringify([...counts].map(([id, n]) => ({ id, n })));
    try {
      await db.execute(
        sql`update agent_keys as k set requests = k.requests + v.n from json_to_recordset(${rows}::json) as v(id text, n bigint) where k.id = v.id`,
      );
    } catch (err) {
      // Kept for the next flush: a database that is away for a moment loses no counts.
      for (const [id, n] of counts) pending.set(id, (pending.get(id) ?? 0) + n);
      onError(err);
    }
  };

  const flush = () => {
    if (pending.size > 0) {
      const counts = pending;
      pending = new Map();
      // One write at a time, in order.
      writing = writing.then(() => write(counts));
    }
    return writing;
  };

  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();

  return {
    record(keyId) {
      pending.set(keyId, (pending.get(keyId) ?? 0) + 1);
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
