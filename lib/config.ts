import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { parseAllowEntry } from "./net/allowlist";

/**
 * Every environment variable Bourse reads, validated once. `.env.example` documents each one;
 * keep the two in step.
 */
// anvil's first two dev accounts (public, well-known keys): the deployer and the bridge relayer on local chains.
const ANVIL_DEV_KEYS = [
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
] as const;
const privateKey = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex private key")
  .transform((k) => k as `0x${string}`);

const usd = z.string().regex(/^\d+(\.\d{1,6})?$/, "must be a decimal number of US dollars with at most 6 decimals");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, "must be 1-64 letters, digits or : _ . -")
    .default("bourse:"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  API_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  WEB_FETCH_ALLOW: z
    .string()
    .default("")
    .refine((v) => csv(v).every((entry) => parseAllowEntry(entry) !== undefined), "entries must be address:port, [ipv6]:port, an address or a CIDR block"),
  WEB_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  WEB_FETCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  WEB_CRAWL_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(4),
  WEB_EXTRACT_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  WEB_EXTRACT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  BOURSE_API_URL: z.url().optional(),
  BOURSE_SEARCH_API_URL: z.url().optional(),
  BOURSE_SEARCH_API_AUDIENCE: z.string().min(1).optional(),
  BOURSE_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  OWNER_JWT_ISSUER: z.string().min(1).optional(),
  OWNER_JWT_AUDIENCE: z.string().min(1).default("bourse-api"),
  OWNER_JWT_JWKS_URL: z.url().optional(),
  OWNER_JWT_ALGORITHMS: z.string().default("EdDSA"),
  TRUSTED_PROXIES: z.string().default(""),
  SIWE_RPC_URL: z.url().optional(),
  LOCAL_CHAINS: z.enum(["embedded", "rpc", "off"]).optional(),
  CHAIN_A_RPC_URL: z.url().optional(),
  CHAIN_B_RPC_URL: z.url().optional(),
  ANVIL_PORT_A: z.coerce.number().int().min(0).max(65535).default(8545),
  ANVIL_PORT_B: z.coerce.number().int().min(0).max(65535).default(8546),
  ANVIL_BLOCK_TIME: z.coerce.number().min(0).max(60).default(0),
  CHAIN_DEPLOYER_PRIVATE_KEY: privateKey.default(ANVIL_DEV_KEYS[0]),
  BRIDGE_RELAYER_PRIVATE_KEY: privateKey.default(ANVIL_DEV_KEYS[1]),
  BRIDGE_CONFIRMATIONS: z.coerce.number().int().min(1).max(64).default(1),
  BRIDGE_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  SWAP_PROVIDER: z.enum(["local", "lifi"]).default("local"),
  SWAP_MAX_NOTIONAL_USD: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "must be a decimal number of US dollars")
    .default("50000"),
  SWAP_RPC_URLS: z.string().default(""),
  LIFI_API_URL: z.url().default("https://li.quest/v1"),
  LIFI_API_KEY: z.string().min(1).optional(),
  LIFI_INTEGRATOR: z.string().min(1).default("bourse"),
  BOURSE_ADMINS: z
    .string()
    .default("")
    .refine((v) => !v.includes("@"), "name administrators by wallet address (0x…) or owner id: emails are not verified here, so an email proves nothing"),
  SEARCH_PROVIDER: z.enum(["index", "searxng", "brave"]).default("index"),
  SEARXNG_URL: z.url().optional(),
  BRAVE_SEARCH_API_KEY: z.string().min(1).optional(),
  BRAVE_SEARCH_URL: z.url().default("https://api.search.brave.com"),
  VENUES: z
    .string()
    .optional()
    .transform((v) => (v === undefined ? undefined : csv(v.toLowerCase())))
    .refine(
      (names) => names === undefined || names.every((n) => n === "embedded" || n === "off" || VENUE_ID.test(n)),
      "entries must be embedded, off or ccxt exchange ids (e.g. hyperliquid,binanceusdm)",
    )
    .refine((names) => names === undefined || !names.includes("off") || names.length === 1, "off stands alone")
    .refine((names) => names === undefined || new Set(names).size === names.length, "a venue is named twice"),
  VENUE_STALE_AFTER_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
  VENUE_POLL_MS: z.coerce.number().int().min(250).max(60_000).default(2_000),
  SIM_SEED: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(1),
  VENUE_PAPER_BALANCE_USDC: z
    .string()
    .regex(/^\d+(\.\d{1,6})?$/, "must be a decimal number of USDC with at most 6 decimals")
    .default("100000"),
  VENUE_LATENCY: z.enum(["simulated", "none"]).default("simulated"),
  RISK_MAX_ORDER_NOTIONAL_USD: usd.default("250000"),
  RISK_MAX_POSITION_NOTIONAL_USD: usd.default("500000"),
  RISK_MAX_TOTAL_NOTIONAL_USD: usd.default("1000000"),
  RISK_DAILY_LOSS_USD: usd.default("50000"),
  RISK_MAX_LEVERAGE: z.coerce.number().int().min(1).max(100).default(20),
  RISK_MAX_LEVERAGE_BY_SYMBOL: z.string().default(""),
  RISK_PRICE_COLLAR: z.coerce.number().gt(0).max(1).default(0.1),
  RISK_MAX_OPEN_ORDERS: z.coerce.number().int().min(0).max(100_000).default(200),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string | undefined;
  /** Origin people and clients use to reach this deployment; used in links such as documentation_url. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** With DATABASE_URL: instances sharing this Redis (and prefix) form one deployment (lib/cluster). */
  redis: { url: string; prefix: string } | undefined;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  apiBodyLimitBytes: number;
  /** Fetching web pages for scrapes: the private-address exceptions, timeout, body cap, crawl concurrency. */
  webFetch: { allow: string[]; timeoutMs: number; maxBodyBytes: number; crawlConcurrency: number };
  /** Reading fetched pages: extraction threads and the longest one page may take (lib/web/extract/extraction-pool.ts). */
  webExtract: { threads: number; timeoutMs: number };
  /** Where the dashboard finds the trading API; itself by default. */
  tradingApiUrl: string;
  /** True when BOURSE_API_URL points the dashboard at another deployment: it cannot mint that API's owner tokens. */
  remoteTradingApi: boolean;
  /** Where the dashboard finds the search API; itself by default. */
  searchApiUrl: string;
  /**
   * Audience of the owner tokens the dashboard mints for the search API: ours for itself; for a remote
   * one (BOURSE_SEARCH_API_URL) BOURSE_SEARCH_API_AUDIENCE or that URL's origin, never ours, so a
   * token sent there is refused here.
   */
  searchApiAudience: string;
  /** From BOURSE_SECRET; when absent the server generates one in the data folder (lib/crypto/server-secret). */
  secret: string | undefined;
  ownerJwt: {
    issuer: string;
    audience: string;
    /** When set, owner tokens come from this external issuer's JWKS instead of our own keys. */
    jwksUrl: string | undefined;
    algorithms: string[];
  };
  /** Addresses or CIDR blocks of proxies whose X-Forwarded-For is believed. */
  trustedProxies: string[];
  /** RPC used to verify Sign-In with Ethereum signatures from contract wallets (EOAs need none). */
  siweRpcUrl: string | undefined;
  chains: ChainsConfig;
  swap: SwapConfig;
  /** Administrators, who set search plans and add credits: proven identities only (owner ids, signed-in wallets). */
  admins: Administrators;
  /** Where searches go: the embedded index of scraped pages, a SearXNG instance or Brave Search. */
  search: { provider: "index" | "searxng" | "brave"; searxngUrl: string | undefined; braveApiKey: string | undefined; braveUrl: string };
  venues: VenuesConfig;
  risk: RiskConfig;
}

/**
 * The operator's pre-trade risk limits (lib/trading/execution/risk): the ceiling every key trades under. Owners
 * may tighten them per key; nothing loosens them. Never shown by any endpoint.
 */
export interface RiskConfig {
  /** US dollars as decimal strings. */
  maxOrderNotionalUsd: string;
  /** Per symbol, worst case (open orders filled). */
  maxPositionNotionalUsd: string;
  /** Across symbols and venues, worst case. */
  maxTotalNotionalUsd: string;
  /** Equity lost since 00:00 UTC that stops new risk-adding orders. */
  dailyLossUsd: string;
  /** Leverage allowed when none is set for the symbol (never above the market's own maximum). */
  maxLeverage: number;
  maxLeverageBySymbol: Readonly<Record<string, number>>;
  /** Limit prices and triggers must lie within this fraction of the mark. */
  priceCollar: number;
  /** Live orders per owner across venues. */
  maxOpenOrders: number;
}

/** The trading venues (lib/venues). */
export interface VenuesConfig {
  /** Whether the three simulated venues run in this process (VENUES names `embedded`, the default). */
  embedded: boolean;
  /** The real venues VENUES names, in its order (none: VENUES=off or embedded alone; trading routes answer 503 with no venue at all). */
  live: readonly LiveVenueConfig[];
  /** A real venue with no market-data update for this long shows as stale and is left out of routing, ms. */
  staleAfterMs: number;
  /** How often a real venue's market data is polled where its websocket cannot serve it, ms. */
  pollMs: number;
  /** Seed of the market simulator: the same seed and clock give the same markets. */
  seed: number;
  /** Collateral every new owner receives on each venue, USDC as a decimal string. */
  paperBalanceUsdc: string;
  /** simulated: an order reaches the book after its venue's latency; none: at once (benchmarks of our own path). */
  latency: "simulated" | "none";
}

/** A real venue reached through ccxt (lib/venues/live): VENUE_<NAME>_* for the venue named in VENUES. */
export interface LiveVenueConfig {
  /** ccxt's exchange id, e.g. hyperliquid or binanceusdm. */
  name: string;
  /** testnet (ccxt's sandbox, or the venue's demo environment) unless mainnet is asked for. */
  network: "testnet" | "mainnet";
  /** Every endpoint of the venue under this origin instead (a local fake or a proxy); websockets derived (http → ws). */
  url: string | undefined;
  /** The operator's broker id or referral code, sent with orders; none unless set. */
  brokerId: string | undefined;
  /** The operator's builder fee on every order (venues that have builder fees); none unless set. */
  builderFee: { address: string; bps: string } | undefined;
}

/** How the server reaches its two EVM chains (lib/chain). */
export interface ChainsConfig {
  /** embedded: the server runs anvil; rpc: chains at CHAIN_A_RPC_URL and CHAIN_B_RPC_URL; off: none. */
  mode: "embedded" | "rpc" | "off";
  rpcUrls: readonly [string | undefined, string | undefined];
  /** Ports of the embedded chains; 0 picks free ones. */
  anvilPorts: readonly [number, number];
  /** Seconds between blocks on embedded chains; 0 mines each transaction as it arrives. */
  blockTimeSeconds: number;
  deployerKey: `0x${string}`;
  relayerKey: `0x${string}`;
  /** Blocks, the deposit's included, before the relayer acts on a bridge deposit. */
  confirmations: number;
  /** How often the relayer looks for new deposits, ms. */
  pollMs: number;
}

/** Cross-chain swaps (lib/swap). */
export interface SwapConfig {
  provider: "local" | "lifi";
  /** Risk limit: the largest swap, valued in US dollars, a key may execute (decimal string). */
  maxNotionalUsd: string;
  /** RPC endpoints by chain id for chains other than the local ones (LI.FI routes: allowances, execution). */
  rpcUrls: Readonly<Record<number, string>>;
  lifi: { apiUrl: string; apiKey: string | undefined; integrator: string };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses an environment into a Config; throws ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new ConfigError(`Invalid environment:\n${problems}`);
  }
  const e = parsed.data;
  // PGlite admits one process per data folder: instances can share only a PostgreSQL.
  if (e.REDIS_URL !== undefined && e.DATABASE_URL === undefined)
    throw new ConfigError("Invalid environment:\n  REDIS_URL: instances form one deployment on a shared PostgreSQL; set DATABASE_URL too");
  const selfUrl = `http://localhost:${e.PORT}`;
  const publicUrl = trimSlash(e.PUBLIC_URL ?? selfUrl);
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redis: e.REDIS_URL === undefined ? undefined : { url: e.REDIS_URL, prefix: e.REDIS_PREFIX },
    logLevel: e.LOG_LEVEL,
    apiBodyLimitBytes: e.API_BODY_LIMIT_BYTES,
    webFetch: {
      allow: csv(e.WEB_FETCH_ALLOW),
      timeoutMs: e.WEB_FETCH_TIMEOUT_MS,
      maxBodyBytes: e.WEB_FETCH_MAX_BYTES,
      crawlConcurrency: e.WEB_CRAWL_CONCURRENCY,
    },
    // One thread fewer than the cores by default (the server's own thread keeps one), at least one.
    webExtract: { threads: e.WEB_EXTRACT_THREADS ?? Math.max(1, availableParallelism() - 1), timeoutMs: e.WEB_EXTRACT_TIMEOUT_MS },
    tradingApiUrl: trimSlash(e.BOURSE_API_URL ?? `${selfUrl}/api`),
    remoteTradingApi: e.BOURSE_API_URL !== undefined,
    searchApiUrl: trimSlash(e.BOURSE_SEARCH_API_URL ?? `${selfUrl}/api/web`),
    searchApiAudience: searchApiAudience(e),
    secret: e.BOURSE_SECRET,
    ownerJwt: {
      issuer: e.OWNER_JWT_ISSUER ?? publicUrl,
      audience: e.OWNER_JWT_AUDIENCE,
      jwksUrl: e.OWNER_JWT_JWKS_URL,
      algorithms: csv(e.OWNER_JWT_ALGORITHMS),
    },
    trustedProxies: csv(e.TRUSTED_PROXIES),
    siweRpcUrl: e.SIWE_RPC_URL,
    chains: chainsConfig(e),
    swap: {
      provider: e.SWAP_PROVIDER,
      maxNotionalUsd: e.SWAP_MAX_NOTIONAL_USD,
      rpcUrls: rpcUrlsByChain(e.SWAP_RPC_URLS),
      lifi: { apiUrl: trimSlash(e.LIFI_API_URL), apiKey: e.LIFI_API_KEY, integrator: e.LIFI_INTEGRATOR },
    },
    admins: administrators(csv(e.BOURSE_ADMINS)),
    search: { provider: e.SEARCH_PROVIDER, searxngUrl: e.SEARXNG_URL, braveApiKey: e.BRAVE_SEARCH_API_KEY, braveUrl: e.BRAVE_SEARCH_URL },
    // Tests that trade ask for the venues (VENUES=embedded); the rest skip the simulator's start-up.
    venues: venuesConfig(e, env),
    risk: {
      maxOrderNotionalUsd: e.RISK_MAX_ORDER_NOTIONAL_USD,
      maxPositionNotionalUsd: e.RISK_MAX_POSITION_NOTIONAL_USD,
      maxTotalNotionalUsd: e.RISK_MAX_TOTAL_NOTIONAL_USD,
      dailyLossUsd: e.RISK_DAILY_LOSS_USD,
      maxLeverage: e.RISK_MAX_LEVERAGE,
      maxLeverageBySymbol: leverageBySymbol(e.RISK_MAX_LEVERAGE_BY_SYMBOL),
      priceCollar: e.RISK_PRICE_COLLAR,
      maxOpenOrders: e.RISK_MAX_OPEN_ORDERS,
    },
  });
}

let cached: Config | undefined;

/** The process's configuration, parsed from process.env on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

function chainsConfig(e: z.infer<typeof envSchema>): ChainsConfig {
  // Tests start their own chains where they need them; everything else runs anvil unless told otherwise.
  const mode = e.LOCAL_CHAINS ?? (e.NODE_ENV === "test" ? "off" : e.CHAIN_A_RPC_URL || e.CHAIN_B_RPC_URL ? "rpc" : "embedded");
  if (mode === "rpc" && (!e.CHAIN_A_RPC_URL || !e.CHAIN_B_RPC_URL)) {
    throw new ConfigError("Invalid environment:\n  LOCAL_CHAINS=rpc needs both CHAIN_A_RPC_URL and CHAIN_B_RPC_URL");
  }
  const rpcUrls = [e.CHAIN_A_RPC_URL, e.CHAIN_B_RPC_URL];
  // anvil's keys are public: on any chain but one on this machine, whatever they hold is anyone's.
  if (mode === "rpc" && !rpcUrls.every(isLoopbackUrl)) {
    const named = (["CHAIN_DEPLOYER_PRIVATE_KEY", "BRIDGE_RELAYER_PRIVATE_KEY"] as const).filter((k) =>
      ANVIL_DEV_KEYS.some((dev) => dev === e[k].toLowerCase()),
    );
    if (named.length > 0) {
      throw new ConfigError(
        `Invalid environment:\n  ${named.join(", ")}: anvil's well-known development keys cannot sign on chains reached over the network (LOCAL_CHAINS=rpc); set keys of your own`,
      );
    }
  }
  return {
    mode,
    rpcUrls: [e.CHAIN_A_RPC_URL, e.CHAIN_B_RPC_URL],
    anvilPorts: [e.ANVIL_PORT_A, e.ANVIL_PORT_B],
    blockTimeSeconds: e.ANVIL_BLOCK_TIME,
    deployerKey: e.CHAIN_DEPLOYER_PRIVATE_KEY,
    relayerKey: e.BRIDGE_RELAYER_PRIVATE_KEY,
    confirmations: e.BRIDGE_CONFIRMATIONS,
    pollMs: e.BRIDGE_POLL_MS,
  };
}

/** ccxt's exchange ids: lower-case letters and digits (whether ccxt has the id is checked at start, lib/venues/live). */
const VENUE_ID = /^[a-z][a-z0-9]*$/;

function venuesConfig(e: z.infer<typeof envSchema>, env: Record<string, string | undefined>): VenuesConfig {
  // Tests that trade ask for the venues (VENUES=embedded); the rest skip the simulator's start-up.
  const names = e.VENUES ?? [e.NODE_ENV === "test" ? "off" : "embedded"];
  return {
    embedded: names.includes("embedded"),
    live: names.filter((n) => n !== "embedded" && n !== "off").map((name) => liveVenueConfig(name, stripEmpty(env))),
    staleAfterMs: e.VENUE_STALE_AFTER_MS,
    pollMs: e.VENUE_POLL_MS,
    seed: e.SIM_SEED,
    paperBalanceUsdc: e.VENUE_PAPER_BALANCE_USDC,
    latency: e.VENUE_LATENCY,
  };
}

const liveVenueSchema = z.object({
  NETWORK: z.enum(["testnet", "mainnet"]).default("testnet"),
  URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .transform((u) => (u === undefined ? undefined : trimSlash(u))),
  BROKER_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, "must be 1-32 letters, digits, _ or -")
    .optional(),
  BUILDER: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, "must be the builder's 0x address")
    .optional(),
  BUILDER_FEE_BPS: z
    .string()
    .regex(/^\d+(\.\d)?$/, "must be basis points with at most one decimal (e.g. 0.5)")
    .optional(),
});

function liveVenueConfig(name: string, env: Record<string, string>): LiveVenueConfig {
  const prefix = `VENUE_${name.toUpperCase()}_`;
  const own = Object.fromEntries(Object.entries(env).flatMap(([k, v]) => (k.startsWith(prefix) ? [[k.slice(prefix.length), v]] : [])));
  const parsed = liveVenueSchema.safeParse(own);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${prefix}${i.path.join(".")}: ${i.message}`).join("\n");
    throw new ConfigError(`Invalid environment:\n${problems}`);
  }
  const v = parsed.data;
  if ((v.BUILDER === undefined) !== (v.BUILDER_FEE_BPS === undefined))
    throw new ConfigError(`Invalid environment:\n  ${prefix}BUILDER and ${prefix}BUILDER_FEE_BPS go together (the builder's address and its fee)`);
  return {
    name,
    network: v.NETWORK,
    url: v.URL,
    brokerId: v.BROKER_ID,
    builderFee: v.BUILDER === undefined ? undefined : { address: v.BUILDER, bps: v.BUILDER_FEE_BPS! },
  };
}

function searchApiAudience(e: z.infer<typeof envSchema>): string {
  if (!e.BOURSE_SEARCH_API_URL) return e.OWNER_JWT_AUDIENCE;
  const audience = e.BOURSE_SEARCH_API_AUDIENCE ?? new URL(e.BOURSE_SEARCH_API_URL).origin;
  if (audience === e.OWNER_JWT_AUDIENCE) {
    throw new ConfigError(
      "Invalid environment:\n  BOURSE_SEARCH_API_AUDIENCE: tokens for the remote search API must not carry this deployment's OWNER_JWT_AUDIENCE",
    );
  }
  return audience;
}

function isLoopbackUrl(url: string | undefined): boolean {
  if (!url) return false;
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** "1=https://…,42161=https://…" → { 1: "https://…", 42161: "https://…" } */
function rpcUrlsByChain(value: string): Record<number, string> {
  const out: Record<number, string> = {};
  for (const entry of csv(value)) {
    const match = /^(\d+)=(https?:\/\/\S+)$/.exec(entry);
    if (!match) throw new ConfigError(`Invalid environment:\n  SWAP_RPC_URLS: "${entry}" is not chainId=http(s)://url`);
    out[Number(match[1])] = match[2]!;
  }
  return out;
}

/** "BTC-USD=25,ETH-USD=25" → { "BTC-USD": 25, "ETH-USD": 25 } */
function leverageBySymbol(value: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const entry of csv(value)) {
    const match = /^([A-Z0-9]+-[A-Z]+)=(\d{1,3})$/.exec(entry);
    if (!match || Number(match[2]) < 1)
      throw new ConfigError(`Invalid environment:\n  RISK_MAX_LEVERAGE_BY_SYMBOL: "${entry}" is not SYMBOL=leverage (e.g. BTC-USD=25)`);
    out[match[1]!] = Number(match[2]);
  }
  return out;
}

function stripEmpty(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v !== "") out[k] = v;
  return out;
}

/** BOURSE_ADMINS entries: wallet addresses (lower-case; a wallet is linked only after its signature verifies) and owner ids. */
export interface Administrators {
  ownerIds: readonly string[];
  wallets: readonly string[];
}

const WALLET_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function administrators(entries: string[]): Administrators {
  return {
    wallets: entries.filter((e) => WALLET_ADDRESS.test(e)).map((e) => e.toLowerCase()),
    ownerIds: entries.filter((e) => !WALLET_ADDRESS.test(e)),
  };
}

function csv(value: string): string[] {
  return value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
