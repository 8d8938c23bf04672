import type { Address } from "viem";
import { z } from "zod";
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

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((a) => a as Address);

/** How a local quote is carried out; stored with the quote (and parsed back from the database). */
export const localRouteSchema = z.object({
  kind: z.enum(["swap", "bridge"]),
  chainId: z.number().int(),
  dstChainId: z.number().int(),
  tokenIn: address,
  tokenOut: address,
  amountIn: z.string().regex(/^\d+$/),
  /** bridge only: the least hub-token amount the deposit may lock. */
  minBridged: z.string().regex(/^\d+$/),
  toAmountMin: z.string().regex(/^\d+$/),
  spender: address,
});
export type LocalRoute = z.infer<typeof localRouteSchema>;

export const routeOf = (quote: StoredQuote): LocalRoute => localRouteSchema.parse(quote.data);

export function chainOf(network: ChainNetwork, id: number): LocalChain {
  const chain = network.byId(id);
  if (!chain) throw new SwapError("unavailable", `chain ${id} is not running`);
  return chain;
}
