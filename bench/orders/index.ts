import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startChildServer } from "../../lib/testing/child-process";
import { number, table } from "../lib/report";

/**
 * Market orders per second through POST /agent/orders for one agent key (alternating buys and sells of
 * 0.001 BTC, so the position stays small), smart-routed and on one venue, beside the peer: the same
 * order placed straight on the simulated venue behind a bare route, in the same run.
 */
export async function orders(seconds = Number(process.env.BENCH_SECONDS ?? 10)): Promise<void> {
  console.log(`\n## orders: market orders for one key through the API vs. placed straight on the venue, 10 connections, ${seconds}s each`);
  const keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bourse-orders-")), "key");
  const server = await startChildServer("bench/orders/orders-server.ts", {
    BENCH_KEY_FILE: keyFile,
    VENUES: "embedded",
    LOCAL_CHAINS: "off",
    LOG_LEVEL: "warn",
  });
  try {
    const key = fs.readFileSync(keyFile, "utf8");
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const bodies = (extra: Record<string, unknown>) =>
      (["BUY", "SELL"] as const).map((side) => ({
        method: "POST" as const,
        body: JSON.stringify({ symbol: "BTC-USD", side, type: "MARKET", quantity: "0.001", ...extra }),
      }));
    const run = async (route: string, requests: { method: "POST"; body: string }[], d: number) => {
      const r = await autocannon({ url: server.url + route, connections: 10, duration: d, headers, requests });
      return { rps: r.requests.average, p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
    };
    await run("/api/agent/orders", bodies({}), 2); // warm-up
    const peer = await run("/api/bench/venue-order", bodies({}), seconds);
    const venue = await run("/api/agent/orders", bodies({ preferredExchange: "alder" }), seconds);
    const smart = await run("/api/agent/orders", bodies({}), seconds);
    const row = (name: string, r: typeof peer) => [name, number(r.rps), number(r.p50), number(r.p90), number(r.p99), String(r.non2xx), String(r.errors)];
    table([
      ["path", "orders/s", "p50 ms", "p90 ms", "p99 ms", "non-2xx", "errors"],
      row("peer: venue.place on alder, no API", peer),
      row("API, preferredExchange alder", venue),
      row("API, smart-routed", smart),
    ]);
    console.log(
      `API on one venue / peer: ${number(venue.rps / peer.rps)}; the API runs one key's orders one at a time (risk check and orders under the owner lock), the peer overlaps them.`,
    );
  } finally {
    await server.stop();
    fs.rmSync(path.dirname(keyFile), { recursive: true, force: true });
  }
}
