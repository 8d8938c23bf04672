// Group commit: the writes of concurrent operations, merged and stored in one statement per batch.
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "./client";
import { executePrepared } from "./prepared";

/**
 * One kind of row a batch gathers (e.g. venue changes, order records), as the statements writing them.
 * A batch's statements run as one (data-modifying WITH clauses): they see the database as it was before
 * the batch, so a part must not read what another part of the same batch writes; constraints (a child's
 * reference to its parent) are checked once the whole batch is written.
 */
export interface BatchPart {
  statements(): (SQL | undefined)[];
}

/** How to make a part; parts of a batch are listed by ascending `rank` (parents before the rows referring to them). */
export interface PartKind<P extends BatchPart> {
  readonly rank: number;
  create(): P;
}

export interface GroupCommitOptions {
  /**
   * How long the first write of a batch waits for others to join it while several writers are at work
   * (more than one asked for `room()` since the last batch was taken); a lone writer's batch goes at once.
   */
  windowMs?: number;
  /** Operations per batch at most (a batch takes half of those at work, so two are in flight). */
  maxBatch?: number;
  /** Operations queued (not committed) above which `room()` waits. */
  maxQueued?: number;
}

/** A batch is not split below this many operations: each batch costs a fixed part besides its rows. */
const MIN_SPLIT_BATCH = 4;

/** Tries of one batch before writes halt (about 1.5 s of back-off in all). */
const COMMIT_ATTEMPTS = 5;

/** Every write after a failed batch is refused with this: what it depended on was never stored. */
export class WritesHaltedError extends Error {
  constructor(cause: unknown) {
    super(`writes halted: a batch failed to commit (${cause instanceof Error ? cause.message : String(cause)})`, { cause });
    this.name = "WritesHaltedError";
  }
}

interface Batch {
  parts: Map<PartKind<BatchPart>, BatchPart>;
  operations: number;
  settle: { resolve(): void; reject(err: unknown): void }[];
}

/**
 * Operations add their rows to the open batch (synchronously, so batches keep the order operations ran in)
 * and get a promise that resolves when the batch commits. One batch commits at a time, FIFO: an operation
 * resolved means every operation added before it is stored too. A batch opens a window of `windowMs`,
 * or closes at half the operations at work (`maxBatch` at most); while one commits, the next fills.
 *
 * Failure: when a batch's transaction fails, its operations and every one queued after it are rejected
 * and so is every later write (WritesHaltedError): the writers' memory is ahead of the database, and
 * only reopening from the database (a restart, or another instance taking over) brings them back in step.
 * The database then holds exactly the batches acknowledged, a prefix of what happened.
 *
 * Back-pressure: writers await `room()` before changing memory; it waits while `maxQueued` operations
 * are uncommitted, so the queue holds at most that many plus the writes of those let in at once.
 */
export class GroupCommit {
  private readonly queue: Batch[] = [];
  private queued = 0;
  /** The batch whose transaction runs now, off the queue. */
  private committing: Batch | undefined;
  private scheduled = false;
  private halted: WritesHaltedError | undefined;
  private readonly waitingForRoom: (() => void)[] = [];
  private readonly haltListeners: ((err: unknown) => void)[] = [];
  private readonly windowMs: number;
  /** Writers that asked for room since the last batch was taken: more than one means company is coming. */
  private writersSinceBatch = 0;
  private readonly maxBatch: number;
  private readonly maxQueued: number;
  /** Operations not yet committed when the last batch was stored: about how many writers are at work. */
  private inFlight = Number.POSITIVE_INFINITY;

  constructor(
    private readonly db: Database,
    options: GroupCommitOptions = {},
  ) {
    this.windowMs = options.windowMs ?? 1;
    this.maxBatch = options.maxBatch ?? 512;
    this.maxQueued = options.maxQueued ?? 8192;
  }

  /** Calls `listener` once if a batch fails to commit: the writers' memory may now be ahead of the database. */
  onHalt(listener: (err: unknown) => void): void {
    this.haltListeners.push(listener);
  }

  /** The failure that halted writes, if one did. */
  get failure(): WritesHaltedError | undefined {
    return this.halted;
  }

  /** Adds one operation's rows of a kind to the open batch; resolves once that batch is committed. */
  add<P extends BatchPart>(kind: PartKind<P>, fill: (part: P) => void): Promise<void> {
    if (this.halted !== undefined) return Promise.reject(this.halted);
    let batch = this.queue.at(-1);
    // The batch being committed is taken off the queue, so the last one queued is still open.
    if (batch === undefined || batch.operations >= this.batchLimit()) {
      batch = { parts: new Map(), operations: 0, settle: [] };
      this.queue.push(batch);
    }
    let part = batch.parts.get(kind as PartKind<BatchPart>) as P | undefined;
    if (part === undefined) {
      part = kind.create();
      batch.parts.set(kind as PartKind<BatchPart>, part);
    }
    fill(part);
    batch.operations++;
    this.queued++;
    const done = new Promise<void>((resolve, reject) => batch.settle.push({ resolve, reject }));
    this.schedule();
    return done;
  }

  /** Resolves when fewer than `maxQueued` operations wait to be committed (rejects once halted). */
  room(): Promise<void> {
    if (this.halted !== undefined) return Promise.reject(this.halted);
    this.writersSinceBatch++;
    if (this.queued < this.maxQueued) return Promise.resolve();
    return new Promise((resolve) => this.waitingForRoom.push(resolve));
  }

  /** Resolves once everything added so far is committed (rejects if it never will be). */
  flushed(): Promise<void> {
    if (this.halted !== undefined) return Promise.reject(this.halted);
    const last = this.queue.at(-1) ?? this.committing;
    if (last === undefined) return Promise.resolve();
    return new Promise((resolve, reject) => last.settle.push({ resolve, reject }));
  }

  /**
   * Operations a batch takes before the next one opens: half of those at work (at least a few), so two
   * batches are in flight, one committing while the writers of the other prepare their next operations
   * (the database has a thread of its own, or a server, and the two overlap); `maxBatch` at most.
   */
  private batchLimit(): number {
    return Math.min(this.maxBatch, Math.max(MIN_SPLIT_BATCH, Math.ceil(this.inFlight / 2)));
  }

  private schedule(): void {
    if (this.committing !== undefined || this.scheduled) return;
    this.scheduled = true;
    const full = this.queue[0] !== undefined && this.queue[0].operations >= this.batchLimit();
    // A lone writer's batch goes at once; while several are at work a batch waits the window for their writes.
    const alone = this.writersSinceBatch <= 1;
    if (full || alone || this.windowMs <= 0) setImmediate(() => void this.commitNext());
    else setTimeout(() => void this.commitNext(), this.windowMs);
  }

  private async commitNext(): Promise<void> {
    this.scheduled = false;
    const batch = this.queue.shift();
    if (batch === undefined) return;
    this.writersSinceBatch = 0;
    this.committing = batch;
    try {
      const parts = [...batch.parts].sort(([a], [b]) => a.rank - b.rank);
      await this.commitWithRetries(parts);
    } catch (err) {
      this.halt(err, batch);
      return;
    } finally {
      this.committing = undefined;
    }
    // Writers of this batch and of those behind it: each comes back with its next operation.
    this.inFlight = this.queued;
    this.queued -= batch.operations;
    // The next batch filled while this one committed: it goes at once, before this one's writers hear
    // back, so the database works on it while they go on with their next operations.
    if (this.queue.length > 0) void this.commitNext();
    for (const s of batch.settle) s.resolve();
    this.letIn();
  }

  /**
   * A transaction that failed rolled back whole, so the same batch may be written again: a dropped
   * connection costs a retry, not a halt. A failure that persists (or a commit that did land before its
   * connection died, whose retry then conflicts) halts writes as before.
   */
  private async commitWithRetries(parts: readonly [unknown, BatchPart][]): Promise<void> {
    const statement = oneStatement(parts.flatMap(([, part]) => part.statements()).filter((s): s is SQL => s !== undefined));
    if (statement === undefined) return;
    for (let attempt = 1; ; attempt++) {
      try {
        // One statement is its own transaction: all of the batch is stored, or none of it.
        await executePrepared(this.db, statement);
        return;
      } catch (err) {
        if (attempt >= COMMIT_ATTEMPTS) throw err;
        await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      }
    }
  }

  private halt(err: unknown, failed: Batch): void {
    this.halted = new WritesHaltedError(err);
    for (const b of [failed, ...this.queue.splice(0)]) for (const s of b.settle) s.reject(this.halted);
    this.queued = 0;
    // Those waiting for room get the failure on their next write.
    for (const resolve of this.waitingForRoom.splice(0)) resolve();
    for (const listener of this.haltListeners) listener(err);
  }

  private letIn(): void {
    for (let free = this.maxQueued - this.queued; free > 0 && this.waitingForRoom.length > 0; free--) this.waitingForRoom.shift()!();
  }
}

/** Statements joined into one (each a data-modifying WITH clause): one round trip and one commit for the batch. */
function oneStatement(statements: readonly SQL[]): SQL | undefined {
  if (statements.length <= 1) return statements[0];
  const clauses = statements.map((s, i) => sql`${sql.raw(`w${i}`)} as (${s})`);
  return sql`with ${sql.join(clauses, sql`, `)} select 1`;
}
