import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { bookFastLane } from "../../api/trading/book-fast-lane";
import { createDispatcher } from "../../http/dispatch";
import { startTestChains } from "../../chain/testing";
import { createTestApi, postJson, type TestApi } from "../api";
import { createTestOwner, type TestOwner } from "../owners";

/** An owner as the fuzzer sees it: an owner token, an agent key of every scope, a search key. */
export interface FuzzOwner {
  owner: TestOwner;
  ownerToken: string;
  agentKeyId: string;
  agentKey: string;
  searchKeyId: string;
  searchKey: string;
}

/**
 * The real API behind the real node dispatcher on loopback, with the simulated venues, and two owners:
 * the fuzzer acts as `attacker`; `victim` holds keys, a search key and a resting order that nothing the
 * attacker sends may change.
 */
export interface FuzzWorld {
  base: string;
  t: TestApi;
  attacker: FuzzOwner;
  victim: FuzzOwner;
  /** What the victim owns, as the API shows it to the victim, without fields that move by themselves. */
  victimState(): Promise<unknown>;
  close(): Promise<void>;
}

async function json(t: TestApi, path: string, init: RequestInit = {}): Promise<unknown> {
  const res = await t.request(path, init);
  const body = (await res.json()) as unknown;
  if (res.status !== 200) throw new Error(`fuzz world: ${init.method ?? "GET"} ${path} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

const dataOf = (body: unknown) => (body as { data: unknown }).data;

async function fuzzOwner(t: TestApi): Promise<FuzzOwner> {
  const owner = await createTestOwner(t);
  const ownerToken = await owner.token();
  const auth = { authorization: `Bearer ${ownerToken}` };
  const agent = dataOf(await json(t, "/api/agent/keys", postJson({ name: "fuzz", scopes: ["account:read", "trade", "swap"] }, auth))) as {
    id: string;
    key: string;
  };
  const search = (await json(t, "/api/web/keys", postJson({ name: "fuzz" }, auth))) as { id: string; key: string };
  return { owner, ownerToken, agentKeyId: agent.id, agentKey: agent.key, searchKeyId: search.id, searchKey: search.key };
}

export async function startFuzzWorld(env: Record<string, string> = {}): Promise<FuzzWorld> {
  // Loopback is a trusted proxy so that each request can stand for its own client (X-Forwarded-For):
  // per-client rate limits then refuse some requests instead of all of them after the first minute's share.
  // Two anvil chains, so that swaps are quoted, prepared and executed rather than refused as off.
  const chains = await startTestChains();
  const t = await createTestApi({ VENUES: "embedded", TRUSTED_PROXIES: "127.0.0.1", WEB_FETCH_TIMEOUT_MS: "2000", ...chains.env, ...env });
  t.clock.advance(2_000);
  t.deps.exchange?.advanceTo(t.clock.now());
  const attacker = await fuzzOwner(t);
  const victim = await fuzzOwner(t);
  const victimAgent = { authorization: `Bearer ${victim.agentKey}` };
  // A resting buy 5% under the best bid (the price collar allows 10%), on a round price that is a
  // multiple of the tick: far enough that the fuzzer's own market orders do not fill it.
  const book = dataOf(await json(t, "/api/aggregated/book?symbol=BTC-USD&depth=1")) as { bestBid: string };
  const price = String(Math.floor((Number(book.bestBid) * 0.95) / 100) * 100);
  await json(
    t,
    "/api/agent/orders",
    postJson({ symbol: "BTC-USD", side: "BUY", type: "LIMIT", quantity: "0.001", price, preferredExchange: "alder" }, victimAgent),
  );

  const api = getRequestListener(t.api.fetch);
  const server: Server = createServer(createDispatcher({ api, next: (_req, res) => res.writeHead(404).end(), fastLanes: [bookFastLane(t.deps)] }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const victimOwner = { authorization: `Bearer ${victim.ownerToken}` };
  return {
    base,
    t,
    attacker,
    victim,
    async victimState() {
      const keys = dataOf(await json(t, "/api/agent/keys", { headers: victimOwner })) as {
        id: string;
        name: string;
        scopes: string[];
        status: string;
        swapRecipients: string[];
        swapDailyLimitUsd: string | null;
      }[];
      const searchKeys = (await json(t, "/api/web/keys", { headers: victimOwner })) as {
        keys: { id: string; name: string; plan: string; credits: number; status: string }[];
      };
      const orders = dataOf(await json(t, "/api/agent/orders?status=open", { headers: victimAgent })) as {
        orderId: string;
        status: string;
        quantity: string;
      }[];
      const positions = dataOf(await json(t, "/api/agent/positions", { headers: victimAgent })) as { symbol: string; side: string; size: string }[];
      const killSwitch = dataOf(await json(t, "/api/agent/kill-switch", { headers: victimOwner }));
      const riskLimits = dataOf(await json(t, "/api/agent/risk-limits", { headers: victimOwner }));
      return {
        keys: keys.map(({ id, name, scopes, status, swapRecipients, swapDailyLimitUsd }) => ({ id, name, scopes, status, swapRecipients, swapDailyLimitUsd })),
        searchKeys: searchKeys.keys.map(({ id, name, plan, credits, status }) => ({ id, name, plan, credits, status })),
        orders: orders.map(({ orderId, status, quantity }) => ({ orderId, status, quantity })),
        positions: positions.map(({ symbol, side, size }) => ({ symbol, side, size })),
        killSwitch,
        riskLimits,
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
      await chains.stop();
    },
  };
}
