import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { startChildServer } from "../../lib/testing/child-process";
import { number, table } from "../lib/report";

const ORDER = { symbol: "BTC-USD", side: "BUY", type: "MARKET", quantity: "0.01" };

/** A tools/call as MCP clients send it to the stateless endpoint: one POST, answered as JSON. */
const toolCall = (name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } });

interface Case {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  mcp: boolean;
}

/** Each call over the plain HTTP API, then the same service through the MCP tool. */
const PAIRS: [Case, Case][] = [
  [
    { name: "GET /agent/positions", method: "GET", path: "/api/agent/positions", mcp: false },
    { name: "MCP get_positions", method: "POST", path: "/api/mcp", body: toolCall("get_positions", {}), mcp: true },
  ],
  [
    { name: "GET /aggregated/routing", method: "GET", path: "/api/aggregated/routing?symbol=BTC-USD&side=BUY&quantity=1", mcp: false },
    {
      name: "MCP preview_routing",
      method: "POST",
      path: "/api/mcp",
      body: toolCall("preview_routing", { symbol: "BTC-USD", side: "BUY", quantity: "1" }),
      mcp: true,
    },
  ],
  [
    { name: "POST /agent/orders/preview", method: "POST", path: "/api/agent/orders/preview", body: JSON.stringify(ORDER), mcp: false },
    { name: "MCP place_order dryRun", method: "POST", path: "/api/mcp", body: toolCall("place_order", { ...ORDER, dryRun: true }), mcp: true },
  ],
];

/**
 * Tool calls per second over the MCP endpoint (Streamable HTTP, stateless) beside the same calls over the
 * plain HTTP API, with one agent key: two reads (the positions of an empty account, the cheapest call
 * there is, and a routing preview) and a dry-run order (the preview).
 */
export async function mcp(seconds = Number(process.env.BENCH_SECONDS ?? 10)): Promise<void> {
  console.log(
    `\n## mcp: tool calls over /api/mcp vs. the same calls over the HTTP API, one agent key, 10 connections, ${seconds}s each in ${SLICES} alternating slices`,
  );
  const keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bourse-mcp-")), "key");
  const server = await startChildServer("bench/mcp/mcp-server.ts", { BENCH_KEY_FILE: keyFile });
  try {
    const key = fs.readFileSync(keyFile, "utf8");
    const headersOf = (c: Case) => ({
      authorization: `Bearer ${key}`,
      ...(c.body === undefined ? {} : { "content-type": "application/json" }),
      ...(c.mcp ? { accept: "application/json, text/event-stream", "mcp-protocol-version": LATEST_PROTOCOL_VERSION } : {}),
    });
    const load = async (c: Case, duration: number) => {
      const r = await autocannon({ url: server.url + c.path, method: c.method, body: c.body, headers: headersOf(c), connections: 10, duration });
      return { requests: r.requests.total, seconds: r.duration, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
    };
    for (const c of PAIRS.flat()) await expectSuccess(server.url, c, headersOf(c));
    for (const c of PAIRS.flat()) await load(c, 1); // warm-up
    const rows = [["call", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "MCP / HTTP"]];
    for (const [plain, tool] of PAIRS) {
      // Alternating slices, so that a change in the machine's load falls on both sides alike.
      const runs = await alternate([plain, tool], seconds, load);
      const [p, m] = runs.map(combined) as [Combined, Combined];
      rows.push([plain.name, number(p.rps), number(p.p50), number(p.p99), String(p.non2xx), String(p.errors), ""]);
      rows.push([tool.name, number(m.rps), number(m.p50), number(m.p99), String(m.non2xx), String(m.errors), number(m.rps / p.rps)]);
    }
    table(rows);
    console.log("target: MCP / HTTP ≥ 0.5");
  } finally {
    await server.stop();
    fs.rmSync(path.dirname(keyFile), { recursive: true, force: true });
  }
}

const SLICES = 5;

type Slice = { requests: number; seconds: number; p50: number; p99: number; non2xx: number; errors: number };
type Combined = { rps: number; p50: number; p99: number; non2xx: number; errors: number };

/** Runs each case for `seconds` in all, in SLICES turns taken one after the other. */
async function alternate<C>(cases: readonly C[], seconds: number, load: (c: C, duration: number) => Promise<Slice>): Promise<Slice[][]> {
  const slices: Slice[][] = cases.map(() => []);
  for (let turn = 0; turn < SLICES; turn++) for (const [i, c] of cases.entries()) slices[i]!.push(await load(c, Math.max(1, Math.round(seconds / SLICES))));
  return slices;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Requests per second over every slice; the latencies' medians; the failures summed. */
function combined(slices: Slice[]): Combined {
  const sum = (pick: (s: Slice) => number) => slices.reduce((n, s) => n + pick(s), 0);
  return {
    rps: sum((s) => s.requests) / sum((s) => s.seconds),
    p50: median(slices.map((s) => s.p50)),
    p99: median(slices.map((s) => s.p99)),
    non2xx: sum((s) => s.non2xx),
    errors: sum((s) => s.errors),
  };
}

/** One call before the load: a refusal answered as a tool error is a 200 too, so the answer is read. */
async function expectSuccess(base: string, c: Case, headers: Record<string, string>): Promise<void> {
  const res = await fetch(base + c.path, { method: c.method, body: c.body, headers });
  const body = (await res.json()) as { success?: boolean; result?: { isError?: boolean; content?: unknown } };
  const ok = res.ok && (c.mcp ? body.result !== undefined && body.result.isError !== true : body.success === true);
  if (!ok) throw new Error(`${c.name} failed before the load: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
}
