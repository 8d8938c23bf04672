import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startChildServer, type ChildServer } from "../../lib/testing/child-process";
import { drive, type LoadResult } from "../lib/load";
import { number, table } from "../lib/report";
import { mergeTimeMicros } from "./merge";

const BOOK_PATH = "/api/aggregated/book?symbol=BTC-USD";
const STATIC_PATH = "/api/bench/book-static";

/**
 * GET /aggregated/book (merged per change of the live simulated venues' books) beside the same server
 * writing one of its answers from a static route, and bare node:http serving those bytes, 20 connections each, in alternating slices so that load from elsewhere on the
 * machine falls on both alike; then the time to merge three 500-level books.
 */
export async function marketData(seconds = Number(process.env.BENCH_SECONDS ?? 10)): Promise<void> {
  const slices = 5;
  console.log(`\n## market-data: ${BOOK_PATH}, 20 connections, ${seconds}s each in ${slices} alternating slices`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bourse-bench-book-"));
  const bodyFile = path.join(dir, "book.json");
  const servers: ChildServer[] = [];
  const runs: Record<"bourse" | "static" | "bare", LoadResult[]> = { bourse: [], static: [], bare: [] };
  let bodyBytes = 0;
  try {
    const bourse = await startChildServer("bench/market-data/bourse-server.ts", { VENUES: "embedded" });
    servers.push(bourse);
    const res = await fetch(bourse.url + STATIC_PATH);
    if (res.status !== 200) throw new Error(`${BOOK_PATH} answered ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    bodyBytes = body.length;
    fs.writeFileSync(bodyFile, body);
    const bare = await startChildServer("bench/market-data/bare-server.ts", { BENCH_BODY_FILE: bodyFile });
    servers.push(bare);
    const targets = { bourse: bourse.url + BOOK_PATH, static: bourse.url + STATIC_PATH, bare: bare.url };
    for (const url of Object.values(targets)) await drive(url, { seconds: 2 }); // warm-up
    for (let i = 0; i < slices; i++) {
      for (const name of ["bourse", "static", "bare"] as const) runs[name].push(await drive(targets[name], { seconds: seconds / slices }));
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const summary = (list: LoadResult[]) => ({
    requestsPerSecond: list.reduce((s, r) => s + r.requestsPerSecond, 0) / list.length,
    p50Ms: median(list.map((r) => r.p50Ms)),
    p99Ms: median(list.map((r) => r.p99Ms)),
    worstP99Ms: Math.max(...list.map((r) => r.p99Ms)),
    errors: list.reduce((s, r) => s + r.errors, 0),
    non2xx: list.reduce((s, r) => s + r.non2xx, 0),
  });
  const ours = summary(runs.bourse);
  const stat = summary(runs.static);
  const bare = summary(runs.bare);
  console.log(`response: ${number(bodyBytes)} bytes (50 levels a side)`);
  table([
    ["server", "req/s", "p50 ms", "p99 ms (median slice)", "p99 ms (worst slice)", "errors", "non-2xx"],
    ...(
      [
        ["bourse /aggregated/book", ours],
        ["bourse, same bytes from a static route", stat],
        ["bare node:http, same bytes", bare],
      ] as const
    ).map(([name, r]) => [name, number(r.requestsPerSecond), number(r.p50Ms), number(r.p99Ms), number(r.worstP99Ms), String(r.errors), String(r.non2xx)]),
  ]);
  console.log(
    `ratio bourse / bare node: ${number(ours.requestsPerSecond / bare.requestsPerSecond)} (target ≥ 0.6); bourse p99 ${number(ours.p99Ms)} ms (target < 10)`,
  );
  console.log(
    `ratio bourse / the same stack serving static bytes: ${number(ours.requestsPerSecond / stat.requestsPerSecond)} (above 1: repeated polls take the server's fast lane, which skips the framework the static route goes through)`,
  );

  table([
    ["merge of three 500-level books", "median µs"],
    ["all levels, ungrouped", number(mergeTimeMicros(500, {}))],
    ["depth 50", number(mergeTimeMicros(500, { depth: 50 }))],
    ["depth 50, group 10", number(mergeTimeMicros(500, { depth: 50, group: 10 }))],
  ]);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}
