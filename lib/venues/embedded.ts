import type { Config } from "../config";
import type { Clock } from "../clock";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../log";
import { parseAtoms } from "../engine/accounts/market-units";
import { SimExchange } from "./sim/exchange";
import { createVenueStore } from "./sim/store";
import type { Venue } from "./venue";

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
export async function startVenues(input: { config: Config; database: DatabaseHandle; clock: Clock; log: Logger }): Promise<RunningVenues> {
  const { config, database, clock, log } = input;
  if (config.venues.mode === "off") return { venues: [], exchange: undefined, stop: async () => {} };
  const started = Date.now();
  const exchange = await SimExchange.open({
    seed: config.venues.seed,
    now: () => clock.now(),
    store: createVenueStore(database.db),
    paperBalance: parseAtoms(config.venues.paperBalanceUsdc),
    onError: (err, what) => log.error({ err }, `venues: ${what} failed`),
  });
  exchange.start();
  log.info({ venues: exchange.venues.map((v) => v.name), ms: Date.now() - started }, "venues ready");
  return { venues: exchange.venues, exchange, stop: () => exchange.stop() };
}
