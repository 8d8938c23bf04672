// ccxt clients for a configured venue: its network, its base URL override, the profile's options, ccxt's
// rate limiter on for REST; and the capabilities a venue must have for the adapter to run it.
import ccxt, { type Exchange, pro } from "ccxt";
import { ConfigError, type LiveVenueConfig } from "../../config";
import type { VenueCredentials } from "./credentials";
import { profileOf } from "./profiles";

/** What the adapter calls on every venue: a ccxt venue lacking one of these cannot run (docs/venues.md lists them). */
export const REQUIRED_CAPABILITIES = [
  "swap",
  "fetchOrderBook",
  "fetchOHLCV",
  "createOrder",
  "cancelOrder",
  "fetchOrder",
  "fetchOpenOrders",
  "fetchPositions",
  "fetchBalance",
  "setLeverage",
] as const;

/**
 * Used where the venue has them: websockets for market data (else polled with fetch*), funding rates
 * for marks, funding and the index (else the ticker, else the book's mid), public trades (else the tape stays empty).
 */
export const OPTIONAL_CAPABILITIES = ["watchOrderBook", "watchTrades", "watchOHLCV", "fetchTrades", "fetchFundingRates", "fetchTicker"] as const;

type ExchangeClass = new (config: Record<string, unknown>) => Exchange;

/** The ids of the exchanges ccxt has. */
export const ccxtVenueIds = (): readonly string[] => ccxt.exchanges;

/**
 * A new ccxt client for the venue. `rest`: REST calls (accounts, polled market data) behind ccxt's rate
 * limiter. `stream`: ccxt pro for the websockets (`watch*`) only, with the limiter off: with it on, ccxt
 * sends each subscription from a throttled `.then()` that leaves the send's rejection unhandled when the
 * socket closed in the meantime (a dropped connection), which ends the process. Without it ccxt sends at
 * once and rejects the watch instead. Subscriptions are few (one per stream and market), so nothing is lost.
 */
export function createClient(settings: LiveVenueConfig, kind: "stream" | "rest", credentials: VenueCredentials = {}): Exchange {
  const classes = (kind === "stream" ? pro : ccxt) as unknown as Record<string, ExchangeClass | undefined>;
  const Class = classes[settings.name];
  if (Class === undefined || !ccxt.exchanges.includes(settings.name))
    throw new ConfigError(`Invalid environment:\n  VENUES: ${settings.name} is not a ccxt exchange id (ccxt has ${ccxt.exchanges.length}: see ccxt.exchanges)`);
  const profile = profileOf(settings.name);
  const options = {
    ...profile.options,
    ...(settings.brokerId === undefined ? {} : brokerOptions(settings)),
    ...(settings.builderFee === undefined ? {} : builderOptions(settings)),
  };
  const exchange = new Class({ enableRateLimit: kind === "rest", options, ...credentials });
  if (settings.network === "testnet") enterTestnet(exchange, profile.testnet);
  if (settings.url !== undefined) {
    exchange.urls.api = underBase(exchange.urls.api, settings.url);
    profile.underOtherBase?.(exchange);
  }
  if (settings.builderFee === undefined) profile.withoutBuilderFee?.(exchange);
  return exchange;
}

/** The required capabilities the venue lacks (and a precision mode the adapter cannot read); empty when it can run. */
export function missingCapabilities(exchange: Exchange): string[] {
  const missing: string[] = REQUIRED_CAPABILITIES.filter((c) => exchange.has[c] !== true && exchange.has[c] !== "emulated");
  if (exchange.precisionMode !== ccxt.TICK_SIZE) missing.push("precisionMode TICK_SIZE");
  return missing;
}

function brokerOptions(settings: LiveVenueConfig): Record<string, unknown> {
  const make = profileOf(settings.name).brokerOptions;
  if (make === undefined)
    throw new ConfigError(`Invalid environment:\n  VENUE_${settings.name.toUpperCase()}_BROKER_ID: ${settings.name} takes no broker id here`);
  return make(settings.brokerId!);
}

function builderOptions(settings: LiveVenueConfig): Record<string, unknown> {
  const make = profileOf(settings.name).builderOptions;
  if (make === undefined) throw new ConfigError(`Invalid environment:\n  VENUE_${settings.name.toUpperCase()}_BUILDER: ${settings.name} has no builder fees`);
  return make(settings.builderFee!);
}

function enterTestnet(exchange: Exchange, how: "sandbox" | "demo"): void {
  if (how === "sandbox") {
    exchange.setSandboxMode(true);
    return;
  }
  const demo = (exchange as Exchange & { enableDemoTrading?: (enable: boolean) => void }).enableDemoTrading;
  if (demo === undefined) throw new ConfigError(`Invalid environment:\n  ${exchange.id} has no demo environment in ccxt`);
  demo.call(exchange, true);
}

/**
 * Every URL of ccxt's API table moved under `base`, each keeping its path: `https://fapi.binance.com/fapi/v1`
 * becomes `${base}/fapi/v1`, `wss://api.hyperliquid.xyz/ws` becomes `ws://…/ws` (http → ws, https → wss).
 */
export function underBase<T>(api: T, base: string): T {
  if (typeof api === "string") {
    const path = api.replace(/^[a-z]+:\/\/[^/]+/i, "");
    const secure = base.startsWith("https:");
    const origin = /^wss?:/i.test(api) ? base.replace(/^https?:/, secure ? "wss:" : "ws:") : base;
    return `${origin}${path}` as T;
  }
  if (api === null || typeof api !== "object") return api;
  return Object.fromEntries(Object.entries(api).map(([k, v]) => [k, underBase(v, base)])) as T;
}
