import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startChildServer } from "../../lib/testing/child-process";
import { number, table } from "../lib/report";
import { engineRawRate, venuePlaceRate } from "./venue-place";

const MANY_KEYS = 50;

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * Market orders per second through POST /agent/orders (alternating buys and sells of 0.001 BTC, so the
 * position stays small): one key on one venue and smart-routed, one connection's latency, and 50 keys ×
 * 2 connections; beside the peer (the same order placed straight on the venue behind a bare route),
 * venue.place measured in-process and the engine's raw rate. Venue latency is off (VENUE_LATENCY=none):
 * these figures are our own path's.
 */
export async function orders(seconds = Number(process.env.BENCH_SECONDS ?? 10)): Promise<void> {
  console.log(`\n## orders: market orders through the API vs. placed straight on the venue, ${seconds}s each, venue latency off`);
  const keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bourse-orders-")), "key");
  const server = await startChildServer("bench/orders/orders-server.ts", {
    BENCH_KEY_FILE: keyFile,
    BENCH_KEYS: String(MANY_KEYS),
    VENUES: "embedded",
    VENUE_LATENCY: "none",
    LOCAL_CHAINS: "off",
    LOG_LEVEL: "warn",
  });
  const rows: string[][] = [["path", "orders/s", "p50 ms", "p99 ms", "target", "non-2xx", "errors"]];
  const row = (name: string, r: Run, target: string) => [name, number(r.rps), number(r.p50), number(r.p99), target, String(r.non2xx), String(r.errors)];
  try {
    const keys = fs.readFileSync(keyFile, "utf8").split("\n");
    const bodies = (extra: Record<string, unknown>) =>
      (["BUY", "SELL"] as const).map((side) => ({
        method: "POST" as const,
        body: JSON.stringify({ symbol: "BTC-USD", side, type: "MARKET", quantity: "0.001", ...extra }),
      }));
    const run = async (route: string, requests: { method: "POST"; body: string }[], d: number, connections = 10, key = keys[0]!): Promise<Run> => {
      const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
      const r = await autocannon({ url: server.url + route, connections, duration: d, headers, requests });
      return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
    };
    await run("/api/agent/orders", bodies({}), 2); // warm-up
    const peer = await run("/api/bench/venue-order", bodies({}), seconds);
    const venue = await run("/api/agent/orders", bodies({ preferredExchange: "alder" }), seconds);
    const smart = await run("/api/agent/orders", bodies({}), seconds);
    const single = await run("/api/agent/orders", bodies({ preferredExchange: "alder" }), seconds, 1);
    const many = await Promise.all(keys.map((key) => run("/api/agent/orders", bodies({ preferredExchange: "alder" }), seconds, 2, key)));
    const manyTotal: Run = {
      rps: many.reduce((s, r) => s + r.rps, 0),
      p50: Math.max(...many.map((r) => r.p50)),
      p99: Math.max(...many.map((r) => r.p99)),
      non2xx: many.reduce((s, r) => s + r.non2xx, 0),
      errors: many.reduce((s, r) => s + r.errors, 0),
    };
    rows.push(
      row("peer: venue.place on alder behind a bare route", peer, "-"),
      row("API, one key, 10 connections, alder", venue, "≥ 2,000/s, p99 < 30"),
      row("API, one key, 10 connections, smart-routed", smart, "≥ 1,000/s"),
      row("API, one key, 1 connection, alder", single, "p50 ≤ 3"),
      row(`API, ${MANY_KEYS} keys × 2 connections, alder (total; worst key's p50/p99)`, manyTotal, "≥ 3,000/s"),
      // A "through a follower" row (the same orders forwarded by a non-host instance) goes here.
    );
  } finally {
    await server.stop();
    fs.rmSync(path.dirname(keyFile), { recursive: true, force: true });
  }
  const place = await venuePlaceRate(seconds);
  const engine = engineRawRate();
  rows.push(["venue.place in-process, 100 owners, durable", number(place), "-", "-", "≥ 10,000/s", "-", "-"]);
  rows.push(["engine alone (bench/engine's stream)", number(engine), "-", "-", "-", "-", "-"]);
  table(rows);
}
