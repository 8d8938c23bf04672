/** Chains LI.FI routes between that this provider accepts by id or key (LI.FI's own keys). */
export interface LifiChain {
  id: number;
  key: string;
  name: string;
  chainType: "EVM" | "SVM";
  nativeSymbol: string;
}

export const LIFI_CHAINS: readonly LifiChain[] = [
  { id: 1, key: "eth", name: "Ethereum", chainType: "EVM", nativeSymbol: "ETH" },
  { id: 10, key: "opt", name: "Optimism", chainType: "EVM", nativeSymbol: "ETH" },
  { id: 56, key: "bsc", name: "BNB Chain", chainType: "EVM", nativeSymbol: "BNB" },
  { id: 100, key: "dai", name: "Gnosis", chainType: "EVM", nativeSymbol: "XDAI" },
  { id: 137, key: "pol", name: "Polygon", chainType: "EVM", nativeSymbol: "POL" },
  { id: 8453, key: "bas", name: "Base", chainType: "EVM", nativeSymbol: "ETH" },
  { id: 42161, key: "arb", name: "Arbitrum", chainType: "EVM", nativeSymbol: "ETH" },
  { id: 43114, key: "ava", name: "Avalanche", chainType: "EVM", nativeSymbol: "AVAX" },
  { id: 1151111081099710, key: "sol", name: "Solana", chainType: "SVM", nativeSymbol: "SOL" },
];

/** Tokens that refuse to change a non-zero allowance (approve zero first), by chain id and lower-case address. */
export const APPROVAL_RESET_TOKENS: Readonly<Record<number, readonly string[]>> = {
  1: ["0xdac17f958d2ee523a2206206994597c13d831ec7"],
};

export function findLifiChain(ref: string | number): LifiChain | undefined {
  const text = String(ref).trim().toLowerCase();
  return LIFI_CHAINS.find((c) => String(c.id) === text || c.key === text || c.name.toLowerCase() === text);
}
