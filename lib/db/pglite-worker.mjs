// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs every statement
// synchronously on the thread that calls it, so here it works beside the server's event loop instead of
// stopping it. pglite-thread.ts is the other end; messages are described there.
import { existsSync } from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

/** @typedef {{ resolve(): void, reject(err: unknown): void }} Ending */

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
/** @type {PGlite | undefined} */
let pg;
/** Open transactions by id: PGlite's transaction object and how to end its callback. */
const transactions = new Map();
let nextTransaction = 0;

port.on("message", (message) => {
  void handle(message).then(
    (result) => reply({ id: message.id, ok: true, result }),
    (err) => reply({ id: message.id, ok: false, error: serialisedError(err) }),
  );
});

/** Sends an answer; one that cannot be copied across (a value of no cloneable kind) fails that call alone. */
function reply(answer) {
  try {
    port.postMessage(answer);
  } catch (err) {
    port.postMessage({ id: answer.id, ok: false, error: serialisedError(err) });
  }
}

/** @param {{ id: number, op: string, text?: string, params?: unknown[], rawTypes?: number[], rowMode?: "array" | "object", tx?: number, commit?: boolean }} m */
async function handle(m) {
  switch (m.op) {
    case "open":
      pg = new PGlite({
        dataDir: workerData.dataDir,
        loadDataDir: seedToLoad(),
        pgliteWasmModule: workerData.assets.pgliteWasmModule,
        fsBundle: blobOf(workerData.assets.fsBundle, "application/octet-stream"),
      });
      await pg.waitReady;
      return null;
    case "query":
      return on(m.tx).query(m.text, m.params, { rowMode: m.rowMode, parsers: rawParsers(m.rawTypes) });
    case "exec":
      return on(m.tx).exec(m.text);
    case "begin":
      return begin();
    case "end":
      return end(m.tx, m.commit);
    case "close":
      await pg?.close();
      return null;
    default:
      throw new Error(`unknown message ${m.op}`);
  }
}

/** The seed's tarball when there is one and the data folder holds no database yet (see DatabaseTarget). */
function seedToLoad() {
  /** @type {{ dataDir?: string, seed?: Uint8Array }} */
  const { dataDir, seed } = workerData;
  if (!seed || (dataDir && existsSync(path.join(dataDir, "PG_VERSION")))) return undefined;
  return blobOf(seed, "application/x-tar");
}

/**
 * What PGlite reads of a Blob (its type and bytes) over bytes already here: Node's Blob copies its bytes
 * in and then reads them back out in 64 KB chunks, ~0.6 s for a 40 MB seed, a third of opening one.
 * @param {Uint8Array} bytes
 * @param {string} type
 * @returns {Blob}
 */
function blobOf(bytes, type) {
  // The bytes came over in workerData, a copy of their own: PGlite reads them once, without a copy.
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const read = { type, arrayBuffer: async () => (whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)) };
  return /** @type {Blob} */ (/** @type {unknown} */ (read));
}

/** @param {number | undefined} tx */
function on(tx) {
  if (tx === undefined) return /** @type {PGlite} */ (pg);
  const open = transactions.get(tx);
  if (open === undefined) throw new Error("the transaction has ended");
  return open.tx;
}

/** Opens a transaction (queued behind any running one, as PGlite does); resolves with its id once inside. */
function begin() {
  return new Promise((resolveBegun, rejectBegun) => {
    const id = ++nextTransaction;
    // The callback runs after PGlite's BEGIN, by when `finished` is set.
    const finished = /** @type {PGlite} */ (pg).transaction(
      (tx) =>
        new Promise((resolve, reject) => {
          transactions.set(id, { tx, ending: { resolve, reject }, finished });
          resolveBegun(id);
        }),
    );
    // A transaction that could not begin never reached its callback.
    finished.catch((err) => {
      if (!transactions.has(id)) rejectBegun(err);
    });
  });
}

/** Commits (or rolls back) a transaction; resolves once PGlite has. */
async function end(id, commit) {
  const open = transactions.get(id);
  if (open === undefined) throw new Error("the transaction has ended");
  transactions.delete(id);
  if (commit) {
    open.ending.resolve();
    await open.finished;
    return null;
  }
  open.ending.reject(ROLLED_BACK);
  await open.finished.catch((err) => {
    if (err !== ROLLED_BACK) throw err;
  });
  return null;
}

const ROLLED_BACK = new Error("rolled back");

/** Types whose values the caller wants as the text PostgreSQL sent (Drizzle keeps dates and intervals so). */
function rawParsers(types) {
  if (types === undefined || types.length === 0) return undefined;
  return Object.fromEntries(types.map((t) => [t, (value) => value]));
}

/** An error as data: its message and PostgreSQL's fields (code, detail, constraint …). */
function serialisedError(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields = {};
  for (const [key, value] of Object.entries(err)) if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  return { ...fields, name: err.name, message: err.message };
}
