import { getAddress, isAddress, type Address } from "viem";
import type { ChainNetwork, DeployedToken, LocalChain } from "../../chain/network";
import type { SwapTokenView } from "../contract";
import { SwapError } from "../errors";

// Names agents use for Solana (LI.FI's chain id and keys): answered plainly, since only LI.FI routes there.
const SOLANA_REFS = new Set(["1151111081099710", "sol", "solana", "svm"]);
const NATIVE_REFS = new Set(["eth", "0x0000000000000000000000000000000000000000", "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"]);

export function resolveChain(network: ChainNetwork, ref: string | number, field: string): LocalChain {
  const text = String(ref).trim().toLowerCase();
  if (SOLANA_REFS.has(text)) {
    throw new SwapError("invalid", `${field}: the local provider has no Solana chain; Solana routes need the LI.FI provider (SWAP_PROVIDER=lifi)`);
  }
  const chain = network.chains.find((c) => String(c.id) === text || c.key === text);
  if (!chain) {
    const known = network.chains.map((c) => `${c.key} (${c.id})`).join(", ");
    throw new SwapError("invalid", `${field}: unknown chain ${JSON.stringify(String(ref))}; this deployment swaps on ${known}`);
  }
  return chain;
}

export function resolveToken(chain: LocalChain, ref: string, field: string): DeployedToken {
  const text = ref.trim().toLowerCase();
  const token = chain.tokens.find((t) => t.address.toLowerCase() === text || t.symbol.toLowerCase() === text);
  if (token) return token;
  const known = chain.tokens.map((t) => t.symbol).join(", ");
  if (NATIVE_REFS.has(text)) {
    throw new SwapError("invalid", `${field}: the native coin is not swapped here; use WETH (its wrapped form) on ${chain.name}`);
  }
  throw new SwapError("invalid", `${field}: unknown token ${JSON.stringify(ref)} on ${chain.name}; it has ${known}`);
}

export function evmAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: false })) throw new SwapError("invalid", `${field}: ${JSON.stringify(value)} is not an EVM address (0x and 40 hex digits)`);
  return getAddress(value);
}

export function tokenView(chain: LocalChain, token: DeployedToken, priceUSD: string | null): SwapTokenView {
  return { chainId: chain.id, address: token.address, symbol: token.symbol, name: token.name, decimals: token.decimals, priceUSD };
}
