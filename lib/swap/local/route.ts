import type { Address } from "viem";
import type { ChainNetwork, LocalChain } from "../../chain/network";
import { SwapError } from "../errors";
import type { StoredQuote } from "../provider";

// Gas each step takes on our contracts, with headroom; swap.int.test.ts checks real receipts stay under the limits.
export const GAS = {
  approve: 50_000n,
  swapBase: 60_000n,
  perHop: 80_000n,
  depositBase: 140_000n,
};
export const limitOf = (estimate: bigint) => (estimate * 3n) / 2n;
/** The on-chain deadline of prepared transactions, from the chain's latest block (Uniswap's default). */
export const DEADLINE_SECONDS = 30n * 60n;

/** How a local quote is carried out; stored with the quote. */
export interface LocalRoute {
  kind: "swap" | "bridge";
  chainId: number;
  dstChainId: number;
  tokenIn: Address;
  tokenOut: Address;
  amountIn: string;
  /** bridge only: the least hub-token amount the deposit may lock. */
  minBridged: string;
  toAmountMin: string;
  spender: Address;
}

export const routeOf = (quote: StoredQuote): LocalRoute => quote.data as unknown as LocalRoute;

export function chainOf(network: ChainNetwork, id: number): LocalChain {
  const chain = network.byId(id);
  if (!chain) throw new SwapError("unavailable", `chain ${id} is not running`);
  return chain;
}
