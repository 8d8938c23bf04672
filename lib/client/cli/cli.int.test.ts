import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClientPackage } from "../../../packages/client/build";
import { serveOverHttp, startSearchTestbed, type SearchTestbed } from "../../api/search/testbed";
import { advance, createTrader, type Trader } from "../../testing/trading";

// The bourse CLI as built for the package, run as a process against the real API over loopback.
const run = promisify(execFile);
// Built inside the repository, where Node finds the package's dependency (zod) in node_modules.
const outputs = fileURLToPath(new URL("../../../.test-output", import.meta.url));
mkdirSync(outputs, { recursive: true });
const dist = mkdtempSync(path.join(outputs, "bourse-cli-"));
const cli = path.join(dist, "cli.js");
let tb: SearchTestbed;
let server: { port: number; close(): Promise<void> };
let trader: Trader;
let searchKey: string;

beforeAll(async () => {
  [tb] = await Promise.all([
    startSearchTestbed({ env: { VENUES: "embedded", VENUE_PAPER_BALANCE_USDC: "1000000" } }),
    buildClientPackage({ outDir: dist, declarations: false }),
  ]);
  advance(tb.t, 2_000);
  server = await serveOverHttp(tb.t);
  trader = await createTrader(tb.t, ["account:read", "trade"]);
  searchKey = (await tb.mintKey({ credits: 50 })).key;
});
afterAll(async () => {
  await server.close();
  await tb.close();
  rmSync(dist, { recursive: true, force: true });
});

const env = () => ({ ...process.env, BOURSE_URL: `http://127.0.0.1:${server.port}`, BOURSE_KEY: trader.key, BOURSE_SEARCH_KEY: searchKey });

/** Runs `bourse args…`; its exit code, and stdout parsed as JSON. */
async function bourse(...args: string[]): Promise<{ code: number; json: unknown; stderr: string }> {
  const done = await run(process.execPath, [cli, ...args], { env: env() }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );
  return { code: done.code, json: done.stdout.trim() ? JSON.parse(done.stdout) : null, stderr: done.stderr };
}

describe("bourse --json", () => {
  it("markets", async () => {
    const { code, json } = await bourse("markets", "--json");
    expect(code).toBe(0);
    expect((json as { symbol: string }[]).map((m) => m.symbol)).toEqual(expect.arrayContaining(["BTC-USD", "ETH-USD"]));
  });

  it("an order: a dry run, then a real one that fills, then the positions", async () => {
    const dry = await bourse("order", "buy", "2", "ETH-USD", "--dry-run", "--json");
    expect(dry.json).toMatchObject({ quantity: "2", fillsNow: "2", risk: { allowed: true } });
    const placed = await bourse("order", "buy", "2", "ETH-USD", "--json");
    expect(placed.code).toBe(0);
    expect(placed.json).toMatchObject({ symbol: "ETH-USD", side: "BUY", status: "FILLED", filledQuantity: "2" });
    const positions = (await bourse("positions", "--json")).json as { symbol: string; side: string; size: string }[];
    expect(positions.filter((p) => p.symbol === "ETH-USD").reduce((s, p) => s + Number(p.size), 0)).toBeCloseTo(2, 9);
    expect(positions.every((p) => p.side === "LONG")).toBe(true);
  });

  it("a position and a pair through their subcommands; the positions as a table without --json", async () => {
    const opened = await bourse("position", "open", "long", "BTC-USD", "--quantity", "0.01", "--json");
    expect(opened).toMatchObject({ code: 0, json: { symbol: "BTC-USD", status: "FILLED", filledQuantity: "0.01" } });
    const table = await run(process.execPath, [cli, "positions"], { env: env() });
    expect(table.stdout).toMatch(/^VENUE\s+SYMBOL\s+SIDE\s+SIZE/);
    expect(table.stdout).toMatch(/BTC-USD\s+LONG/);
    const closed = await bourse("position", "close", "BTC-USD", "--json");
    expect(closed.json).toMatchObject({ symbol: "BTC-USD", reduceOnly: true, status: "FILLED" });
    const pair = await bourse("pair", "open", "ETH-USD", "BTC-USD", "--notional", "2000", "--leverage", "2", "--json");
    expect(pair.json).toMatchObject({ status: "OPEN", longSymbol: "ETH-USD", shortSymbol: "BTC-USD" });
    const closedPair = await bourse("pair", "close", (pair.json as { id: string }).id, "--json");
    expect(closedPair.json).toMatchObject({ status: "CLOSED" });
  });

  it("a scrape and a search with the search key, with their credits", async () => {
    const scraped = await bourse("scrape", `${tb.site.origin}/`, "--json");
    expect(scraped.json).toMatchObject({ success: true, credits_used: 5, remaining_credits: 45 });
    const found = await bourse("search", "reusable rockets", "--json");
    expect(found.json).toMatchObject({ query: "reusable rockets", credits_used: 2, remaining_credits: 43 });
    expect((found.json as { search_results: { link: string }[] }).search_results[0]!.link).toBe(`${tb.site.origin}/`);
  });

  it("a refusal: exit code 1 and the API's error as JSON", async () => {
    const refused = await bourse("order", "buy", "0.01", "BTC-USD", "--limit", "1", "--json");
    expect(refused.code).toBe(1);
    expect(refused.json).toMatchObject({ error: { code: "RISK_REJECTED", category: "PRICE_COLLAR", status: 403 } });
    expect(refused.stderr).toMatch(/^bourse: RISK_REJECTED \(PRICE_COLLAR\): /);
  });

  it("a mistake in the command line: exit code 2", async () => {
    const wrong = await bourse("order", "hold", "1", "BTC-USD");
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/the side is buy or sell/);
    const sub = await bourse("pair", "hold");
    expect(sub.code).toBe(2);
    expect(sub.stderr).toMatch(/pair takes open, close/);
  });

  it("watch book: live events, a snapshot first", async () => {
    const done = await run(process.execPath, [cli, "watch", "book", "BTC-USD", "--count", "1", "--json"], { env: env() });
    expect(JSON.parse(done.stdout)).toMatchObject({ kind: "snapshot", data: { symbol: "BTC-USD" } });
  });
});

describe("bourse mcp", () => {
  it("serves the endpoint's tools over stdio for the keys it was given", async () => {
    const client = new Client({ name: "stdio-test", version: "0.0.0" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, "mcp"], env: env() as Record<string, string>, stderr: "pipe" }));
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(["place_order", "get_positions", "search", "list_markets"]));
      expect(names).not.toContain("swap_quote");
      const book = await client.callTool({ name: "get_book", arguments: { symbol: "BTC-USD", depth: 3 } });
      expect(book.structuredContent).toMatchObject({ symbol: "BTC-USD", depth: 3 });
      const refused = await client.callTool({
        name: "place_order",
        arguments: { symbol: "BTC-USD", side: "BUY", type: "LIMIT", quantity: "0.01", price: "1" },
      });
      expect(refused).toMatchObject({ isError: true, _meta: { "bourse/error": { code: "RISK_REJECTED", category: "PRICE_COLLAR" } } });
    } finally {
      await client.close();
    }
  });
});
