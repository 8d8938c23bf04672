import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderPreviewSchema } from "../../trading/contract/order-preview";
import { parentOrderSchema } from "../../trading/contract/orders";
import { startTestChains, type TestChains } from "../../chain/testing";
import { swapClient } from "../../swap/testing";
import { connectMcp } from "../../testing/mcp";
import { advance, call, createTrader, type Trader } from "../../testing/trading";
import { serveOverHttp, startSearchTestbed, type SearchTestbed } from "../search/testbed";
import { TOOL_ERROR_META } from "./tool";

// The MCP endpoint over loopback HTTP with the official client: the real API, the embedded venues, the
// local chains (anvil) and the real scraper against a fixture site.
let chains: TestChains;
let tb: SearchTestbed;
let server: { port: number; close(): Promise<void> };
let url: string;
const clients: Client[] = [];

beforeAll(async () => {
  chains = await startTestChains();
  tb = await startSearchTestbed({ env: { VENUES: "embedded", VENUE_PAPER_BALANCE_USDC: "1000000", ...chains.env } });
  advance(tb.t, 2_000);
  server = await serveOverHttp(tb.t);
  url = `http://127.0.0.1:${server.port}/api/mcp`;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server.close();
  await tb.close();
  await chains.stop();
});

async function connect(...keys: string[]): Promise<Client> {
  const client = await connectMcp(url, keys);
  clients.push(client);
  return client;
}

const toolNames = async (client: Client) => (await client.listTools()).tools.map((t) => t.name).sort();
const callTool = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const structured = (r: CallToolResult) => {
  expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
  return r.structuredContent as Record<string, unknown>;
};
const errorOf = (r: CallToolResult) => {
  expect(r.isError).toBe(true);
  return { text: (r.content[0] as { text: string }).text, meta: r._meta?.[TOOL_ERROR_META] as { code: string; message: string; category?: string } };
};

const MARKET = ["get_book", "get_candles", "get_trades", "list_markets", "preview_routing"];
const ACCOUNT = ["get_balances", "get_order_history", "get_positions", "list_open_orders", "list_pairs"];
const TRADE = ["cancel_all_orders", "cancel_order", "close_pair", "close_position", "open_pair", "open_position", "place_order"];
const SWAP = ["swap_execute", "swap_quote", "swap_status"];
const SEARCH = ["scrape", "search", "validate_key"];
const sorted = (...groups: string[][]) => groups.flat().sort();

describe("initialize and tools per key", () => {
  it("initializes as bourse with tools and resources, and lists only market data without a key", async () => {
    const client = await connect();
    expect(client.getServerVersion()).toMatchObject({ name: "bourse" });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {} });
    expect(client.getInstructions()).toMatch(/idempotencyKey/);
    expect(await toolNames(client)).toEqual(sorted(MARKET));
  });

  it.each([
    [["account:read"], [MARKET, ACCOUNT]],
    [["trade"], [MARKET, TRADE]],
    [["swap"], [MARKET, SWAP]],
    [
      ["account:read", "trade", "swap"],
      [MARKET, ACCOUNT, TRADE, SWAP],
    ],
  ])("an agent key with %j sees exactly its scopes' tools", async (scopes, groups) => {
    const trader = await createTrader(tb.t, scopes);
    expect(await toolNames(await connect(trader.key))).toEqual(sorted(...groups));
  });

  it("a search key sees the search tools; with an agent key beside it, both sets", async () => {
    const searchKey = await tb.mintKey();
    expect(await toolNames(await connect(searchKey.key))).toEqual(sorted(MARKET, SEARCH));
    const trader = await createTrader(tb.t, ["trade"]);
    expect(await toolNames(await connect(trader.key, searchKey.key))).toEqual(sorted(MARKET, TRADE, SEARCH));
    expect(await toolNames(await connect(searchKey.key, trader.key))).toEqual(sorted(MARKET, TRADE, SEARCH));
  });

  it("describes each tool with the API's schemas: input and output", async () => {
    const tools = (await (await connect((await createTrader(tb.t, ["trade"])).key)).listTools()).tools;
    const place = tools.find((t) => t.name === "place_order")!;
    expect(place.inputSchema.required).toEqual(["symbol", "side", "type", "quantity"]);
    expect(Object.keys(place.inputSchema.properties!)).toEqual(expect.arrayContaining(["preferredExchange", "slippage", "dryRun", "idempotencyKey"]));
    expect(place.outputSchema?.properties).toHaveProperty("order");
    expect(place.annotations).toMatchObject({ readOnlyHint: false });
    expect(tools.find((t) => t.name === "get_book")!.annotations).toMatchObject({ readOnlyHint: true });
  });

  it("refuses an unknown key at initialize with 401", async () => {
    await expect(connectMcp(url, ["bourse_sk_live_notAKeyAtAll0000000000000000000"])).rejects.toThrow(/401|malformed|not recognised/);
  });
});

describe("the Streamable HTTP rules, over raw POSTs", () => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    });
  const callOf = (id: number | string, name: string, args: unknown) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });

  it("refuses a client that does not accept both JSON and event streams, a message that is not JSON-RPC, an unknown protocol version", async () => {
    const notAccepted = await post(callOf(1, "list_markets", {}), { accept: "application/json" });
    expect(notAccepted.status).toBe(406);
    expect(await notAccepted.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32000, message: expect.stringMatching(/Not Acceptable/) }, id: null });
    const garbled = await post({ hello: "world" });
    expect(garbled.status).toBe(400);
    expect(await garbled.json()).toMatchObject({ error: { code: -32700 } });
    const version = await post(callOf(1, "list_markets", {}), { "mcp-protocol-version": "1999-01-01" });
    expect(version.status).toBe(400);
    expect(await version.json()).toMatchObject({ error: { message: expect.stringMatching(/Unsupported protocol version: 1999-01-01/) } });
    expect((await fetch(url)).status).toBe(405);
  });

  it("answers notifications alone with 202, a batch with an array, each answer under its own id", async () => {
    expect((await post({ jsonrpc: "2.0", method: "notifications/initialized" })).status).toBe(202);
    const batch = await post([callOf("a", "get_book", { symbol: "BTC-USD", depth: 2 }), { jsonrpc: "2.0", id: 7, method: "tools/list" }]);
    const [book, list] = (await batch.json()) as [
      { id: string; result: { structuredContent: { depth: number } } },
      { id: number; result: { tools: unknown[] } },
    ];
    expect(book).toMatchObject({ id: "a", result: { structuredContent: { depth: 2 } } });
    expect(list).toMatchObject({ id: 7, result: { tools: expect.any(Array) } });
  });

  it("leaves arguments that do not parse, and unknown tools, to the server's own errors", async () => {
    const bad = (await (await post(callOf(3, "get_book", { symbol: 42 }))).json()) as { id: number; result: CallToolResult };
    expect(bad).toMatchObject({ id: 3, result: { isError: true } });
    expect((bad.result.content[0] as { text: string }).text).toMatch(/Input validation error/);
    const unknown = (await (await post(callOf(4, "no_such_tool", {}))).json()) as { result: CallToolResult };
    expect((unknown.result.content[0] as { text: string }).text).toMatch(/Tool no_such_tool not found/);
  });
});

describe("market data", () => {
  it("answers the book and the markets with structured content and a short summary", async () => {
    const client = await connect();
    const book = await callTool(client, "get_book", { symbol: "BTC-USD", depth: 5 });
    expect(structured(book)).toMatchObject({ symbol: "BTC-USD", depth: 5, bestBid: expect.any(String), bestAsk: expect.any(String) });
    expect((book.content[0] as { text: string }).text).toMatch(/^BTC-USD: bid [\d.]+, ask [\d.]+/);
    const markets = structured(await callTool(client, "list_markets")).markets as { symbol: string }[];
    expect(markets.map((m) => m.symbol)).toContain("ETH-USD");
    expect(errorOf(await callTool(client, "get_book", { symbol: "NOPE-USD" })).meta).toMatchObject({ code: "NOT_FOUND" });
  });

  it("answers concurrent calls of one key and of other keys each with its own answer", async () => {
    const reader = await createTrader(tb.t, ["account:read"]);
    const [publicClient, readerClient] = await Promise.all([connect(), connect(reader.key)]);
    const calls = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 2
        ? callTool(readerClient, "get_balances").then((r) => expect(structured(r).balances).toHaveLength(3))
        : callTool(i % 2 === 0 ? publicClient : readerClient, "get_book", { symbol: "BTC-USD", depth: i + 1 }).then((r) =>
            expect(structured(r).depth).toBe(i + 1),
          ),
    );
    await Promise.all(calls);
    expect(errorOf(await callTool(publicClient, "get_balances")).text).toMatch(/Tool get_balances not found/);
  });

  it("reads the markets and the account as resources", async () => {
    const trader = await createTrader(tb.t, ["account:read"]);
    const client = await connect(trader.key);
    expect((await client.listResources()).resources.map((r) => r.uri).sort()).toEqual(["bourse://account", "bourse://markets"]);
    const account = JSON.parse(((await client.readResource({ uri: "bourse://account" })).contents[0] as { text: string }).text);
    expect(account).toEqual({ balances: expect.any(Array), positions: [], orders: [] });
    expect((await (await connect()).listResources()).resources.map((r) => r.uri)).toEqual(["bourse://markets"]);
  });
});

describe("orders", () => {
  let trader: Trader;
  let client: Client;
  beforeAll(async () => {
    trader = await createTrader(tb.t, ["account:read", "trade"]);
    client = await connect(trader.key);
  });

  it("dry-runs an order: the plan, fees and risk verdict, nothing sent", async () => {
    const r = structured(await callTool(client, "place_order", { symbol: "ETH-USD", side: "BUY", type: "MARKET", quantity: "2", dryRun: true }));
    expect(r).toMatchObject({ dryRun: true, idempotencyKey: null, order: null });
    const preview = orderPreviewSchema.parse(r.preview);
    expect(preview).toMatchObject({ quantity: "2", fillsNow: "2", risk: { allowed: true } });
    expect(Number(preview.fees)).toBeGreaterThan(0);
    expect(structured(await callTool(client, "get_positions")).positions).toEqual([]);
  });

  it("places a real order that fills, under a generated idempotency key that replays it", async () => {
    const first = structured(await callTool(client, "place_order", { symbol: "ETH-USD", side: "BUY", type: "MARKET", quantity: "2" }));
    const order = parentOrderSchema.parse(first.order);
    expect(order).toMatchObject({ status: "FILLED", filledQuantity: "2" });
    expect(first).toMatchObject({ dryRun: false, replayed: false, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const again = structured(
      await callTool(client, "place_order", { symbol: "ETH-USD", side: "BUY", type: "MARKET", quantity: "2", idempotencyKey: first.idempotencyKey }),
    );
    expect(again).toMatchObject({ replayed: true, order: { id: order.id } });
    const positions = structured(await callTool(client, "get_positions")).positions as { symbol: string; size: string }[];
    expect(positions.filter((p) => p.symbol === "ETH-USD").reduce((s, p) => s + Number(p.size), 0)).toBeCloseTo(2, 9);
  });

  it("answers refusals as tool errors with the API's code: validation, then the kill switch", async () => {
    expect(errorOf(await callTool(client, "place_order", { symbol: "BTC-USD", side: "BUY", type: "LIMIT", quantity: "0.01" })).meta).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/price: required/),
    });
    await call(tb.t, "POST", "/agent/kill-switch", await trader.auth(), { keyId: trader.keyId });
    const refused = errorOf(await callTool(client, "place_order", { symbol: "BTC-USD", side: "BUY", type: "MARKET", quantity: "0.01" }));
    expect(refused.meta).toEqual({ code: "RISK_REJECTED", category: "KILL_SWITCH", message: expect.stringMatching(/kill switch is engaged/) });
    expect(refused.text).toMatch(/^RISK_REJECTED \(KILL_SWITCH\): /);
    const dry = structured(await callTool(client, "place_order", { symbol: "BTC-USD", side: "BUY", type: "MARKET", quantity: "0.01", dryRun: true }));
    expect(dry.preview).toMatchObject({ risk: { allowed: false, category: "KILL_SWITCH" } });
    // Closing stays possible under the switch.
    expect(structured(await callTool(client, "close_position", { symbol: "ETH-USD" })).order).toMatchObject({ status: "FILLED", reduceOnly: true });
    await call(tb.t, "DELETE", `/agent/kill-switch?keyId=${trader.keyId}`, await trader.auth());
  });

  it("cancels a resting order and all of them; opens and closes a pair", async () => {
    const mark = tb.t.deps.venues.find((v) => v.name === "alder")!.ticker("BTC-USD")!.markPrice;
    const price = String(Math.round((mark * 0.97) / 5) * 0.5);
    const limit = { symbol: "BTC-USD", side: "BUY", type: "LIMIT", quantity: "0.01", price, preferredExchange: "alder" };
    const first = parentOrderSchema.parse(structured(await callTool(client, "place_order", limit)).order);
    await callTool(client, "place_order", limit);
    expect((structured(await callTool(client, "list_open_orders", { symbol: "BTC-USD" })).orders as unknown[]).length).toBe(2);
    const cancelled = structured(await callTool(client, "cancel_order", { venue: "alder", orderId: first.children[0]!.orderId! }));
    expect(cancelled).toMatchObject({ order: { status: "CANCELED" }, replayed: false, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // A retry under the key it returned answers the first cancel; without the key the order is no longer open.
    const retried = structured(
      await callTool(client, "cancel_order", { venue: "alder", orderId: first.children[0]!.orderId!, idempotencyKey: cancelled.idempotencyKey }),
    );
    expect(retried).toEqual({ ...cancelled, replayed: true });
    expect(errorOf(await callTool(client, "cancel_order", { venue: "alder", orderId: first.children[0]!.orderId! })).meta).toMatchObject({ code: "CONFLICT" });
    const all = structured(await callTool(client, "cancel_all_orders", { symbol: "BTC-USD", idempotencyKey: "cancel-all-once" }));
    expect(all).toMatchObject({ idempotencyKey: "cancel-all-once", replayed: false });
    expect(all.cancelled).toHaveLength(1);
    await callTool(client, "place_order", limit);
    // The same key again: the first answer, and the order placed since stays open.
    expect(structured(await callTool(client, "cancel_all_orders", { symbol: "BTC-USD", idempotencyKey: "cancel-all-once" }))).toEqual({
      ...all,
      replayed: true,
    });
    expect(structured(await callTool(client, "list_open_orders")).orders).toHaveLength(1);
    expect(structured(await callTool(client, "cancel_all_orders")).cancelled).toHaveLength(1);
    expect(structured(await callTool(client, "list_open_orders")).orders).toEqual([]);

    const opened = structured(await callTool(client, "open_pair", { longSymbol: "ETH-USD", shortSymbol: "BTC-USD", notionalUsd: 2000, leverage: 2 }));
    expect(opened).toMatchObject({ replayed: false, pair: { status: "OPEN", longSymbol: "ETH-USD" } });
    const id = (opened.pair as { id: string }).id;
    expect(structured(await callTool(client, "list_pairs")).pairs).toEqual([expect.objectContaining({ id, status: "OPEN" })]);
    expect(structured(await callTool(client, "close_pair", { id })).pair).toMatchObject({ id, status: "CLOSED" });
  });

  it("refuses a revoked key at its next call", async () => {
    const doomed = await createTrader(tb.t, ["account:read"]);
    const session = await connect(doomed.key);
    structured(await callTool(session, "get_balances"));
    expect((await call(tb.t, "DELETE", `/agent/keys/${doomed.keyId}`, await doomed.auth())).status).toBe(200);
    await expect(callTool(session, "get_balances")).rejects.toMatchObject({ code: 401, message: expect.stringMatching(/The agent key has been revoked/) });
  });
});

describe("swaps", () => {
  it("quotes and executes a swap once: a retry with the returned key answers the first execute", async () => {
    const trader = await createTrader(tb.t, ["swap"]);
    const http = swapClient(tb.t, trader.key);
    const wallet = (await http.wallet()).body.data.address;
    expect((await http.faucet(wallet)).status).toBe(200);
    const client = await connect(trader.key);
    const quote = structured(
      await callTool(client, "swap_quote", {
        fromChain: 31337,
        toChain: 31337,
        fromToken: "USDC",
        toToken: "USDT",
        fromAmount: "2000000",
        fromAddress: wallet,
      }),
    );
    const sent = structured(await callTool(client, "swap_execute", { quoteId: quote.id }));
    expect(sent).toMatchObject({ quoteId: quote.id, mode: "desk", replayed: false, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const retried = structured(await callTool(client, "swap_execute", { quoteId: quote.id, idempotencyKey: sent.idempotencyKey }));
    expect(retried).toEqual({ ...sent, replayed: true });
    expect(errorOf(await callTool(client, "swap_execute", { quoteId: quote.id })).meta).toMatchObject({ code: "CONFLICT" });
    expect((await http.list()).body.data.filter((s) => s.quoteId === quote.id)).toHaveLength(1);
  });
});

describe("search and scrape", () => {
  it("charge the search key's credits, shown in every result", async () => {
    const key = await tb.mintKey({ credits: 50 });
    const client = await connect(key.key);
    const scraped = await callTool(client, "scrape", { url: `${tb.site.origin}/` });
    expect(structured(scraped)).toMatchObject({ success: true, credits_used: 5, remaining_credits: 45, primary_content: { title: "Acme Rockets" } });
    expect((scraped.content[0] as { text: string }).text).toMatch(/"Acme Rockets".*5 credits used, 45 left/);
    const found = structured(await callTool(client, "search", { query: "reusable rockets", idempotencyKey: "search-once" }));
    expect(found).toMatchObject({ credits_used: 2, remaining_credits: 43, idempotencyKey: "search-once", replayed: false });
    expect((found.search_results as { link: string }[])[0]).toMatchObject({ link: `${tb.site.origin}/` });
    expect(structured(await callTool(client, "search", { query: "reusable rockets", idempotencyKey: "search-once" }))).toMatchObject({
      replayed: true,
      remaining_credits: 43,
    });
    expect(structured(await callTool(client, "validate_key"))).toMatchObject({ plan: "Free", credits: 43 });
    const ledger = await tb.ledger(key.id);
    expect(ledger.filter((e) => e.kind === "settle").length).toBe(2);
  });

  it("refuses work the balance cannot cover as a tool error, and plan-gated options", async () => {
    const poor = await connect((await tb.mintKey({ credits: 3 })).key);
    expect(errorOf(await callTool(poor, "scrape", { url: `${tb.site.origin}/` })).meta).toMatchObject({ code: "INSUFFICIENT_CREDITS" });
    expect(errorOf(await callTool(poor, "scrape", { url: `${tb.site.origin}/`, follow_internal_links: true })).meta).toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringMatching(/follow_internal_links needs plan Unicorn/),
    });
  });
});
