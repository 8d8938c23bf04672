import { parseArgs } from "node:util";
import { createMarketDataClient } from "../market-data";
import { createSearchClient } from "../search";
import { createSwapClient } from "../swap";
import { createTradingClient } from "../trading";

/** Every flag any command takes; each command reads the ones it knows. */
const OPTIONS = {
  url: { type: "string" },
  key: { type: "string" },
  "search-key": { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  depth: { type: "string" },
  group: { type: "string" },
  interval: { type: "string" },
  count: { type: "string" },
  status: { type: "string" },
  symbol: { type: "string" },
  venue: { type: "string" },
  limit: { type: "string" },
  stop: { type: "string" },
  slippage: { type: "string" },
  "reduce-only": { type: "boolean" },
  "dry-run": { type: "boolean" },
  "idempotency-key": { type: "string" },
  all: { type: "boolean" },
  quantity: { type: "string" },
  notional: { type: "string" },
  leverage: { type: "string" },
  "from-chain": { type: "string" },
  "to-chain": { type: "string" },
  "from-token": { type: "string" },
  "to-token": { type: "string" },
  amount: { type: "string" },
  "from-address": { type: "string" },
  "to-address": { type: "string" },
  max: { type: "string" },
  "scrape-top": { type: "string" },
  follow: { type: "boolean" },
  "max-pages": { type: "string" },
  extract: { type: "string" },
} as const;

export type Flags = ReturnType<typeof parse>["values"];

/** A mistake in the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

const parse = (argv: string[]) => parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });

export function parseCommandLine(argv: string[]): { positionals: string[]; flags: Flags } {
  try {
    const { positionals, values } = parse(argv);
    return { positionals, flags: values };
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

export const DEFAULT_URL = "http://localhost:3000";

/** What a command runs with: its flags, and the clients of the deployment the flags or environment name. */
export interface CliContext {
  flags: Flags;
  /** The deployment's origin, e.g. http://localhost:3000 (--url, BOURSE_URL). */
  url: string;
  agentKey: string | undefined;
  searchKey: string | undefined;
  market: ReturnType<typeof createMarketDataClient>;
  trading: ReturnType<typeof createTradingClient>;
  swap: ReturnType<typeof createSwapClient>;
  search: ReturnType<typeof createSearchClient>;
  signal: AbortSignal;
}

export function cliContext(flags: Flags, env: NodeJS.ProcessEnv, signal: AbortSignal): CliContext {
  const url = (flags.url ?? env.BOURSE_URL ?? DEFAULT_URL).replace(/\/+$/, "");
  const agentKey = flags.key ?? env.BOURSE_KEY;
  const searchKey = flags["search-key"] ?? env.BOURSE_SEARCH_KEY;
  const trading = { baseUrl: `${url}/api`, token: agentKey, timeoutMs: 30_000 };
  return {
    flags,
    url,
    agentKey,
    searchKey,
    market: createMarketDataClient({ baseUrl: `${url}/api` }),
    trading: createTradingClient(trading),
    swap: createSwapClient(trading),
    search: createSearchClient({ baseUrl: `${url}/api/web`, token: searchKey, timeoutMs: 200_000 }),
    signal,
  };
}

/** A flag or argument as a number; a UsageError naming it otherwise. */
export function numberArg(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new UsageError(`${name} must be a number, got ${JSON.stringify(value)}`);
  return n;
}

/** The positional argument at `index`, or a UsageError saying what it is. */
export function required(positionals: readonly string[], index: number, what: string): string {
  const value = positionals[index];
  if (value === undefined) throw new UsageError(`missing ${what}`);
  return value;
}

/** `{ [key]: value }` when the value was given, else nothing: for spreading optional fields into a request. */
export function given<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;
}

/** A command's answer: the JSON --json prints, and the lines printed otherwise. */
export interface Output {
  json: unknown;
  text: string;
}
