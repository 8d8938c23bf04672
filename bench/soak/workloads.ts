// The soak's clients, each a loop until `running()` turns false: market-data readers, traders, paid
// searches and scrapes, swaps. Executions carry an Idempotency-Key; what was acknowledged is recorded.
import { randomUUID } from "node:crypto";
import { type Answer, pause, type SoakClient } from "./client";
import type { AgentCredential } from "./setup";

const EXECUTION_DEADLINE_MS = 120_000;
const READ_DEADLINE_MS = 60_000;
const SYMBOLS = ["BTC-USD", "ETH-USD"] as const;
const QUANTITY: Record<(typeof SYMBOLS)[number], string> = { "BTC-USD": "0.001", "ETH-USD": "0.01" };
const CHAIN_A = 31337;
const CHAIN_B = 31338;

export interface OrderAck {
  keyId: string;
  idempotencyKey: string;
  parentId: string;
  children: { venue: string; orderId: string | null }[];
}
export interface ChargeAck {
  keyId: string;
  idempotencyKey: string;
  credits: number;
}
export interface SwapAck {
  ownerId: string;
  swapId: string;
  quoteId: string;
}

/** What the clients sent and what was acknowledged, for the audit. */
export class Ledger {
  readonly orders: OrderAck[] = [];
  /** Every Idempotency-Key sent for an order, per agent key id. */
  readonly orderKeys = new Map<string, string[]>();
  readonly charges: ChargeAck[] = [];
  /** Paid requests whose client gave up without an answer: they may or may not have been charged. */
  readonly abandonedCharges: { keyId: string; idempotencyKey: string }[] = [];
  readonly swaps: SwapAck[] = [];
  /** Final answers that refused the request, by kind and status (not retried; e.g. a risk refusal). */
  readonly refusals = new Map<string, number>();

  refused(kind: string, answer: Answer): void {
    const label = `${kind} ${answer.status} ${codeOf(answer)}`;
    this.refusals.set(label, (this.refusals.get(label) ?? 0) + 1);
  }
}

export interface LoadContext {
  client: SoakClient;
  ledger: Ledger;
  running: () => boolean;
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

export async function marketDataReader(ctx: LoadContext, i: number): Promise<void> {
  for (let n = i; ctx.running(); n++) {
    const symbol = SYMBOLS[n % SYMBOLS.length]!;
    const path = n % 2 === 0 ? `/api/aggregated/book?symbol=${symbol}&depth=20` : `/api/trades/${symbol}`;
    await ctx.client.send({ kind: "market-data", method: "GET", path, deadlineMs: READ_DEADLINE_MS });
    await pause(20);
  }
}

/** Small market orders, buys and sells in turn on two symbols, smart-routed or on one venue. */
export async function trader(ctx: LoadContext, agent: AgentCredential, i: number): Promise<void> {
  const keys: string[] = [];
  ctx.ledger.orderKeys.set(agent.keyId, keys);
  for (let n = i; ctx.running(); n++) {
    const symbol = SYMBOLS[n % SYMBOLS.length]!;
    const side = Math.floor(n / SYMBOLS.length) % 2 === 0 ? "BUY" : "SELL";
    const idempotencyKey = randomUUID();
    keys.push(idempotencyKey);
    const answer = await ctx.client.send({
      kind: "order",
      method: "POST",
      path: "/api/agent/orders",
      headers: { ...bearer(agent.key), "idempotency-key": idempotencyKey },
      body: { symbol, side, type: "MARKET", quantity: QUANTITY[symbol], ...(n % 3 === 0 ? { preferredExchange: "alder" } : {}) },
      deadlineMs: EXECUTION_DEADLINE_MS,
    });
    if (answer?.status === 200) {
      const parent = dataOf<{ id: string; children: { venue: string; orderId: string | null }[] }>(answer);
      ctx.ledger.orders.push({
        keyId: agent.keyId,
        idempotencyKey,
        parentId: parent.id,
        children: parent.children.map((c) => ({ venue: c.venue, orderId: c.orderId })),
      });
    } else if (answer !== undefined) ctx.ledger.refused("order", answer);
    await pause(50);
  }
}

export interface PaidClient {
  keyId: string;
  key: string;
  /** This client's address, sent as X-Forwarded-For (the server trusts loopback as a proxy): the rate limits are per client IP. */
  ip: string;
}

/**
 * Searches over the pages scraped so far (the embedded index), one every `everyMs`, kept under the
 * per-IP limit of 60 a minute.
 */
export function searcher(ctx: LoadContext, who: PaidClient, everyMs = 1_500): Promise<void> {
  return paidLoop(ctx, who, "search", everyMs, (n) => ({ query: n % 2 === 0 ? "soak market notes" : "bourse fixture", max_results: 5, auto_scrape_top: 0 }));
}

/** Scrapes of the fixture site's pages, one every `everyMs`, under the per-IP limit of 10 a minute. */
export function scraper(ctx: LoadContext, who: PaidClient, origin: string, pages: number, everyMs = 7_000): Promise<void> {
  return paidLoop(ctx, who, "scrape", everyMs, (n) => ({ url: `${origin}/page/${n % pages}` }));
}

async function paidLoop(ctx: LoadContext, who: PaidClient, kind: "search" | "scrape", everyMs: number, body: (n: number) => unknown): Promise<void> {
  for (let n = 0; ctx.running(); n++) {
    const started = Date.now();
    const idempotencyKey = randomUUID();
    const answer = await ctx.client.send({
      kind,
      method: "POST",
      path: `/api/web/v1/${kind}`,
      headers: { ...bearer(who.key), "idempotency-key": idempotencyKey, "x-forwarded-for": who.ip },
      body: body(n),
      deadlineMs: EXECUTION_DEADLINE_MS,
    });
    if (answer?.status === 200) {
      const { credits_used } = answer.body as { credits_used: number };
      ctx.ledger.charges.push({ keyId: who.keyId, idempotencyKey, credits: credits_used });
    } else if (answer === undefined) ctx.ledger.abandonedCharges.push({ keyId: who.keyId, idempotencyKey });
    else ctx.ledger.refused(kind, answer);
    await pause(Math.max(0, everyMs - (Date.now() - started)));
  }
}

/** Headless swaps with the owner's server-held wallet: USDC → WETH on chain A, and across to chain B, in turn. */
export async function swapper(ctx: LoadContext, agent: AgentCredential, i: number): Promise<void> {
  const auth = bearer(agent.key);
  const wallet = await ctx.client.send({ kind: "swap-setup", method: "GET", path: "/api/agent/swap/wallet", headers: auth, deadlineMs: READ_DEADLINE_MS });
  const address = wallet?.status === 200 ? dataOf<{ address: string }>(wallet).address : undefined;
  if (address === undefined) throw new Error(`the swap wallet did not answer: ${wallet?.text}`);
  const funded = await ctx.client.send({
    kind: "swap-setup",
    method: "POST",
    path: "/api/agent/swap/faucet",
    headers: auth,
    body: { address },
    deadlineMs: EXECUTION_DEADLINE_MS,
  });
  if (funded?.status !== 200) throw new Error(`the faucet did not fund ${address}: ${funded?.text}`);
  for (let n = i; ctx.running(); n++) {
    const quote = await ctx.client.send({
      kind: "swap-quote",
      method: "POST",
      path: "/api/agent/swap/quote",
      headers: auth,
      body: { fromChain: CHAIN_A, toChain: n % 2 === 0 ? CHAIN_A : CHAIN_B, fromToken: "USDC", toToken: "WETH", fromAmount: "5000000" },
      deadlineMs: READ_DEADLINE_MS,
    });
    if (quote?.status !== 200) {
      if (quote !== undefined) ctx.ledger.refused("swap-quote", quote);
      await pause(1_000);
      continue;
    }
    const quoteId = dataOf<{ id: string }>(quote).id;
    const answer = await ctx.client.send({
      kind: "swap-execute",
      method: "POST",
      path: "/api/agent/swap/execute",
      headers: { ...auth, "idempotency-key": randomUUID() },
      body: { quoteId },
      deadlineMs: EXECUTION_DEADLINE_MS,
    });
    const swapId = answer?.status === 200 ? dataOf<{ id: string }>(answer).id : await executedEarlier(ctx, auth, quoteId, answer);
    if (swapId !== undefined) ctx.ledger.swaps.push({ ownerId: agent.ownerId, swapId, quoteId });
    else if (answer !== undefined) ctx.ledger.refused("swap-execute", answer);
    await pause(1_000);
  }
}

/**
 * Execute is idempotent per quote: a retry whose first attempt went through answers 409 "already
 * executed"; the swap is then found in the owner's history by its quote.
 */
async function executedEarlier(ctx: LoadContext, auth: Record<string, string>, quoteId: string, answer: Answer | undefined): Promise<string | undefined> {
  if (answer?.status !== 409 || !/already executed/.test(answer.text)) return undefined;
  const listed = await ctx.client.send({ kind: "swap-status", method: "GET", path: "/api/agent/swaps?limit=100", headers: auth, deadlineMs: READ_DEADLINE_MS });
  if (listed?.status !== 200) return undefined;
  return dataOf<{ id: string; quoteId: string }[]>(listed).find((s) => s.quoteId === quoteId)?.id;
}

/** Polls each acknowledged swap until it leaves PENDING or `ms` pass; returns the last status of each. */
export async function settleSwaps(client: SoakClient, acks: readonly SwapAck[], keyOf: (ownerId: string) => string, ms: number): Promise<Map<string, string>> {
  const statuses = new Map<string, string>();
  const until = Date.now() + ms;
  for (const ack of acks) {
    for (;;) {
      const answer = await client.send({
        kind: "swap-status",
        method: "GET",
        path: `/api/agent/swap/${ack.swapId}`,
        headers: bearer(keyOf(ack.ownerId)),
        deadlineMs: Math.max(1_000, until - Date.now()),
      });
      const status = answer?.status === 200 ? dataOf<{ status: string }>(answer).status : `HTTP ${answer?.status ?? "none"}`;
      statuses.set(ack.swapId, status);
      if (status !== "PENDING" || Date.now() > until) break;
      await pause(200);
    }
  }
  return statuses;
}

function dataOf<T>(answer: Answer): T {
  return (answer.body as { data: T }).data;
}

function codeOf(answer: Answer): string {
  const body = answer.body as { code?: unknown; error?: { code?: unknown } } | undefined;
  return String(body?.code ?? body?.error?.code ?? "");
}
