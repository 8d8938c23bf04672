// A background job that must run on one instance of a deployment at a time (the bridge relayer): the
// instance holding a PostgreSQL advisory lock runs it; the others try for the lock every interval and
// take the job over when its holder dies. PGlite is one process, so there it simply runs.
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../log";

export interface SoleJob {
  start(): void;
  /** Stops it and waits for work under way. */
  stop(): Promise<void>;
}

/** How often an instance without the job tries to take it: a dead holder is replaced within about this. */
const ELECTION_INTERVAL_MS = 2_000;

/**
 * How long a new holder waits before starting the job: a holder whose lock went with its connection
 * learns so within a probe of that connection (1 s, client.ts) and then finishes its pass under way, so
 * the two never run at once. On PGlite (one process) no other holder exists and the job starts at once.
 */
const HANDOVER_MS = 1_500;

export async function runOnOneInstance(input: {
  database: DatabaseHandle;
  lockName: string;
  job: SoleJob;
  log: Logger;
  intervalMs?: number;
  handoverMs?: number;
}): Promise<{ holds(): boolean; stop(): Promise<void> }> {
  const { database, lockName, job, log } = input;
  const handoverMs = database.kind === "pglite" ? 0 : (input.handoverMs ?? HANDOVER_MS);
  let release: (() => Promise<void>) | undefined;
  let stopped = false;
  let trying: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;

  const lose = (err: Error) => {
    const held = release;
    if (held === undefined) return;
    // The lock went with its connection: another instance may run the job from now on.
    release = undefined;
    void held(); // hands the dead connection back to be discarded
    log.warn({ lock: lockName, err: err.message }, "lost the lock of a job one instance runs; stopping it here");
    stopping = job.stop().catch((e: unknown) => log.warn({ lock: lockName, err: (e as Error).message }, "a job one instance runs failed to stop"));
  };
  const tryToHold = async () => {
    if (release !== undefined || stopped) return;
    try {
      const held = await database.tryHoldLock(lockName, lose);
      if (held === null) return;
      if (stopped) return await held();
      // A run stopped on an earlier loss finishes before the next starts: never two at once here.
      await stopping;
      release = held;
      // Nor on two instances: the one that held the lock before may not know yet that it lost it.
      if (handoverMs > 0) await new Promise((r) => setTimeout(r, handoverMs));
      if (release !== held || stopped) return;
      job.start();
    } catch (err) {
      log.warn({ lock: lockName, err: (err as Error).message }, "could not try for the lock of a job one instance runs; trying again");
    }
  };
  const tick = () => {
    trying ??= tryToHold().finally(() => {
      trying = undefined;
    });
  };

  tick();
  await trying;
  const timer = setInterval(tick, input.intervalMs ?? ELECTION_INTERVAL_MS);
  timer.unref();
  return {
    holds: () => release !== undefined,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await trying;
      const held = release;
      release = undefined;
      if (held !== undefined) {
        await job.stop();
        await held();
      }
    },
  };
}
