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

export interface RunningVenues {
  venues: readonly Venue[];
  /** The simulator behind the embedded venues; undefined when venues are off. */
  exchange: SimExchange | undefined;
  stop(): Promise<void>;
}

/**
 * Opens the embedded exchange where it stood (owners' state from the database, the market from its
 * checkpoint) and lets it follow the clock.
 */
export async function startVenues(input: VenueInputs): Promise<RunningVenues> {
  const { config, database, log } = input;
  if (config.venues.mode === "off") return NO_VENUES;
  // One simulator per database: a second instance on the same PostgreSQL would trade owners' accounts twice.
  const release = await database.tryHoldLock(VENUE_HOST_LOCK);
  if (release === null) {
    log.warn("venues: another instance runs the simulated venues on this database; this one serves none (trading answers 503)");
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
};

/** The embedded venues' names, known before any is open (a follower mirrors them by name). */
export const embeddedVenueNames = (config: Config): string[] => (config.venues.mode === "off" ? [] : VENUES.map((v) => v.name));

/** Opens the venues for the holder of VENUE_HOST_LOCK; `release` gives the lock up when they stop. */
export async function openVenues(input: VenueInputs, release: () => Promise<void>): Promise<RunningVenues> {
  const { config, database, clock, log } = input;
  const writes = input.writes ?? new GroupCommit(database.db);
  const started = Date.now();
  const exchange = await SimExchange.open({
    seed: config.venues.seed,
    now: () => clock.now(),
    store: createVenueStore(database.db, writes),
    paperBalance: parseAtoms(config.venues.paperBalanceUsdc),
    simulateLatency: config.venues.latency === "simulated",
    onError: (err, what) => log.error({ err }, `venues: ${what} failed`),
  }).catch(async (err: unknown) => {
    await release();
    throw err;
  });
  // A batch that failed to commit leaves memory ahead of the database: stop serving rather than drift.
  writes.onHalt((err) => {
    log.error({ err }, "venues: owners' changes could not be stored; the venues stopped (restart to reopen them from the database)");
    exchange.halt(writes.failure!);
  });
  exchange.start();
  log.info({ venues: exchange.venues.map((v) => v.name), ms: Date.now() - started }, "venues ready");
  return {
    venues: exchange.venues,
    exchange,
    stop: once(async () => {
      await exchange.stop();
      await release();
    }),
  };
}

/** A stop that may be called more than once (a test's cleanup after the test stopped it). */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

/** Held by the one instance that runs the venues: the venue host. */
export const VENUE_HOST_LOCK = "bourse:simulated-venues";
const NO_VENUES: RunningVenues = { venues: [], exchange: undefined, stop: async () => {} };
