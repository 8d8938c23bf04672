import { startChildServer } from "../../lib/testing/child-process";
import { drive } from "../lib/load";
import { number, table } from "../lib/report";

/** The same 100-level book JSON from bare node:http and from our Hono app, 20 connections each. */
export async function apiBaseline(seconds = Number(process.env.BENCH_SECONDS ?? 10)): Promise<void> {
  console.log(`\n## api-baseline: 100-level book JSON, 20 connections, ${seconds}s each (log level ${process.env.LOG_LEVEL ?? "info"})`);
  const results = [];
  for (const [name, script, route] of [
    ["bare node:http", "bench/api-baseline/bare-server.ts", "/"],
    ["bourse (dispatcher + Hono)", "bench/api-baseline/bourse-server.ts", "/api/bench/book"],
  ] as const) {
    const server = await startChildServer(script);
    try {
      await drive(server.url + route, { seconds: 2 }); // warm-up
      results.push({ name, ...(await drive(server.url + route, { seconds })) });
    } finally {
      await server.stop();
    }
  }
  const [bare, ours] = results as [(typeof results)[0], (typeof results)[0]];
  table([
    ["server", "req/s", "p50 ms", "p99 ms", "errors", "non-2xx"],
    ...results.map((r) => [r.name, number(r.requestsPerSecond), number(r.p50Ms), number(r.p99Ms), String(r.errors), String(r.non2xx)]),
  ]);
  console.log(`ratio bourse / bare node: ${number(ours.requestsPerSecond / bare.requestsPerSecond)} (target ≥ 0.6)`);
}
