import { createServer } from "node:net";
import { createTestClient, http } from "viem";
import { startAnvil, type AnvilChain } from "./anvil";
import { LOCAL_CHAIN_SPECS } from "./network";

export interface TestChains {
  /** Environment for createTestApi / parseConfig: the server uses these chains as RPC endpoints. */
  env: Record<string, string>;
  rpcUrls: readonly string[];
  /** Mines `blocks` empty blocks on a chain (for confirmations). */
  mine(chainId: number, blocks?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Two anvil chains on free ports, mining each transaction at once: start once per test file. */
export async function startTestChains(env: Record<string, string> = {}): Promise<TestChains> {
  const anvils: AnvilChain[] = await Promise.all(LOCAL_CHAIN_SPECS.map((spec) => startAnvil({ chainId: spec.id, port: 0 })));
  const rpcUrls = anvils.map((a) => a.rpcUrl);
  return {
    env: { LOCAL_CHAINS: "rpc", CHAIN_A_RPC_URL: rpcUrls[0]!, CHAIN_B_RPC_URL: rpcUrls[1]!, BRIDGE_POLL_MS: "100", ...env },
    rpcUrls,
    mine: async (chainId, blocks = 1) => {
      const anvil = anvils.find((a) => a.chainId === chainId)!;
      await createTestClient({ mode: "anvil", transport: http(anvil.rpcUrl) }).mine({ blocks });
    },
    stop: async () => {
      await Promise.all(anvils.map((a) => a.stop()));
    },
  };
}

/** Ports free on loopback right now, for servers a test must reach at a port known in advance. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    servers.map((server) => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)))),
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
