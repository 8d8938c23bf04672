import path from "node:path";
import { inArray } from "drizzle-orm";
import { createTestClient, http, type Address, type PrivateKeyAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { Clock } from "../clock";
import type { ChainsConfig } from "../config";
import type { Database, DatabaseHandle } from "../db/client";
import { newId } from "../ids";
import type { Logger } from "../log";
import { localChainA, localChainB } from "../wallet/chains";
import { startAnvil, type AnvilChain } from "./anvil";
import { loadContractArtifacts, type ContractArtifacts } from "./artifacts";
import { connectChain, type ChainConnection } from "./clients";
import { deployContracts } from "./deploy";
import { chainDeployments, type DeployedContracts } from "./schema";
import { LOCAL_TOKENS, type LocalTokenSpec } from "./tokens";

/** The chains of the embedded setup: ids and names as the dashboard's wallet config knows them. */
export const LOCAL_CHAIN_SPECS = [
  { id: localChainA.id, key: "local-a", name: localChainA.name },
  { id: localChainB.id, key: "local-b", name: localChainB.name },
] as const;

export interface DeployedToken extends LocalTokenSpec {
  address: Address;
}

export interface LocalChain {
  id: number;
  key: string;
  name: string;
  rpcUrl: string;
  conn: ChainConnection;
  contracts: DeployedContracts;
  deployedBlock: number;
  tokens: readonly DeployedToken[];
}

export interface ChainNetwork {
  chains: readonly LocalChain[];
  /** Identifies this deployment of our contracts (both chains): bridge transfers are keyed by it. */
  setId: string;
  deployer: PrivateKeyAccount;
  relayer: PrivateKeyAccount;
  config: ChainsConfig;
  byId(chainId: number): LocalChain | undefined;
  stop(): Promise<void>;
}

const STATE_INTERVAL_SECONDS = 10;

/**
 * Starts (embedded) or connects to (rpc) the two chains, and deploys our contracts on first start or
 * when their sources changed; addresses are kept in the database and reused while the code is there.
 */
export async function startChainNetwork(input: {
  config: ChainsConfig;
  dataDir: string;
  database: DatabaseHandle;
  clock: Clock;
  log: Logger;
}): Promise<ChainNetwork> {
  const { config, log } = input;
  if (config.mode === "off") throw new Error("local chains are off");
  const anvils: AnvilChain[] = [];
  const stopAnvils = () => Promise.all(anvils.map((a) => a.stop())).then(() => {});
  try {
    // Local chains answer in milliseconds; remote ones are polled gently.
    const isLocal = (url: string) => /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(url);
    const rpcUrls: string[] = [];
    for (const [i, spec] of LOCAL_CHAIN_SPECS.entries()) {
      if (config.mode === "embedded") {
        const anvil = await startAnvil({
          chainId: spec.id,
          port: config.anvilPorts[i]!,
          stateFile: path.join(input.dataDir, "chains", `${spec.id}.json`),
          stateIntervalSeconds: STATE_INTERVAL_SECONDS,
          log,
        });
        anvils.push(anvil);
        rpcUrls.push(anvil.rpcUrl);
      } else {
        const url = config.rpcUrls[i];
        if (!url) throw new Error(`no RPC URL for chain ${spec.id}`);
        rpcUrls.push(url);
      }
    }
    const conns = LOCAL_CHAIN_SPECS.map((spec, i) =>
      connectChain({ id: spec.id, name: spec.name, rpcUrl: rpcUrls[i]!, pollingMs: isLocal(rpcUrls[i]!) ? 50 : 1000 }),
    );
    for (const [i, conn] of conns.entries()) {
      const reported = await conn.public.getChainId();
      if (reported !== LOCAL_CHAIN_SPECS[i]!.id) throw new Error(`${rpcUrls[i]} serves chain ${reported}, expected ${LOCAL_CHAIN_SPECS[i]!.id}`);
    }
    const deployer = privateKeyToAccount(config.deployerKey);
    const relayer = privateKeyToAccount(config.relayerKey);
    const artifacts = await loadContractArtifacts();
    const { setId, contracts, deployedBlocks } = await input.database.withMigrationLock((db) =>
      ensureDeployment({ db, conns, artifacts, deployer, relayer: relayer.address, clock: input.clock, log }),
    );
    if (config.mode === "embedded" && config.blockTimeSeconds > 0) {
      for (const conn of conns) {
        await createTestClient({ chain: conn.chain, mode: "anvil", transport: http(conn.rpcUrl) }).setIntervalMining({ interval: config.blockTimeSeconds });
      }
    }
    const chains: LocalChain[] = LOCAL_CHAIN_SPECS.map((spec, i) => ({
      ...spec,
      rpcUrl: rpcUrls[i]!,
      conn: conns[i]!,
      contracts: contracts[i]!,
      deployedBlock: deployedBlocks[i]!,
      tokens: LOCAL_TOKENS.map((t) => ({ ...t, address: contracts[i]!.tokens[t.symbol]! })),
    }));
    return {
      chains,
      setId,
      deployer,
      relayer,
      config,
      byId: (id) => chains.find((c) => c.id === id),
      stop: stopAnvils,
    };
  } catch (err) {
    await stopAnvils();
    throw err;
  }
}

async function ensureDeployment(input: {
  db: Database;
  conns: ChainConnection[];
  artifacts: ContractArtifacts;
  deployer: PrivateKeyAccount;
  relayer: Address;
  clock: Clock;
  log: Logger;
}): Promise<{ setId: string; contracts: DeployedContracts[]; deployedBlocks: number[] }> {
  const { db, conns, artifacts } = input;
  const ids = conns.map((c) => c.chain.id);
  const rows = await db.select().from(chainDeployments).where(inArray(chainDeployments.chainId, ids));
  const byChain = ids.map((id) => rows.find((r) => r.chainId === id));
  const reusable =
    byChain.every((r) => r && r.digest === artifacts.digest && r.setId === byChain[0]!.setId) &&
    (await Promise.all(conns.map(async (c, i) => Boolean(await c.public.getCode({ address: byChain[i]!.contracts.bridge }))))).every(Boolean);
  if (reusable) return { setId: byChain[0]!.setId, contracts: byChain.map((r) => r!.contracts), deployedBlocks: byChain.map((r) => r!.deployedBlock) };

  const setId = newId("dep");
  const contracts: DeployedContracts[] = [];
  for (const conn of conns) {
    const deployed = await deployContracts(conn, conn.walletFor(input.deployer), artifacts, input.relayer);
    contracts.push(deployed);
    input.log.info({ chainId: conn.chain.id, bridge: deployed.bridge, router: deployed.router }, "contracts deployed");
  }
  const blocks = await Promise.all(conns.map((c) => c.public.getBlockNumber()));
  await db.transaction(async (tx) => {
    await tx.delete(chainDeployments).where(inArray(chainDeployments.chainId, ids));
    await tx.insert(chainDeployments).values(
      conns.map((c, i) => ({
        chainId: c.chain.id,
        setId,
        digest: artifacts.digest,
        contracts: contracts[i]!,
        deployedBlock: Number(blocks[i]!),
        scannedBlock: Number(blocks[i]!),
        deployedAt: new Date(input.clock.now()),
      })),
    );
  });
  return { setId, contracts, deployedBlocks: blocks.map(Number) };
}
