import { poolAbi } from "../../chain/abis";
import { POOL_FEE_BPS } from "../../chain/fees";
import type { DeployedToken, LocalChain } from "../../chain/network";
import { HUB_SYMBOL } from "../../chain/tokens";
import { amountOut } from "../amounts";
import { fractionToDecimal, type Fraction } from "../../decimal";

/** A pool's reserves: the token's and the hub token's. */
export interface PoolReserves {
  token: bigint;
  hub: bigint;
}

/** One trip through a pool. */
export interface Hop {
  tokenIn: DeployedToken;
  tokenOut: DeployedToken;
  amountIn: bigint;
  amountOut: bigint;
  reserveIn: bigint;
  reserveOut: bigint;
}

export const hubOf = (chain: LocalChain): DeployedToken => chain.tokens.find((t) => t.symbol === HUB_SYMBOL)!;

/** The reserves of every pool on the chain, by token symbol. */
export async function readReserves(chain: LocalChain): Promise<Map<string, PoolReserves>> {
  const hub = hubOf(chain);
  const entries = await Promise.all(
    chain.tokens
      .filter((t) => t.symbol !== HUB_SYMBOL)
      .map(async (t) => {
        const [r0, r1] = await chain.conn.public.readContract({ address: chain.contracts.pools[t.symbol]!, abi: poolAbi, functionName: "getReserves" });
        // The pool orders its tokens by address, as Uniswap V2 pairs do.
        const tokenIsToken0 = t.address.toLowerCase() < hub.address.toLowerCase();
        return [t.symbol, tokenIsToken0 ? { token: r0, hub: r1 } : { token: r1, hub: r0 }] as const;
      }),
  );
  return new Map(entries);
}

/** The hops from `from` to `to` through the hub token (one hop when either is the hub), at these reserves. */
export function routeHops(chain: LocalChain, reserves: Map<string, PoolReserves>, from: DeployedToken, to: DeployedToken, amountIn: bigint): Hop[] {
  const hub = hubOf(chain);
  const hops: Hop[] = [];
  let amount = amountIn;
  const hop = (tokenIn: DeployedToken, tokenOut: DeployedToken, r: PoolReserves) => {
    const [reserveIn, reserveOut] = tokenIn.symbol === HUB_SYMBOL ? [r.hub, r.token] : [r.token, r.hub];
    const out = amountOut(amount, reserveIn, reserveOut, POOL_FEE_BPS);
    hops.push({ tokenIn, tokenOut, amountIn: amount, amountOut: out, reserveIn, reserveOut });
    amount = out;
  };
  if (from.symbol !== HUB_SYMBOL) hop(from, hub, reserves.get(from.symbol)!);
  if (to.symbol !== HUB_SYMBOL) hop(hub, to, reserves.get(to.symbol)!);
  return hops;
}

/** US dollars per whole token at the pool's mid price (the hub token counts as one dollar). */
export function midPriceUsd(token: DeployedToken, hub: DeployedToken, reserves: Map<string, PoolReserves>): Fraction {
  if (token.symbol === HUB_SYMBOL) return { num: 1n, den: 1n };
  const r = reserves.get(token.symbol)!;
  return { num: r.hub * 10n ** BigInt(token.decimals), den: r.token * 10n ** BigInt(hub.decimals) };
}

/** The dollar value of `amount` base units of a token at `price` (dollars per whole token). */
export function usdValue(amount: bigint, token: DeployedToken, price: Fraction): Fraction {
  return { num: amount * price.num, den: price.den * 10n ** BigInt(token.decimals) };
}

export const usdText = (f: Fraction): string => fractionToDecimal(f, 2);
export const priceText = (f: Fraction): string => fractionToDecimal(f, 6);
