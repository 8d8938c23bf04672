import type { Config } from "../config";
import type { Clock } from "../clock";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../log";
import { startChainNetwork, type ChainNetwork } from "../chain/network";
import { createRelayer, type Relayer } from "../chain/relayer";
import { runOnOneInstance } from "../cluster/leadership";
import { createOwnerLock } from "../trading/execution/owner-lock";
import { createLifiProvider } from "./lifi/provider";
import { createLocalProvider } from "./local/provider";
import { keyedLock } from "../concurrency/keyed-lock";
import type { SwapProvider } from "./provider";
import { maxNotionalPerSwap } from "./risk";
import { createSwapService, type SwapService } from "./service";

export interface SwapServices {
  service: SwapService;
  /** The local chains, when they run. */
  network: ChainNetwork | null;
  relayer: Relayer | null;
  stop(): Promise<void>;
}

/** The advisory lock naming the instance that runs the bridge relayer. */
const RELAYER_LOCK = "bourse.bridge-relayer";

/**
 * Starts what swaps need: the local chains (anvil, or RPC endpoints) with our contracts and the
 * bridge relayer, and the configured provider. When the chains cannot start, the rest of the server
 * still runs and the swap endpoints answer 503 with the reason.
 */
export async function startSwapServices(input: { config: Config; database: DatabaseHandle; clock: Clock; log: Logger; secret: string }): Promise<SwapServices> {
  const { config, database, clock, log } = input;
  const lock = keyedLock();
  let network: ChainNetwork | null = null;
  let relayer: Relayer | null = null;
  let relaying: { stop(): Promise<void> } | undefined;
  let unavailable: string | null = null;
  if (config.chains.mode !== "off") {
    try {
      network = await startChainNetwork({ config: config.chains, dataDir: config.dataDir, database, clock, log });
      relayer = createRelayer({ network, db: database.db, clock, log });
      // Every instance of a deployment shares the chains: one relays (the rest take over if it dies).
      relaying = await runOnOneInstance({ database, lockName: RELAYER_LOCK, job: relayer, log });
    } catch (err) {
      unavailable = `The local chains could not start: ${err instanceof Error ? err.message : String(err)}`;
      log.error({ err }, "local chains unavailable; swaps on them are off");
    }
  } else {
    unavailable = "The local chains are off on this deployment (LOCAL_CHAINS=off)";
  }
  let provider: SwapProvider | null = null;
  if (config.swap.provider === "lifi") {
    provider = createLifiProvider({ config: config.swap, lock, log });
    unavailable = null;
  } else if (network) {
    provider = createLocalProvider({ network, db: database.db, lock });
  }
  const service = createSwapService({
    db: database.db,
    clock,
    log,
    secret: input.secret,
    provider,
    unavailable,
    risk: maxNotionalPerSwap(config.swap.maxNotionalUsd),
    lock: createOwnerLock(database, "bourse.swap"),
  });
  return {
    service,
    network,
    relayer,
    stop: async () => {
      await relaying?.stop();
      await network?.stop();
    },
  };
}
