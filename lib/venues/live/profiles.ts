// What ccxt cannot tell about a venue: how to keep the fees, referrals and broker ids the library adds by
// default off, how the operator's own are set, the venue's test environment, its client order ids and
// price rule, its margin asset. Everything else comes from ccxt (`exchange.has`, markets), so a ccxt venue
// without a profile here runs on the default profile: configuration, not code.
import { createHash } from "node:crypto";
import type { Exchange } from "ccxt";
import { privateKeyToAccount } from "viem/accounts";
import { multiplyDecimals } from "../../decimal";
import type { LiveVenueConfig } from "../../config";
import type { MarginAsset } from "../venue";
import type { VenueCredentials } from "./credentials";

export interface LiveVenueProfile {
  /** How ccxt reaches the venue's test network: its sandbox URLs, or the venue's demo environment (Binance futures). */
  testnet: "sandbox" | "demo";
  /** The asset margin is counted in: preferred when a base settles in several. */
  marginAsset: MarginAsset;
  /** ccxt options for every client: fees and referrals off, only the markets the adapter lists. */
  options: Record<string, unknown>;
  /** Prices carry at most this many significant figures (whole digits always allowed). */
  significantFigures?: number;
  /** Extra order parameters for market-priced orders (ccxt turns a market order's price into a bound with its own slippage). */
  marketOrderParams?: Record<string, unknown>;
  /** The operator's broker id or referral code as ccxt options; absent: the venue takes none. */
  brokerOptions?(brokerId: string): Record<string, unknown>;
  /** The operator's builder fee as ccxt options; absent: the venue has no builder fees. */
  builderOptions?(fee: NonNullable<LiveVenueConfig["builderFee"]>): Record<string, unknown>;
  /** Turns off, on a client, what options cannot (called only when the operator set no builder fee). */
  withoutBuilderFee?(exchange: Exchange): void;
  /** Keeps, on a client under another base URL (VENUE_<NAME>_URL), what ccxt decides by the venue's host names. */
  underOtherBase?(exchange: Exchange): void;
  /** What a balance read cannot tell about an account's credentials (a problem in words), checked when an owner links them. */
  credentialProblem?(client: Exchange, credentials: VenueCredentials): Promise<string | undefined>;
  /** The venue's client order id for ours: deterministic (a retry names the same order), in the venue's format. */
  clientOrderId(ours: string, brokerId: string | undefined): string;
}

/** The first `chars` hex digits of the SHA-256 of a client order id. */
const digest = (ours: string, chars: number) => createHash("sha256").update(ours).digest("hex").slice(0, chars);

/** Hyperliquid's ccxt class approves its own builder (at 0% when told so) and attaches it to every order; this does neither. */
function withoutHyperliquidBuilder(exchange: Exchange): void {
  Object.assign(exchange, { handleBuilderFeeApproval: async () => true });
}

/**
 * Hyperliquid reads balances by address alone, so a balance read proves nothing of the key: the key must
 * be an API wallet the account approved (listed by `extraAgents`), never the account's own key.
 */
async function hyperliquidAgentProblem(client: Exchange, credentials: VenueCredentials): Promise<string | undefined> {
  const key = (credentials.privateKey ?? "").replace(/^(0x)?/, "0x");
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) return "the private key is not a 32-byte hex key";
  const agent = privateKeyToAccount(key as `0x${string}`).address.toLowerCase();
  const account = credentials.walletAddress?.toLowerCase();
  if (agent === account) return "the private key is the account's own: link an API wallet's key instead (Hyperliquid: More → API)";
  const info = client as Exchange & { publicPostInfo(request: Record<string, unknown>): Promise<unknown> };
  const agents = await info.publicPostInfo({ type: "extraAgents", user: account });
  const approved = Array.isArray(agents) && agents.some((a: { address?: string }) => a.address?.toLowerCase() === agent);
  return approved ? undefined : `the API wallet ${agent} is not approved for the account ${account} (or its approval expired)`;
}

const HYPERLIQUID: LiveVenueProfile = {
  testnet: "sandbox",
  marginAsset: "USDC",
  // refSet: no setReferrer action; approvedBuilderFee false with the approval turned off: no builder field on orders.
  options: { refSet: true, builderFee: false, approvedBuilderFee: false, fetchMarkets: { types: ["swap"] } },
  significantFigures: 5,
  // ccxt widens a market order's price by its default slippage (5%); the adapter's price is already the bound.
  marketOrderParams: { slippage: "0" },
  brokerOptions: (code) => ({ ref: code, refSet: false }),
  builderOptions: ({ address, bps }) => ({
    builder: address,
    builderFee: true,
    approvedBuilderFee: false,
    // ccxt approves up to `feeRate` (a percentage) and charges `feeInt` (tenths of a basis point).
    feeRate: `${multiplyDecimals(bps, "0.01")}%`,
    feeInt: Number(multiplyDecimals(bps, "10")),
  }),
  withoutBuilderFee: withoutHyperliquidBuilder,
  credentialProblem: hyperliquidAgentProblem,
  // A cloid is 16 bytes in hex.
  clientOrderId: (ours) => `0x${digest(ours, 32)}`,
};

const BINANCE_CLIENT_ID_MAX = 36;

/**
 * ccxt applies Binance's USDⓈ-M error codes (-2019 margin, -4164 notional, -2022 reduce-only, -5022
 * post-only…) only to URLs under Binance's own futures hosts; under a proxy or a fake they would surface
 * as bare ExchangeErrors. This gives the client the table it uses on Binance.
 */
export function withUsdmErrorTable<T extends Exchange>(exchange: T): T {
  const linear = exchange.exceptions.linear as { exact: Record<string, unknown>; broad: Record<string, unknown> };
  exchange.exceptions.exact = { ...exchange.exceptions.exact, ...linear.exact };
  exchange.exceptions.broad = { ...exchange.exceptions.broad, ...linear.broad };
  return exchange;
}

const BINANCE_USDM: LiveVenueProfile = {
  // Binance retired the futures sandbox ccxt's sandbox mode points at; its demo environment replaced it.
  testnet: "demo",
  marginAsset: "USDT",
  // The adapter always sends a client order id, so ccxt adds no broker prefix (options.broker) of its own.
  options: { fetchCurrencies: false, warnOnFetchOpenOrdersWithoutSymbol: false },
  brokerOptions: (id) => ({ broker: { swap: id, future: id } }),
  underOtherBase: withUsdmErrorTable,
  clientOrderId: (ours, brokerId = "") => `${brokerId}${digest(ours, Math.min(32, BINANCE_CLIENT_ID_MAX - brokerId.length))}`,
};

/** For a ccxt venue without a profile: ccxt's own defaults, client order ids of 32 hex digits. */
export const DEFAULT_PROFILE: LiveVenueProfile = {
  testnet: "sandbox",
  marginAsset: "USDC",
  options: {},
  clientOrderId: (ours) => digest(ours, 32),
};

export const PROFILES: Readonly<Record<string, LiveVenueProfile>> = { hyperliquid: HYPERLIQUID, binanceusdm: BINANCE_USDM };

export function profileOf(venue: string): LiveVenueProfile {
  return PROFILES[venue] ?? DEFAULT_PROFILE;
}
