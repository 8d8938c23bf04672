import type { Config } from "../config";
import type { Logger } from "../log";
import { systemClock, type Clock } from "../clock";
import { openDatabase, targetFromConfig, type DatabaseTarget } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { loadServerSecret, ServerSecretError } from "../crypto/server-secret";
import { createKeyUsage } from "../auth/key-usage";
import { createAgentKeyCache } from "../auth/agent-keys";
import { ensureSigningKey, secretOpensSigningKey } from "../auth/owner-tokens";
import { createSignInThrottle } from "../auth/sign-in-throttle";
import type { ApiDeps } from "../api/context";
import { startSwapServices } from "../swap/services";
import { createSearchRateLimiter } from "../api/search/rate-limit";
import { startChargeSweeper } from "../billing/sweeper";
import { createExtractionPool } from "../web/extract/extraction-pool";
import { createScraper, fetchPolicyFromConfig } from "../web/scraper";
import { checkSearchProviderSettings } from "../web/search/providers";
import { startVenueHosting, type VenueHosting } from "../cluster/venue-host";
import { startCluster } from "../cluster/runtime";
import { windowCounterFor } from "../cluster/shared-windows";
import { failureStoreFor } from "../cluster/shared-sign-in-failures";
import type { VenueAccountCheck } from "../venues/live/credentials";
import { linkableVenues } from "../venues/accounts/linkable";
import { createVenueAccounts } from "../venues/accounts/service";
import { createAccountCheck } from "../venues/live/open";

export interface Services {
  deps: ApiDeps;
  stop(): Promise<void>;
}

/** Heap of each extraction thread: pages are capped at WEB_FETCH_MAX_BYTES (5 MiB by default); their trees take tens of times that at most. */
const EXTRACTION_HEAP_MB = 512;

/** Opens the database, applies migrations and assembles what the API needs. */
export async function startServices(input: {
  config: Config;
  log: Logger;
  clock?: Clock;
  database?: DatabaseTarget;
  /** How owners' venue accounts are checked before they are linked; by default by reading the balance on the venue. */
  venueAccountCheck?: VenueAccountCheck;
}): Promise<Services> {
  const { config, log } = input;
  checkSearchProviderSettings(config);
  const clock = input.clock ?? systemClock;
  const target = input.database ?? targetFromConfig(config);
  const database = await openDatabase(target);
  try {
    await migrateDatabase(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  log.info({ driver: database.kind }, "database ready");
  const cluster = await startCluster({ config, log }).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
  // PGlite admits one process per data folder, so whatever it finds open was left by a dead one.
  const secret = loadServerSecret(config);
  if (!config.ownerJwt.jwksUrl) {
    const ctx = { db: database.db, clock, config, secret };
    // Instances of one deployment seal and sign with one secret: refuse to join with another.
    if (config.redis && !(await secretOpensSigningKey(ctx))) {
      await cluster.close();
      await database.close();
      throw new ServerSecretError(
        "this instance's server secret cannot open the deployment's owner-token signing key: set the same BOURSE_SECRET on every instance sharing this database and Redis",
      );
    }
    // Owner tokens' key set lists a key from the start, before the first token is minted.
    await ensureSigningKey(ctx);
  }
  // The local chains (anvil), our contracts and the bridge relayer; swaps answer 503 when they cannot start.
  const swap = await startSwapServices({ config, database, clock, log, secret });
  const venueAccounts = createVenueAccounts({
    db: database.db,
    clock,
    secret,
    bus: cluster.bus,
    venues: linkableVenues(config),
    // The check uses the running venue's markets when this instance hosts it (hosting starts below).
    check: input.venueAccountCheck ?? createAccountCheck(config.venues.live, () => hosting.venues),
  });
  const hosting: VenueHosting = await startVenueHosting({ config, database, clock, log, cluster, accounts: venueAccounts.directory });
  // Pages are read on threads of their own: a heavy page never stops this thread's requests.
  const extractor = createExtractionPool({ ...config.webExtract, maxHeapMb: EXTRACTION_HEAP_MB });
  const keyUsage = createKeyUsage(database.db, (err) => log.warn({ err }, "key request counts not stored yet; kept for the next try"));
  const stopSweeper = await startChargeSweeper({ db: database.db, clock, log }, { soleProcess: database.kind === "pglite" });
  return {
    deps: {
      config,
      database,
      cluster,
      log,
      clock,
      secret,
      agentKeyCache: createAgentKeyCache(clock, cluster.bus),
      keyUsage,
      startedAt: clock.now(),
      swap: swap.service,
      signInThrottle: createSignInThrottle(clock, failureStoreFor(cluster.redis, log)),
      searchRateLimiter: createSearchRateLimiter(clock, windowCounterFor(cluster.redis, log)),
      scraper: createScraper({ ...fetchPolicyFromConfig(config), extractor }),
      venues: hosting.venues,
      get exchange() {
        return hosting.exchange();
      },
      trading: hosting.trading,
      hosting,
      venueAccounts,
    },
    stop: async () => {
      stopSweeper();
      await extractor.close();
      await keyUsage.stop();
      await swap.stop();
      // Owners' last changes are stored before the database closes.
      await hosting.stop();
      await cluster.close();
      await database.close();
    },
  };
}
