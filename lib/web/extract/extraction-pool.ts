// Extraction off the server's thread. Reading a page is CPU work (tens of milliseconds for most pages,
// seconds for a hostile one: a megabyte of unclosed tags), and on the event loop it stopped every other
// request meanwhile: quotes, orders, key checks. Here pages are read on worker threads, one at a time
// each; a page that runs past its time or its memory costs that page (its thread is ended and replaced),
// never the server.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { ExtractJob } from "./extract-job";
import { runExtractJob } from "./extract-job";
import type { ExtractedPage } from "./page";

export interface PageExtractor {
  /** The page read as the job asks; rejects with ExtractionTimeout or ExtractionFailure when it cannot be. */
  extract(job: ExtractJob, signal?: AbortSignal): Promise<ExtractedPage>;
  /** Ends the threads; jobs still waiting are rejected. */
  close(): Promise<void>;
}

/** A page that took longer than the pool allows. */
export class ExtractionTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`reading the page took longer than ${timeoutMs} ms`);
    this.name = "ExtractionTimeout";
  }
}

/** A page the extractor threw on, or whose thread ran out of memory. */
export class ExtractionFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ExtractionFailure";
  }
}

/** What an extraction thread posts: that it is ready (once, when loaded), then one reply per job. */
export type WorkerReply = { readonly ready: true } | { readonly ok: true; readonly page: ExtractedPage } | { readonly ok: false; readonly message: string };

/** Extraction on the calling thread (tests, scripts, benchmarks). */
export const inProcessExtractor: PageExtractor = {
  async extract(job) {
    try {
      return runExtractJob(job);
    } catch (e) {
      throw new ExtractionFailure(e instanceof Error ? e.message : String(e));
    }
  },
  async close() {},
};

export interface ExtractionPoolOptions {
  /** Threads reading pages at once. */
  readonly threads: number;
  /** Longest one page may take; its thread is ended past it. */
  readonly timeoutMs: number;
  /** Heap of each thread: a page that needs more fails alone. */
  readonly maxHeapMb: number;
  /** What each thread runs (tests); by default the extraction worker (see workerSource). */
  readonly worker?: WorkerSource;
}

export interface WorkerSource {
  readonly source: URL | string;
  /** `source` is code, not a file. */
  readonly eval: boolean;
}

interface Task {
  readonly job: ExtractJob;
  readonly resolve: (page: ExtractedPage) => void;
  readonly reject: (err: Error) => void;
  readonly signal: AbortSignal | undefined;
}

interface Thread {
  readonly worker: Worker;
  /** Loaded and waiting for pages (a page's time starts once its thread is ready, not while it loads). */
  ready: boolean;
  task: Task | undefined;
  timer: NodeJS.Timeout | undefined;
}

export function createExtractionPool(options: ExtractionPoolOptions): PageExtractor {
  return new ExtractionPool(options);
}

class ExtractionPool implements PageExtractor {
  private readonly threads = new Set<Thread>();
  private readonly idle: Thread[] = [];
  private readonly waiting: Task[] = [];
  private closed = false;

  constructor(private readonly options: ExtractionPoolOptions) {}

  extract(job: ExtractJob, signal?: AbortSignal): Promise<ExtractedPage> {
    if (this.closed) return Promise.reject(new ExtractionFailure("the extraction pool is closed"));
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      const task: Task = { job, resolve, reject, signal };
      this.waiting.push(task);
      // A request that goes away while its page waits takes the page out of the queue.
      signal?.addEventListener(
        "abort",
        () => {
          const at = this.waiting.indexOf(task);
          if (at < 0) return;
          this.waiting.splice(at, 1);
          reject(abortReason(signal));
        },
        { once: true },
      );
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(new ExtractionFailure("the extraction pool is closed"));
    await Promise.all([...this.threads].map((thread) => this.end(thread, new ExtractionFailure("the extraction pool is closed"))));
  }

  /** Gives waiting pages to ready threads, and starts threads (up to the limit) for pages none can take yet. */
  private dispatch(): void {
    while (this.waiting.length > 0 && this.idle.length > 0) this.start(this.idle.pop()!, this.waiting.shift()!);
    let starting = 0;
    for (const thread of this.threads) if (!thread.ready) starting++;
    for (let n = this.waiting.length - starting; n > 0 && this.threads.size < this.options.threads; n--) this.spawn();
  }

  private start(thread: Thread, task: Task): void {
    thread.task = task;
    // A thread keeps the process alive only while it reads a page.
    thread.worker.ref();
    thread.timer = setTimeout(() => void this.end(thread, new ExtractionTimeout(this.options.timeoutMs)), this.options.timeoutMs);
    thread.worker.postMessage(task.job);
  }

  private spawn(): void {
    const { source, eval: evaluated } = this.options.worker ?? workerSource();
    const worker = new Worker(source, { eval: evaluated, resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb } });
    const thread: Thread = { worker, ready: false, task: undefined, timer: undefined };
    worker.on("message", (reply: WorkerReply) => this.settle(thread, reply));
    worker.on("error", (err) => void this.end(thread, new ExtractionFailure(readableError(err))));
    worker.on("exit", () => void this.end(thread, new ExtractionFailure("the extraction thread stopped")));
    this.threads.add(thread);
  }

  private settle(thread: Thread, reply: WorkerReply): void {
    // A reply that crossed its page's timeout: the thread is already ended.
    if (!this.threads.has(thread)) return;
    const task = thread.task;
    clearTimeout(thread.timer);
    thread.ready = true;
    thread.task = undefined;
    thread.worker.unref();
    this.idle.push(thread);
    if (task && "ok" in reply) {
      if (reply.ok) task.resolve(reply.page);
      else task.reject(new ExtractionFailure(reply.message));
    }
    this.dispatch();
  }

  /**
   * Ends a thread (a page past its time, a crash, closing): its page fails with `reason`; another thread
   * takes the queue. A thread that never became ready cannot start at all (its file is missing, say):
   * the waiting pages fail with it rather than wait on threads that each fail the same way.
   */
  private async end(thread: Thread, reason: Error): Promise<void> {
    if (!this.threads.delete(thread)) return;
    clearTimeout(thread.timer);
    const at = this.idle.indexOf(thread);
    if (at >= 0) this.idle.splice(at, 1);
    thread.task?.reject(reason);
    thread.task = undefined;
    if (!thread.ready) for (const task of this.waiting.splice(0)) task.reject(new ExtractionFailure(`no extraction thread could start: ${reason.message}`));
    else if (!this.closed) this.dispatch();
    await thread.worker.terminate();
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error("aborted");
}

function readableError(err: unknown): string {
  if (err instanceof Error && "code" in err && err.code === "ERR_WORKER_OUT_OF_MEMORY") return "reading the page ran out of memory";
  return err instanceof Error ? err.message : String(err);
}

/**
 * What a thread runs: bundled, the worker's bundle beside the server's (scripts/build.mjs writes both);
 * from source (tsx, vitest), the TypeScript entry loaded through tsx's API (a worker does not take
 * tsx's `--import` loader).
 */
function workerSource(): WorkerSource {
  if (import.meta.url.endsWith(".js")) return { source: new URL("./extract-worker.js", import.meta.url), eval: false };
  const api = JSON.stringify(pathToFileURL(tsxEsmApi()).href);
  const entry = JSON.stringify(new URL("./extract-worker.ts", import.meta.url).href);
  return { source: `import(${api}).then(({ tsImport }) => tsImport(${entry}, ${entry}))`, eval: true };
}

/** tsx's ES module API file, as its package's exports name it for `import` (its CommonJS twin does not load in a worker). */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  const { exports } = JSON.parse(readFileSync(manifest, "utf8")) as { exports: Record<string, { import: { default: string } }> };
  const api = exports["./esm/api"]?.import.default;
  if (!api) throw new Error("tsx's package does not name its ES module API");
  return path.join(path.dirname(manifest), api);
}
