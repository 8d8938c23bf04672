// An extraction thread (see extraction-pool.ts): runs one job at a time and posts the page back.
import { parentPort } from "node:worker_threads";
import { type ExtractJob, runExtractJob } from "./extract-job";
import type { WorkerReply } from "./extraction-pool";

const port = parentPort;
if (!port) throw new Error("extract-worker runs as a worker thread");

port.on("message", (job: ExtractJob) => {
  let reply: WorkerReply;
  try {
    reply = { ok: true, page: runExtractJob(job) };
  } catch (e) {
    reply = { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true } satisfies WorkerReply);
