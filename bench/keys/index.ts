import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startChildServer } from "../../lib/testing/child-process";
import { number, table } from "../lib/report";

/** Verified agent-key requests per second on GET /agent/positions, beside the same answer without auth. */
export async function keys(seconds = Number(process.env.BENCH_SECONDS ?? 10)): Promise<void> {
  console.log(`\n## keys: GET /agent/positions with a valid agent key vs. the same route without authentication, 20 connections, ${seconds}s each`);
  const keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bourse-keys-")), "key");
  const server = await startChildServer("bench/keys/keys-server.ts", { BENCH_KEY_FILE: keyFile });
  try {
    const key = fs.readFileSync(keyFile, "utf8");
    const run = async (route: string, headers: Record<string, string>, d: number) => {
      const r = await autocannon({ url: server.url + route, connections: 20, duration: d, headers });
      return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
    };
    await run("/api/agent/positions", { authorization: `Bearer ${key}` }, 2); // warm-up
    const open = await run("/api/bench/positions-open", {}, seconds);
    const keyed = await run("/api/agent/positions", { authorization: `Bearer ${key}` }, seconds);
    table([
      ["route", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors"],
      ["no authentication", number(open.rps), number(open.p50), number(open.p99), String(open.non2xx), String(open.errors)],
      ["agent key verified", number(keyed.rps), number(keyed.p50), number(keyed.p99), String(keyed.non2xx), String(keyed.errors)],
    ]);
    console.log(`verifications per second: ${number(keyed.rps)}; ratio to the unauthenticated route: ${number(keyed.rps / open.rps)}`);
  } finally {
    await server.stop();
    fs.rmSync(path.dirname(keyFile), { recursive: true, force: true });
  }
}
