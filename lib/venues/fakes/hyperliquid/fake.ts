import { systemClock } from "../../../clock";
import { HYPERLIQUID_DEMO } from "../demo-accounts";
import { FakeExchange } from "../core/fake-exchange";
import type { FakeMarketSpec } from "../core/fake-market";
import { type FakeRequest, type FakeResponse, startFakeServer } from "../core/fake-server";
import { RequestWeight } from "../core/request-weight";
import { type Maintenance, noMaintenance, refusesWebSockets, remember, type VenueFake, type VenueFakeOptions, venueFake } from "../core/venue-fake";
import { answerExchange } from "./exchange";
import { answerInfo, UNREADABLE } from "./info";
import { HYPERLIQUID_FEES, HYPERLIQUID_MARKETS } from "./markets";
import type { Network } from "./signatures";
import { type HyperliquidFakeAccount, type HyperliquidReceived, HyperliquidVenue } from "./venue";
import { HyperliquidStreams } from "./websocket";

export interface HyperliquidFakeOptions extends VenueFakeOptions {
  /** Accounts and the API wallets they approved; the demo account when absent. */
  accounts?: readonly HyperliquidFakeAccount[];
  markets?: readonly FakeMarketSpec[];
  /** Accept orders that carry a builder (fee) field; refused by default, so tests prove none is sent. */
  allowBuilder?: boolean;
  /** Which chain's signatures to accept ("a" mainnet or "b" testnet phantom agents); both when absent. */
  network?: Network;
  /** Accept actions signed by an account's own key; by default only its approved API wallets may sign. */
  acceptAccountKeys?: boolean;
}

/** Request weights as Hyperliquid counts them: light info queries 2, the rest 20, an action 1. */
const LIGHT_INFO = new Set(["l2Book", "allMids", "clearinghouseState", "orderStatus", "spotClearinghouseState", "exchangeStatus"]);

/**
 * A Hyperliquid perpetuals venue on loopback: POST /info and /exchange (signatures verified, only approved API
 * wallets may act) and the /ws subscriptions, in Hyperliquid's shapes and words.
 */
export async function startHyperliquidFake(options: HyperliquidFakeOptions = {}): Promise<VenueFake<HyperliquidReceived>> {
  const clock = options.clock ?? systemClock;
  const accounts = options.accounts ?? [
    { address: HYPERLIQUID_DEMO.address, approvedAgents: [HYPERLIQUID_DEMO.agentAddress], collateral: HYPERLIQUID_DEMO.collateral },
  ];
  const exchange = new FakeExchange({
    venue: "hyperliquid",
    markets: options.markets ?? HYPERLIQUID_MARKETS,
    fees: HYPERLIQUID_FEES,
    accounts: accounts.map((a) => ({ id: a.address.toLowerCase(), collateral: a.collateral })),
    seed: options.seed,
    clock,
    stepMs: options.stepMs,
  });
  const venue = new HyperliquidVenue(exchange, accounts, {
    allowBuilder: options.allowBuilder === true,
    networks: options.network === undefined ? ["mainnet", "testnet"] : [options.network],
    acceptAccountKeys: options.acceptAccountKeys === true,
  });
  const received: HyperliquidReceived[] = [];
  const maintenance: Maintenance = noMaintenance();
  const weight = new RequestWeight(options.weightPerMinute ?? 1_200, clock);
  const streams = new HyperliquidStreams(venue);
  exchange.on((event) => streams.publish(event));

  const answer = async (req: FakeRequest): Promise<FakeResponse> => {
    if (maintenance.on) return { status: 503, body: "Service Unavailable: the venue is under maintenance" };
    if (req.path !== "/info" && req.path !== "/exchange") return { status: 404, body: "Not Found" };
    if (req.method !== "POST") return { status: 405, body: "Method Not Allowed" };
    let body: unknown;
    try {
      body = JSON.parse(req.body);
    } catch {
      return UNREADABLE;
    }
    const type = (body as { type?: unknown } | null)?.type;
    const cost = req.path === "/exchange" ? 1 : LIGHT_INFO.has(String(type)) ? 2 : 20;
    const { retryAfterSeconds } = weight.take(req.ip, cost);
    if (retryAfterSeconds !== undefined) return { status: 429, body: "Too Many Requests", headers: { "Retry-After": String(retryAfterSeconds) } };
    if (req.path === "/info") {
      if (typeof body !== "object" || body === null) return UNREADABLE;
      const response = answerInfo(venue, body as Record<string, unknown>);
      if (response.status === 200) remember(received, { endpoint: "info", request: body as Record<string, unknown> });
      return response;
    }
    const { response, received: action } = await answerExchange(venue, body);
    if (action !== undefined) remember(received, action);
    return response;
  };

  const server = await startFakeServer(
    {
      http: answer,
      refuseUpgrade: (path) => (refusesWebSockets(maintenance) ? 503 : path === "/ws" ? undefined : 404),
      websocket: (socket) => streams.attach(socket),
    },
    options.port,
  );
  if (options.autoStep !== false) exchange.start();
  return venueFake(exchange, server, received, maintenance, weight);
}
