// ccxt clients pointed at a running fake, configured as an adapter must configure them: no builder fee, no
// broker id, no call that would leave loopback, and a short websocket reconnect backoff for tests.
import { pro } from "ccxt";
import { withUsdmErrorTable } from "../live/profiles";
import { BINANCE_USDM_DEMO, HYPERLIQUID_DEMO } from "./demo-accounts";

type HyperliquidClient = InstanceType<typeof pro.hyperliquid>;
type BinanceUsdmClient = InstanceType<typeof pro.binanceusdm>;
type ClientOptions = NonNullable<ConstructorParameters<typeof pro.hyperliquid>[0]>;

interface FakeUrls {
  url: string;
  wsUrl: string;
}

/** ccxt reconnects a dropped websocket after 1 s, then 2 s, 4 s…; tests wait 10 ms. */
const QUICK_RECONNECT = { backoff: { base: 10 } };

/** Credentials, then the caller's settings, then the venue's options under the caller's: no rate limiter (the fake counts weight itself). */
function settings(credentials: ClientOptions, venueOptions: Record<string, unknown>, caller: ClientOptions): ClientOptions {
  return { ...credentials, enableRateLimit: false, ...caller, options: { ws: QUICK_RECONNECT, ...venueOptions, ...caller.options } };
}

/**
 * A Hyperliquid client on the fake, signing with the demo account's API wallet. `refSet` skips the referral
 * action; `builderFee: false` asks for no fee (ccxt still tries to approve its builder at 0% and, if that
 * succeeded, would attach it to every order: the fake refuses the approval from an API wallet, as Hyperliquid does).
 */
export async function hyperliquidClient(fake: FakeUrls, options: ClientOptions = {}): Promise<HyperliquidClient> {
  const credentials = { walletAddress: HYPERLIQUID_DEMO.address, privateKey: HYPERLIQUID_DEMO.agentPrivateKey };
  const client = new pro.hyperliquid(settings(credentials, { builderFee: false, refSet: true }, options));
  client.urls.api = { public: fake.url, private: fake.url, ws: { public: `${fake.wsUrl}/ws` } };
  await client.loadHttpProxyAgent();
  return client;
}

/**
 * A Binance USDⓈ-M client on the fake with the demo API key. Its own client-order-id prefix replaces ccxt's
 * broker id (an empty prefix does not: ccxt falls back to its "x-…" id). `fetchCurrencies: false` keeps
 * loadMarkets off the spot (sapi) API.
 */
export async function binanceUsdmClient(fake: FakeUrls, options: ClientOptions = {}): Promise<BinanceUsdmClient> {
  const credentials = { apiKey: BINANCE_USDM_DEMO.apiKey, secret: BINANCE_USDM_DEMO.secret };
  const client = new pro.binanceusdm(settings(credentials, { fetchCurrencies: false, broker: { swap: "bourse-", future: "bourse-" } }, options));
  for (const version of ["", "V2", "V3"]) {
    const path = `${fake.url}/fapi/v${version === "" ? 1 : version.slice(1)}`;
    client.urls.api[`fapiPublic${version}`] = path;
    client.urls.api[`fapiPrivate${version}`] = path;
  }
  client.urls.api.fapiData = `${fake.url}/futures/data`;
  client.urls.api.ws.future = `${fake.wsUrl}/ws`;
  await client.loadHttpProxyAgent();
  return client;
}

/** The USDⓈ-M error table ccxt uses on Binance's own hosts (the adapter's, lib/venues/live/profiles). */
export const useUsdmErrorTable = (client: BinanceUsdmClient): BinanceUsdmClient => withUsdmErrorTable(client);
