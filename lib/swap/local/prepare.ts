import { encodeFunctionData, erc20Abi, type Address, type Hex } from "viem";
import { bridgeAbi, routerAbi, testTokenAbi } from "../../chain/abis";
import type { ChainNetwork } from "../../chain/network";
import { unitsToDecimal } from "../../decimal";
import { SwapError } from "../errors";
import type { StoredQuote, UnsignedTransaction } from "../provider";
import { evmAddress, resolveToken } from "./resolve";
import { chainOf, DEADLINE_SECONDS, GAS, limitOf, routeOf } from "./route";

/** The transactions the sender signs for a quote: approvals when the allowance is short, then the swap or deposit. */
export async function prepareLocal(network: ChainNetwork, stored: StoredQuote, senderText: string): Promise<UnsignedTransaction[]> {
  const route = routeOf(stored);
  const sender = evmAddress(senderText, "fromAddress");
  const src = chainOf(network, route.chainId);
  const token = resolveToken(src, route.tokenIn, "token");
  const amountIn = BigInt(route.amountIn);
  const [balance, allowance, block] = await Promise.all([
    src.conn.public.readContract({ address: token.address, abi: erc20Abi, functionName: "balanceOf", args: [sender] }),
    src.conn.public.readContract({ address: token.address, abi: erc20Abi, functionName: "allowance", args: [sender, route.spender] }),
    src.conn.public.getBlock({ blockTag: "latest" }),
  ]);
  if (balance < amountIn) {
    throw new SwapError(
      "conflict",
      `Insufficient balance: ${sender} holds ${unitsToDecimal(balance, token.decimals)} ${token.symbol} on ${src.name}; the quote needs ${unitsToDecimal(amountIn, token.decimals)}`,
    );
  }
  const tx = (kind: UnsignedTransaction["kind"], to: Address, data: Hex, gas: bigint, description: string): UnsignedTransaction => ({
    kind,
    chainId: src.id,
    chainType: "EVM",
    from: sender,
    to,
    data,
    value: "0",
    gasLimit: limitOf(gas).toString(),
    description,
  });
  const out: UnsignedTransaction[] = [];
  if (allowance < amountIn) {
    if (allowance > 0n && token.approvalResetRequired) {
      out.push(
        tx(
          "reset-approval",
          token.address,
          encodeFunctionData({ abi: testTokenAbi, functionName: "approve", args: [route.spender, 0n] }),
          GAS.approve,
          `Reset the ${token.symbol} allowance to zero (${token.symbol} refuses to change a non-zero allowance)`,
        ),
      );
    }
    out.push(
      tx(
        "approval",
        token.address,
        encodeFunctionData({ abi: testTokenAbi, functionName: "approve", args: [route.spender, amountIn] }),
        GAS.approve,
        `Approve exactly ${unitsToDecimal(amountIn, token.decimals)} ${token.symbol}`,
      ),
    );
  }
  const recipient = (stored.view.toAddress as Address | null) ?? sender;
  const deadline = block.timestamp + DEADLINE_SECONDS;
  const toToken = stored.view.toToken;
  if (route.kind === "swap") {
    const hops = token.symbol === "USDC" || toToken.symbol === "USDC" ? 1n : 2n;
    out.push(
      tx(
        "swap",
        src.contracts.router,
        encodeFunctionData({
          abi: routerAbi,
          functionName: "swapExactIn",
          args: [token.address, route.tokenOut, amountIn, BigInt(route.toAmountMin), recipient, deadline],
        }),
        GAS.swapBase + GAS.perHop * hops,
        `Swap ${unitsToDecimal(amountIn, token.decimals)} ${token.symbol} for at least ${unitsToDecimal(BigInt(route.toAmountMin), toToken.decimals, 6)} ${toToken.symbol}`,
      ),
    );
  } else {
    const request = {
      tokenIn: token.address,
      amountIn,
      minBridged: BigInt(route.minBridged),
      dstChainId: BigInt(route.dstChainId),
      recipient,
      tokenOut: route.tokenOut,
      minAmountOut: BigInt(route.toAmountMin),
      deadline,
    };
    out.push(
      tx(
        "bridge",
        src.contracts.bridge,
        encodeFunctionData({ abi: bridgeAbi, functionName: "deposit", args: [request] }),
        GAS.depositBase + (token.symbol === "USDC" ? 0n : GAS.perHop),
        `Bridge ${unitsToDecimal(amountIn, token.decimals)} ${token.symbol} to ${chainOf(network, route.dstChainId).name} for at least ${unitsToDecimal(BigInt(route.toAmountMin), toToken.decimals, 6)} ${toToken.symbol}`,
      ),
    );
  }
  return out;
}
