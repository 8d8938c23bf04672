import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type Account,
  type Chain,
  type Hash,
  type HttpTransport,
  type PublicClient,
  type TransactionReceipt,
  type WalletClient,
} from "viem";

export type ChainPublicClient = PublicClient<HttpTransport, Chain>;
export type ChainWalletClient = WalletClient<HttpTransport, Chain, Account>;

export interface ChainConnection {
  chain: Chain;
  rpcUrl: string;
  public: ChainPublicClient;
  walletFor(account: Account): ChainWalletClient;
}

/** viem clients for one chain; local chains answer in milliseconds, so poll often. */
export function connectChain(spec: { id: number; name: string; rpcUrl: string; pollingMs: number }): ChainConnection {
  const chain = defineChain({
    id: spec.id,
    name: spec.name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [spec.rpcUrl] } },
  });
  // Keep-alive connections; a local chain does not need retries to hide slowness.
  // Reads issued together (a quote reads every pool) go out as one JSON-RPC batch.
  const transport = http(spec.rpcUrl, { retryCount: 2, retryDelay: 50, timeout: 15_000, batch: { wait: 0 } });
  return {
    chain,
    rpcUrl: spec.rpcUrl,
    // No cached block numbers: the relayer and status checks must see the block just mined.
    public: createPublicClient({ chain, transport, pollingInterval: spec.pollingMs, cacheTime: 0 }),
    walletFor: (account) => createWalletClient({ account, chain, transport, pollingInterval: spec.pollingMs, cacheTime: 0 }),
  };
}

export class TransactionRevertedError extends Error {
  override name = "TransactionRevertedError";
  constructor(readonly hash: Hash) {
    super(`transaction ${hash} reverted`);
  }
}

/** Waits for a transaction to be mined and throws when it reverted. */
export async function confirmed(client: ChainPublicClient, hash: Hash): Promise<TransactionReceipt> {
  const receipt = await client.waitForTransactionReceipt({ hash, timeout: 120_000 });
  if (receipt.status !== "success") throw new TransactionRevertedError(hash);
  return receipt;
}
