import { systemClock } from "../../../clock";
import { BINANCE_USDM_DEMO } from "../demo-accounts";
import { FakeExchange } from "../core/fake-exchange";
import type { FakeMarketSpec } from "../core/fake-market";
import { type FakeRequest, type FakeResponse, startFakeServer } from "../core/fake-server";
import { RequestWeight } from "../core/request-weight";
import { type Maintenance, noMaintenance, refusesWebSockets, remember, type VenueFake, type VenueFakeOptions, venueFake } from "../core/venue-fake";
import { ACCOUNT_ROUTES } from "./account-routes";
import { MARKET_ROUTES } from "./market-routes";
import { BINANCE_USDM_FEES, BINANCE_USDM_MARKETS } from "./markets";
import type { Route } from "./route";
import { apiKeyOf, requestParams, verifySigned } from "./signed-request";
import { BinanceStreams, streamPath } from "./streams";
import { type BinanceUsdmFakeAccount, type BinanceUsdmReceived, BinanceUsdmVenue } from "./venue";
import { binanceError } from "./wire";

export interface BinanceUsdmFakeOptions extends VenueFakeOptions {
  /** API keys, their secrets and collateral; the demo account when absent. */
  accounts?: readonly BinanceUsdmFakeAccount[];
  markets?: readonly FakeMarketSpec[];
  /** Accept client order ids with a broker prefix ("x-…"); refused by default, so tests prove none is sent. */
  allowBrokerIds?: boolean;
}

const ROUTES: Record<string, Route> = { ...MARKET_ROUTES, ...ACCOUNT_ROUTES };

/**
 * A Binance USDⓈ-M futures venue on loopback: REST under /fapi/v1, v2 and v3 (HMAC signatures, timestamps,
 * request weight) and the market streams, in Binance's shapes, codes and words.
 */
export async function startBinanceUsdmFake(options: BinanceUsdmFakeOptions = {}): Promise<VenueFake<BinanceUsdmReceived>> {
  const clock = options.clock ?? systemClock;
  const accounts = options.accounts ?? [BINANCE_USDM_DEMO];
  const weightPerMinute = options.weightPerMinute ?? 2_400;
  const exchange = new FakeExchange({
    venue: "binanceusdm",
    markets: options.markets ?? BINANCE_USDM_MARKETS,
    fees: BINANCE_USDM_FEES,
    accounts: accounts.map((a) => ({ id: a.apiKey, collateral: a.collateral })),
    seed: options.seed,
    clock,
    stepMs: options.stepMs,
  });
  const venue = new BinanceUsdmVenue(exchange, accounts, { allowBrokerIds: options.allowBrokerIds === true, weightPerMinute });
  const received: BinanceUsdmReceived[] = [];
  const maintenance: Maintenance = noMaintenance();
  const weight = new RequestWeight(weightPerMinute, clock);
  const streams = new BinanceStreams(venue);
  exchange.on((event) => streams.publish(event));

  const answer = (req: FakeRequest): FakeResponse => {
    if (maintenance.on) return binanceError(503, 1, "System is under maintenance.");
    const route = ROUTES[`${req.method} ${req.path}`];
    if (route === undefined) return { status: 404, body: "<html><body><h2>404 Not found</h2></body></html>" };
    const params = requestParams(req);
    const cost = typeof route.weight === "number" ? route.weight : route.weight(params);
    const { used, retryAfterSeconds } = weight.take(req.ip, cost);
    const usedHeader = { "X-MBX-USED-WEIGHT-1M": String(used) };
    if (retryAfterSeconds !== undefined) {
      const msg = `Too many requests; current limit of IP(${req.ip}) is ${weightPerMinute} requests per minute. Please use the websocket for live updates to avoid polling the API.`;
      return { ...binanceError(429, -1003, msg), headers: { ...usedHeader, "Retry-After": String(retryAfterSeconds) } };
    }
    const now = clock.now();
    const key = route.security === "SIGNED" ? verifySigned(venue, req, params, now) : route.security === "USER_STREAM" ? apiKeyOf(venue, req) : { apiKey: "" };
    if ("refusal" in key) return { ...key.refusal, headers: usedHeader };
    params.delete("signature");
    const response = route.answer({ venue, params, apiKey: key.apiKey, now });
    if (response.status === 200) {
      remember(received, { method: req.method, path: req.path, params: Object.fromEntries(params), ...(key.apiKey === "" ? {} : { apiKey: key.apiKey }) });
    }
    return { ...response, headers: usedHeader };
  };

  const server = await startFakeServer(
    {
      http: answer,
      refuseUpgrade: (path) => (refusesWebSockets(maintenance) ? 503 : streamPath(path) === undefined ? 404 : undefined),
      websocket: (socket, path, query) => streams.attach(socket, path, query),
    },
    options.port,
  );
  if (options.autoStep !== false) exchange.start();
  return venueFake(exchange, server, received, maintenance, weight);
}
