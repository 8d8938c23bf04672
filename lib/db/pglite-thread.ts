// The embedded PostgreSQL (PGlite) on a worker thread of its own. PGlite runs each statement on the
// thread that calls it; on the server's thread a group-commit batch (~6 ms for a hundred orders) stopped
// HTTP, matching and everything else meanwhile. Here the event loop goes on while the database works, and
// the two share the machine's cores. The client answers what Drizzle's PGlite driver and our prepared
// statements ask of a PGlite: query, exec, transaction, close.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Results } from "@electric-sql/pglite";

export interface QueryOptions {
  rowMode?: "array" | "object";
  /**
   * Types whose values come back as the text PostgreSQL sent: the parser functions themselves stay on
   * this thread, so any parser given is read as "keep the text" (Drizzle gives them for dates and
   * intervals, to keep them so).
   */
  parsers?: Record<number, unknown>;
}

/** Statements inside one transaction: the same calls, run before anything queued behind the transaction. */
export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}

type Request =
  | { op: "open" | "begin" | "close" }
  | { op: "query"; text: string; params: unknown[] | undefined; rowMode: QueryOptions["rowMode"]; rawTypes: number[] | undefined; tx?: number }
  | { op: "exec"; text: string; tx?: number }
  | { op: "end"; tx: number; commit: boolean };

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: { message: string; name?: string } & Record<string, unknown> };

/** PostgreSQL's error as raised in the database's thread: its message and fields (code, detail, constraint …). */
export class EmbeddedDatabaseError extends Error {
  [field: string]: unknown;
  constructor(fields: { message: string; name?: string } & Record<string, unknown>) {
    super(fields.message);
    Object.assign(this, fields);
    this.name = fields.name ?? "DatabaseError";
  }
}

interface PgliteAssets {
  pgliteWasmModule: WebAssembly.Module;
  /** PostgreSQL's share folder, as PGlite packs it (pglite.data). */
  fsBundle: Uint8Array;
}

let assets: Promise<PgliteAssets> | undefined;
const seeds = new Map<string, Promise<Uint8Array>>();

/** PGlite's WebAssembly, compiled once per process, and its file bundle, read once: each thread gets both. */
function pgliteAssets(): Promise<PgliteAssets> {
  assets ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const [wasm, bundle] = await Promise.all([readFile(path.join(dist, "pglite.wasm")), readFile(path.join(dist, "pglite.data"))]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Uint8Array(bundle) };
  })();
  return assets;
}

/** A seed's tarball, read once per process (tests open hundreds of databases from one). */
function seedTarball(file: string): Promise<Uint8Array> {
  let bytes = seeds.get(file);
  if (bytes === undefined) {
    bytes = readFile(file).then((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
    seeds.set(file, bytes);
  }
  return bytes;
}

export class PgliteThread {
  private readonly pending = new Map<number, { resolve(result: unknown): void; reject(err: unknown): void }>();
  private nextId = 0;
  /** Why the thread is gone (it exited or failed), once it is. */
  private gone: Error | undefined;

  private constructor(private readonly worker: Worker) {
    // The thread keeps the process alive only while a call waits on it, as PGlite in process did not at all.
    worker.unref();
    worker.on("message", (reply: Reply) => this.settle(reply));
    worker.on("error", (err) => this.fail(err));
    worker.on("exit", (code) => this.fail(new Error(`the embedded database's thread exited (code ${code})`)));
  }

  /** Starts the thread and opens the database in `dataDir` (in memory when absent), a new one from `seed` (see DatabaseTarget). */
  static async open(dataDir: string | undefined, seed?: string): Promise<PgliteThread> {
    const [assets, seedBytes] = await Promise.all([pgliteAssets(), seed === undefined ? undefined : seedTarball(seed)]);
    const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), { workerData: { dataDir, seed: seedBytes, assets } });
    const thread = new PgliteThread(worker);
    try {
      await thread.call({ op: "open" });
    } catch (err) {
      await worker.terminate();
      throw err;
    }
    return thread;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const rawTypes = options?.parsers === undefined ? undefined : Object.keys(options.parsers).map(Number);
    return this.call({ op: "query", text, params, rowMode: options?.rowMode, rawTypes, tx }) as Promise<Results<T>>;
  }

  exec(text: string, tx?: number): Promise<Results[]> {
    return this.call({ op: "exec", text, tx }) as Promise<Results[]>;
  }

  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = (await this.call({ op: "begin" })) as number;
    const tx: ThreadTransaction = {
      query: (text, params, options) => this.query(text, params, options, id),
      exec: (text) => this.exec(text, id),
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      await this.call({ op: "end", tx: id, commit: false }).catch(() => {});
      throw err;
    }
    await this.call({ op: "end", tx: id, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.gone !== undefined) return;
    try {
      await this.call({ op: "close" });
    } finally {
      this.gone = new Error("the embedded database is closed");
      await this.worker.terminate();
    }
  }

  private call(request: Request): Promise<unknown> {
    if (this.gone !== undefined) return Promise.reject(this.gone);
    const id = ++this.nextId;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      try {
        this.worker.postMessage({ id, ...request });
      } catch (err) {
        // A value that cannot be copied to the thread (a function as a parameter): this call fails alone.
        this.settle({ id, ok: false, error: { name: (err as Error).name, message: (err as Error).message } });
      }
    });
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (waiting === undefined) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(new EmbeddedDatabaseError(reply.error));
  }

  private fail(err: Error): void {
    this.gone ??= err;
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }
}
