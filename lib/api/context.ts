import type { HttpBindings } from "@hono/node-server";
import type { Config } from "../config";
import type { Clock } from "../clock";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../log";
import type { ClusterRuntime } from "../cluster/runtime";
import type { VenueHosting } from "../cluster/venue-host";
import type { KeyUsage } from "../auth/key-usage";
import type { AgentKeyCache, AgentPrincipal } from "../auth/agent-keys";
import type { SwapService } from "../swap/service";
import type { SearchPrincipal } from "../auth/search-keys";
import type { SignInThrottle } from "../auth/sign-in-throttle";
import type { RateLimitDecision } from "../http/rate-limit";
import type { SearchRateLimiter } from "./search/rate-limit";
import type { Scraper } from "../web/types";
import type { Venue } from "../venues/venue";
import type { SimExchange } from "../venues/sim/exchange";
import type { TradingService } from "../trading/execution/service";
import type { VenueAccounts } from "../venues/accounts/service";

/** What every route may use; built once per process (or per test) and handed to createApi. */
export interface ApiDeps {
  config: Config;
  database: DatabaseHandle;
  /** This instance in its deployment: the Redis link (when REDIS_URL) and the change bus. */
  cluster: ClusterRuntime;
  log: Logger;
  clock: Clock;
  /** Seals server-held secrets; BOURSE_SECRET or the one generated in the data folder. */
  secret: string;
  /** Verified agent keys, per instance, forgetting revoked and rolled keys as the cluster bus announces them (lib/auth/key-cache). */
  agentKeyCache: AgentKeyCache;
  /** Requests per agent key, counted here and added to the keys' rows every few seconds (lib/auth/key-usage). */
  keyUsage: KeyUsage;
  /** When this instance started, in ms since epoch (for uptime). */
  startedAt: number;
  /** Quotes, prepares, executes and follows swaps (lib/swap). */
  swap: SwapService;
  /** The dashboard's password sign-in failures, per account and per address; across the deployment with Redis. */
  signInThrottle: SignInThrottle;
  /** The search API's per-client request windows; across the deployment with Redis. */
  searchRateLimiter: SearchRateLimiter;
  /** Fetches and extracts pages under the server's fetch policy (lib/web). */
  scraper: Scraper;
  /** The trading venues (lib/venues): the three simulated ones by default; empty when VENUES=off. */
  venues: readonly Venue[];
  /** The simulator behind the embedded venues, for tests that drive time; undefined when VENUES=off. */
  exchange: SimExchange | undefined;
  /** Orders, positions, pairs, risk policy and kill switch over the venues (lib/trading); one per process. */
  trading: TradingService;
  /** Whether this instance runs the venues, and its mirror of the host's when it does not (lib/cluster). */
  hosting: VenueHosting;
  /** Owners' linked accounts on the real venues, and the directory the venue host reads them from (lib/venues/accounts). */
  venueAccounts: VenueAccounts;
}

export type AppEnv = {
  // Present behind @hono/node-server (the real server); absent for in-process calls (app.request).
  Bindings: Partial<HttpBindings>;
  Variables: {
    deps: ApiDeps;
    requestId: string;
    /** Set by requireOwner: the owner an owner token speaks for. */
    ownerId: string;
    /** Set by requireAgentKey: the key and owner behind the call. */
    agent: AgentPrincipal;
    /** Set by the search API's key guard: the key, its plan and balance. */
    searchKey: SearchPrincipal;
    /** Set on the search API's rate-limited routes: this request's window. */
    rateLimit: RateLimitDecision | undefined;
  };
};
