import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startChildServer } from "../lib/child";
import { drive } from "../lib/load";
import { number, table } from "../lib/report";
import { mergeTimeMicros } from "./merge";

const BOOK_PATH = "/api/aggregated/book?symbol=BTC-USD";

/**
 * GET /aggregated/book (merged per request from the live simulated venues) beside bare node:http serving
 * the same bytes, 20 connections each; then the time to merge three 500-level books.
 */
export async function marketData(seconds = Number(process.env.BENCH_SECONDS ?? 10)): Promise<void> {
  console.log(`\n## market-data: ${BOOK_PATH}, 20 connections, ${seconds}s each`);
  const bodyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bourse-bench-book-")), "book.json");
  const results = [];
  let bodyBytes = 0;
  try {
    const bourse = await startChildServer("bench/market-data/bourse-server.ts", { VENUES: "embedded" });
    try {
      const res = await fetch(bourse.url + BOOK_PATH);
      if (res.status !== 200) throw new Error(`${BOOK_PATH} answered ${res.status}`);
      const body = Buffer.from(await res.arrayBuffer());
      bodyBytes = body.length;
      fs.writeFileSync(bodyFile, body);
      await drive(bourse.url + BOOK_PATH, { seconds: 2 }); // warm-up
      results.push({ name: "bourse /aggregated/book", ...(await drive(bourse.url + BOOK_PATH, { seconds })) });
    } finally {
      await bourse.stop();
    }
    const bare = await startChildServer("bench/market-data/bare-server.ts", { BENCH_BODY_FILE: bodyFile });
    try {
      await drive(bare.url, { seconds: 2 });
      results.push({ name: "bare node:http, same bytes", ...(await drive(bare.url, { seconds })) });
    } finally {
      await bare.stop();
    }
  } finally {
    fs.rmSync(path.dirname(bodyFile), { recursive: true, force: true });
  }
  const [ours, bare] = results as [(typeof results)[0], (typeof results)[0]];
  console.log(`response: ${number(bodyBytes)} bytes (50 levels a side)`);
  table([
    ["server", "req/s", "p50 ms", "p99 ms", "errors", "non-2xx"],
    ...results.map((r) => [r.name, number(r.requestsPerSecond), number(r.p50Ms), number(r.p99Ms), String(r.errors), String(r.non2xx)]),
  ]);
  console.log(`ratio bourse / bare node: ${number(ours.requestsPerSecond / bare.requestsPerSecond)} (target ≥ 0.6); bourse p99 ${number(ours.p99Ms)} ms (target < 10)`);

  table([
    ["merge of three 500-level books", "median µs"],
    ["all levels, ungrouped", number(mergeTimeMicros(500, {}))],
    ["depth 50", number(mergeTimeMicros(500, { depth: 50 }))],
    ["depth 50, group 10", number(mergeTimeMicros(500, { depth: 50, group: 10 }))],
  ]);
}
