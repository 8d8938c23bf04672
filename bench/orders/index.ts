import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startChildServer } from "../../lib/testing/child-process";
import { number, table } from "../lib/report";
import { deploymentSettings, deploymentUnavailable, startDeployment } from "./deployment";
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
 * venue.place measured in-process and the engine's raw rate, which every row is also given as a share of.
 * Then the same one-key run on a two-instance deployment (PostgreSQL and Redis): through the venue host,
 * and through a follower that forwards every order to it. Venue latency is off (VENUE_LATENCY=none):
 * these figures are our own path's.
 */
export async function orders(seconds = Number(process.env.BENCH_SECONDS ?? 10)): Promise<void> {
  console.log(`\n## orders: market orders through the API vs. placed straight on the venue, ${seconds}s each, venue latency off`);
  const engine = engineRawRate();
  const rows: string[][] = [["path", "orders/s", "share of engine", "p50 ms", "p99 ms", "target", "non-2xx", "errors"]];
  const share = (rps: number) => `${number((100 * rps) / engine)}%`;
  const row = (name: string, r: Run, target: string) => [
    name,
    number(r.rps),
    share(r.rps),
    number(r.p50),
    number(r.p99),
    target,
    String(r.non2xx),
    String(r.errors),
  ];
  const env = { VENUES: "embedded", VENUE_LATENCY: "none", LOCAL_CHAINS: "off", LOG_LEVEL: "warn" };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bourse-orders-"));
  const keyFile = path.join(dir, "key");
  try {
    const server = await startChildServer("bench/orders/orders-server.ts", { ...env, BENCH_KEY_FILE: keyFile, BENCH_KEYS: String(MANY_KEYS) });
    try {
      const keys = fs.readFileSync(keyFile, "utf8").split("\n");
      await run(server.url, "/api/agent/orders", keys[0]!, bodies({}), 2); // warm-up
      const peer = await run(server.url, "/api/bench/venue-order", keys[0]!, bodies({}), seconds);
      const api = await apiRuns(server.url, keys, seconds);
      rows.push(
        row("peer: venue.place on alder behind a bare route", peer, "-"),
        row("API, one key, 10 connections, alder", api.venue, "≥ 2,000/s, p99 < 30"),
        row("the same, each order with its own Idempotency-Key (as agents send them)", api.keyed, "-"),
        row("API, one key, 10 connections, smart-routed", api.smart, "≥ 1,000/s"),
        row("API, one key, 1 connection, alder", api.single, "p50 ≤ 3"),
        row(`API, ${MANY_KEYS} keys, ${2 * MANY_KEYS} connections, alder`, api.many, "≥ 3,000/s"),
      );
    } finally {
      await server.stop();
    }
    const settings = deploymentSettings();
    const unavailable = await deploymentUnavailable(settings);
    if (unavailable !== undefined) rows.push([`deployment of two instances: skipped, ${unavailable}`, "-", "-", "-", "-", "-", "-", "-"]);
    else {
      const deployment = await startDeployment(settings, { ...env, BENCH_KEYS: String(MANY_KEYS) }, `${keyFile}.deployment`);
      try {
        const keys = fs.readFileSync(`${keyFile}.deployment`, "utf8").split("\n");
        await run(deployment.follower.url, "/api/agent/orders", keys[0]!, bodies(ALDER), 2); // warm-up
        const host = await run(deployment.host.url, "/api/agent/orders", keys[0]!, bodies(ALDER), seconds);
        const follower = await apiRuns(deployment.follower.url, keys, seconds);
        rows.push(
          row("deployment (PostgreSQL + Redis), on the host: one key, 10 connections, alder", host, "-"),
          row("through a follower (forwarded to the host over Redis): one key, 10 connections, alder", follower.venue, "≥ 1,000/s"),
          row("through a follower: one key, 10 connections, smart-routed", follower.smart, "-"),
          row("through a follower: one key, 1 connection, alder", follower.single, "-"),
          row(`through a follower: ${MANY_KEYS} keys, ${2 * MANY_KEYS} connections, alder`, follower.many, "-"),
        );
      } finally {
        await deployment.stop();
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const place = await venuePlaceRate(seconds);
  rows.push(["venue.place in-process, 100 owners, durable", number(place), share(place), "-", "-", "≥ 10,000/s", "-", "-"]);
  rows.push(["engine alone (bench/engine's stream)", number(engine), "100%", "-", "-", "-", "-", "-"]);
  table(rows);
}

const ALDER = { preferredExchange: "alder" };

/** The API runs made on the embedded server and again through a follower. */
async function apiRuns(url: string, keys: readonly string[], seconds: number) {
  const route = "/api/agent/orders";
  const venue = await run(url, route, keys[0]!, bodies(ALDER), seconds);
  const keyed = await run(url, route, keys[0]!, withIdempotencyKeys(bodies(ALDER)), seconds);
  const smart = await run(url, route, keys[0]!, bodies({}), seconds);
  const single = await run(url, route, keys[0]!, bodies(ALDER), seconds, 1);
  // Each key's first use verifies it (a deliberate key-derivation cost) and opens its owner's account: warm-up, not throughput.
  for (const key of keys) await placeOne(url, key);
  // One load generator for them all (50 of its own would starve the server of the second core): each
  // of its 100 connections sends every key's orders in turn.
  const everyKey = keys.flatMap((key) => bodies(ALDER).map((r) => ({ ...r, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" } })));
  const many = await run(url, route, keys[0]!, everyKey, seconds, 2 * keys.length);
  return { venue, keyed, smart, single, many };
}

/** Alternating buy and sell market orders of 0.001 BTC, with `extra` fields. */
function bodies(extra: Record<string, unknown>) {
  return (["BUY", "SELL"] as const).map((side) => ({
    method: "POST" as const,
    body: JSON.stringify({ symbol: "BTC-USD", side, type: "MARKET", quantity: "0.001", ...extra }),
  }));
}

/** Requests as autocannon cycles them on each connection; their own headers replace the run's. */
type Requests = autocannon.Request[];

/** The same requests, each sent with a new Idempotency-Key. */
function withIdempotencyKeys(requests: Requests): Requests {
  return requests.map((r) => ({
    ...r,
    setupRequest: (request) => ({ ...request, headers: { ...request.headers, "idempotency-key": randomUUID() } }),
  }));
}

async function run(url: string, route: string, key: string, requests: Requests, seconds: number, connections = 10): Promise<Run> {
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const r = await autocannon({ url: url + route, connections, duration: seconds, headers, requests });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

async function placeOne(url: string, key: string): Promise<void> {
  const res = await fetch(`${url}/api/agent/orders`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: bodies(ALDER)[0]!.body,
  });
  if (res.status !== 200) throw new Error(`warm-up order: ${res.status} ${await res.text()}`);
}
