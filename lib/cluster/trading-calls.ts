// The trading service across instances: every call but the host's upkeep is run on the venue host.
import { RISK_CATEGORIES, TRADING_ERROR_KINDS, TradingError, type RiskCategory, type TradingErrorKind } from "../trading/execution/errors";
import type { TradingService } from "../trading/execution/service";
import type { Venue } from "../venues/venue";
import { HostUnavailable, type EncodedError, type HostCaller, type HostCallHandler } from "./host-calls";
import type { MarketFeed } from "./market-feed";

/** What an instance forwards: the whole service, but its upkeep (the host's own job). */
const FORWARDED = [
  "listOrders",
  "placeOrder",
  "previewOrder",
  "cancelOrder",
  "cancelAllOrders",
  "listPositions",
  "listBalances",
  "openPosition",
  "closePosition",
  "setPositionExits",
  "openPair",
  "closePair",
  "listPairs",
  "engageKillSwitch",
  "releaseKillSwitch",
  "killSwitchState",
  "setRiskOverride",
  "riskOverrides",
] as const satisfies readonly Exclude<keyof TradingService, "maintain">[];

/** A venue's account calls the host runs for a mirrored venue. */
const VENUE_ACCOUNT_CALLS = ["place", "cancel", "openOrders", "order", "positions", "balance", "setLeverage"] as const satisfies readonly (keyof Venue)[];

type Forwarded = (typeof FORWARDED)[number];
type AnyCall = (...args: unknown[]) => Promise<unknown>;

/** The trading service of an instance that does not host the venues: each call runs on the host. */
export function tradingOnHost(host: HostCaller): TradingService {
  const forward =
    (method: Forwarded) =>
    async (...args: unknown[]) => {
      try {
        return await host.call(`trading.${method}`, args);
      } catch (err) {
        if (err instanceof HostUnavailable) throw new TradingError("unavailable", err.message, undefined, err.retryAfterSeconds);
        throw err;
      }
    };
  const service = Object.fromEntries(FORWARDED.map((m) => [m, forward(m)]));
  return {
    ...(service as unknown as Omit<TradingService, "maintain">),
    maintain: async () => ({ pairsRecovered: 0, keysPurged: 0 }),
  };
}

/** Runs the calls other instances send: trading.*, venue.<name>.* and market.snapshot. */
export function hostCallHandler(input: { trading: TradingService; venues: readonly Venue[]; feed: MarketFeed }): HostCallHandler {
  const table = new Map<string, AnyCall>();
  for (const m of FORWARDED) table.set(`trading.${m}`, (input.trading[m] as AnyCall).bind(input.trading));
  for (const venue of input.venues) for (const m of VENUE_ACCOUNT_CALLS) table.set(`venue.${venue.name}.${m}`, (venue[m] as AnyCall).bind(venue));
  table.set("market.snapshot", async () => input.feed.snapshot());
  return async (method, args) => {
    const fn = table.get(method);
    if (fn === undefined) throw new Error(`no host call ${JSON.stringify(method)}`);
    // An absent optional result (a venue's unknown order) crosses as null.
    return (await fn(...args)) ?? null;
  };
}

/** A failure on the host, as it crosses back: trading refusals keep their kind and category. */
export function encodeHostError(err: unknown): EncodedError {
  if (err instanceof TradingError)
    return { name: "TradingError", message: err.message, fields: { kind: err.kind, category: err.category, retryAfterSeconds: err.retryAfterSeconds } };
  if (err instanceof HostUnavailable) return { name: "HostUnavailable", message: err.message, fields: { retryAfterSeconds: err.retryAfterSeconds } };
  return { name: "Error", message: "The venue host failed to run the call.", fields: {} };
}

export function rebuildHostError(e: EncodedError): Error {
  const retryAfter = typeof e.fields.retryAfterSeconds === "number" ? e.fields.retryAfterSeconds : undefined;
  if (e.name === "TradingError" && isKind(e.fields.kind)) return new TradingError(e.fields.kind, e.message, riskCategory(e.fields.category), retryAfter);
  if (e.name === "HostUnavailable") return new HostUnavailable(e.message, retryAfter);
  return new Error(e.message);
}

const isKind = (v: unknown): v is TradingErrorKind => TRADING_ERROR_KINDS.includes(v as TradingErrorKind);
const riskCategory = (v: unknown): RiskCategory | undefined => (RISK_CATEGORIES.includes(v as RiskCategory) ? (v as RiskCategory) : undefined);
