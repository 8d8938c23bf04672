import type { Config } from "../config";
import type { Clock } from "../clock";
import type { DatabaseHandle } from "../db/client";
import { GroupCommit } from "../db/group-commit";
import type { Logger } from "../log";
import { parseAtoms } from "../engine/accounts/market-units";
import { SimExchange } from "./sim/exchange";
import { createVenueStore } from "./sim/store";
import type { Venue } from "./venue";
import { VENUES } from "./catalog";
import type { CcxtVenue } from "./live/ccxt-venue";
import type { VenueAccountDirectory } from "./live/credentials";

export interface RunningVenues {
  /** The simulated venues (VENUES names embedded), then the real ones in VENUES's order. */
  venues: readonly Venue[];
  /** The simulator behind the embedded venues; undefined when they do not run. */
  exchange: SimExchange | undefined;
  stop(): Promise<void>;
}

/**
 * Opens the venues VENUES names: the embedded exchange where it stood (owners' state from the database,
 * the market from its checkpoint), following the clock; and the real venues (lib/venues/live).
 */
export async function startVenues(input: VenueInputs): Promise<RunningVenues> {
  const { config, database, log } = input;
  if (embeddedVenueNames(config).length === 0) return NO_VENUES;
  // One venue host per database: a second instance on the same PostgreSQL would trade owners' accounts twice.
  const release = await database.tryHoldLock(VENUE_HOST_LOCK);
  if (release === null) {
    log.warn("venues: another instance runs the venues on this database; this one serves none (trading answers 503)");
    return NO_VENUES;
  }
  return openVenues(input, release);
}

type VenueInputs = {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  log: Logger;
  /** The host's group commit, shared with the trading records; a new one when absent. */
  writes?: GroupCommit;
  /** Where the real venues find owners' linked accounts; without it their account calls answer ACCOUNT_NOT_LINKED. */
  accounts?: VenueAccountDirectory;
};

/** The names of the venues the host runs (simulated, then real), known before any is open (a follower mirrors them by name). */
export const embeddedVenueNames = (config: Config): string[] => [
  ...(config.venues.embedded ? VENUES.map((v) => v.name) : []),
  ...config.venues.live.map((v) => v.name),
];

/** Opens the venues for the holder of VENUE_HOST_LOCK; `release` gives the lock up when they stop. */
export async function openVenues(input: VenueInputs, release: () => Promise<void>): Promise<RunningVenues> {
  const { config, clock, log } = input;
  const started = Date.now();
  let exchange: SimExchange | undefined;
  let live: CcxtVenue[] = [];
  try {
    exchange = config.venues.embedded ? await openSimulator(input) : undefined;
    // ccxt loads only where real venues run.
    if (config.venues.live.length > 0)
      live = await (await import("./live/open")).openLiveVenues({ config, now: () => clock.now(), log, accounts: input.accounts });
  } catch (err) {
    await exchange?.stop();
    await release();
    throw err;
  }
  const venues = [...(exchange?.venues ?? []), ...live];
  log.info({ venues: venues.map((v) => v.name), ms: Date.now() - started }, "venues ready");
  return {
    venues,
    exchange,
    stop: once(async () => {
      await Promise.allSettled([exchange?.stop(), ...live.map((v) => v.stop())]);
      await release();
    }),
  };
}

/** The embedded exchange, started; it halts when the group commit does. */
async function openSimulator(input: VenueInputs): Promise<SimExchange> {
  const { config, database, clock, log } = input;
  const writes = input.writes ?? new GroupCommit(database.db);
  const exchange = await SimExchange.open({
    seed: config.venues.seed,
    now: () => clock.now(),
    store: createVenueStore(database.db, writes),
    paperBalance: parseAtoms(config.venues.paperBalanceUsdc),
    simulateLatency: config.venues.latency === "simulated",
    onError: (err, what) => log.error({ err }, `venues: ${what} failed`),
  });
  // A batch that failed to commit leaves memory ahead of the database: stop serving rather than drift.
  writes.onHalt((err) => {
    log.error({ err }, "venues: owners' changes could not be stored; the venues stopped (restart to reopen them from the database)");
    exchange.halt(writes.failure!);
  });
  exchange.start();
  return exchange;
}

/** A stop that may be called more than once (a test's cleanup after the test stopped it). */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

/** Held by the one instance that runs the venues (simulated and real): the venue host. */
export const VENUE_HOST_LOCK = "bourse:simulated-venues";
const NO_VENUES: RunningVenues = { venues: [], exchange: undefined, stop: async () => {} };
