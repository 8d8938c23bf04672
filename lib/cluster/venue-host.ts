// Which instance runs the venues. Alone (no Redis) this process does, as it always did. In a deployment,
// the instances elect one through a PostgreSQL advisory lock: the host runs the venues, the trading
// service and the market feed, and answers the others' calls; every other instance serves market data
// from its mirror and sends account reads and executions to the host. When the host dies its lock goes
// with its database session, and the first instance to try next takes over, recovering from PostgreSQL.
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../log";
import { releaseOrphanedRuns } from "../trading/execution/idempotency";
import type { TradingService } from "../trading/execution/service";
import { startTrading } from "../trading/execution/start";
import { GroupCommit } from "../db/group-commit";
import { embeddedVenueNames, openVenues, startVenues, VENUE_HOST_LOCK, type RunningVenues } from "../venues/embedded";
import type { SimExchange } from "../venues/sim/exchange";
import type { VenueAccountDirectory } from "../venues/live/credentials";
import type { Venue } from "../venues/venue";
import { createHostCaller, serveHostCalls, type HostCallServer } from "./host-calls";
import { startMarketFeed, type MarketFeed } from "./market-feed";
import { startMarketMirror, type MarketMirror } from "./market-mirror";
import type { ClusterRuntime } from "./runtime";
import { SwitchingVenue, switchingTrading } from "./switching";
import { encodeHostError, hostCallHandler, rebuildHostError, tradingOnHost } from "./trading-calls";

export interface VenueHosting {
  /** The venues routes read: the local ones on the host, mirrors elsewhere. */
  venues: readonly Venue[];
  /** Executions and account reads: run here on the host, sent to the host elsewhere. */
  trading: TradingService;
  /** The simulator, while this instance hosts the embedded venues. */
  exchange(): SimExchange | undefined;
  isHost(): boolean;
  /** What this instance's mirror has applied of the host's feed (followers). */
  mirrorPosition(): { host: string | null; seq: number } | undefined;
  /** The host: sends what changed to the mirrors now (tests settle on it). */
  flushFeed(): number | undefined;
  stop(): Promise<void>;
}

interface HostingInputs {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  log: Logger;
  cluster: ClusterRuntime;
  /** Where the real venues find owners' linked accounts (lib/venues/live/credentials). */
  accounts?: VenueAccountDirectory;
  /**
   * What to do when this host can host no longer: its lock is lost (it must never write beside a new
   * host) or its writes halted (its memory is ahead of the database). By default the process ends, so
   * that another instance takes over from PostgreSQL within an election interval.
   */
  onHostingLost?: (reason: string) => void;
}

const HOST_CHANGED = "The venue host changed while this call waited; retry with the same Idempotency-Key.";

/** How often a follower tries to become host: a dead host is replaced within about this. */
const ELECTION_INTERVAL_MS = 1_000;
/** How long a new follower waits for the host's first snapshot before serving. */
const FIRST_SYNC_MS = 15_000;

export async function startVenueHosting(input: HostingInputs): Promise<VenueHosting> {
  const { config, database, clock, log, cluster } = input;
  const redis = cluster.redis;
  // Alone, or with the venues off (nothing to host: every instance answers 503 for trading itself).
  if (redis === undefined || embeddedVenueNames(config).length === 0) {
    const writes = new GroupCommit(database.db);
    const venues = await startVenues({ ...input, writes });
    const trading = startTrading({ database, clock, venues: venues.venues, risk: config.risk, log, writes, bus: cluster.bus });
    return {
      venues: venues.venues,
      trading: trading.service,
      exchange: () => venues.exchange,
      isHost: () => venues.venues.length > 0,
      mirrorPosition: () => undefined,
      flushFeed: () => undefined,
      stop: async () => {
        trading.stop();
        await venues.stop();
      },
    };
  }

  const names = embeddedVenueNames(config);
  const caller = await createHostCaller({ redis, instanceId: cluster.instanceId, rebuild: rebuildHostError });
  const remote = tradingOnHost(caller);
  const facades = names.map((name) => new SwitchingVenue(name));
  let mirror: MarketMirror | undefined;
  let hosted: { venues: RunningVenues; trading: ReturnType<typeof startTrading>; feed: MarketFeed; server: HostCallServer } | undefined;
  let stopped = false;
  const onHostingLost =
    input.onHostingLost ??
    ((reason: string) => {
      log.fatal({ reason }, "venue host: cannot host any longer; exiting so that another instance takes over");
      process.exit(70);
    });

  const follow = async () => {
    mirror = await startMarketMirror({
      redis,
      host: caller,
      venueNames: names,
      log,
      // Calls the dead host took will never be answered: say 503 now, so clients retry on the new host.
      onHostChange: () => caller.abandonPending(HOST_CHANGED),
    });
    for (const f of facades) f.attach(mirror.venues.find((v) => v.name === f.name)!);
  };

  const promote = async (release: () => Promise<void>) => {
    // Each term of hosting has its own group commit: the venue changes and trading records of its orders share batches.
    const writes = new GroupCommit(database.db);
    writes.onHalt((err) => onHostingLost(`writes halted: ${err instanceof Error ? err.message : String(err)}`));
    const venues = await openVenues({ ...input, writes }, release);
    const orphaned = await releaseOrphanedRuns(database.db);
    const trading = startTrading({ database, clock, venues: venues.venues, risk: config.risk, log, writes, bus: cluster.bus });
    const feed = startMarketFeed({ redis, venues: venues.venues, host: cluster.instanceId, log });
    for (const f of facades) f.attach(venues.venues.find((v) => v.name === f.name)!);
    mirror?.stop();
    mirror = undefined;
    // Calls this instance sent to the dead host will never be answered: 503 now, and the retries run here.
    caller.abandonPending(HOST_CHANGED);
    const server = serveHostCalls({
      redis,
      handle: hostCallHandler({ trading: trading.service, venues: venues.venues, feed }),
      encodeError: encodeHostError,
      log,
    });
    hosted = { venues, trading, feed, server };
    log.info({ instanceId: cluster.instanceId, orphanedRuns: orphaned }, "venue host: this instance now runs the venues");
  };

  let electing = false;
  const tryToHost = async () => {
    if (hosted !== undefined || stopped || electing) return;
    electing = true;
    try {
      const release = await database.tryHoldLock(VENUE_HOST_LOCK, (err) => onHostingLost(`lost the host lock: ${err.message}`));
      if (release !== null) await promote(release);
    } catch (err) {
      log.warn({ err: (err as Error).message }, "venue host: election attempt failed; trying again");
    } finally {
      electing = false;
    }
  };

  if (names.length > 0) {
    await tryToHost();
    if (hosted === undefined) {
      await follow();
      if (!(await mirror!.synced(FIRST_SYNC_MS))) log.warn("venue host: no snapshot from a venue host yet; market data fills in when one answers");
    }
  }
  const election = setInterval(() => void tryToHost(), ELECTION_INTERVAL_MS);
  election.unref();

  return {
    venues: facades,
    trading: switchingTrading(remote, () => hosted?.trading.service ?? remote),
    exchange: () => hosted?.venues.exchange,
    isHost: () => hosted !== undefined,
    mirrorPosition: () => mirror?.position(),
    flushFeed: () => hosted?.feed.flush(),
    stop: async () => {
      stopped = true;
      clearInterval(election);
      mirror?.stop();
      caller.close();
      if (hosted !== undefined) {
        await hosted.server.stop();
        hosted.feed.stop();
        hosted.trading.stop();
        await hosted.venues.stop();
      }
    },
  };
}
