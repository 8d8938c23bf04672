import { erc20Abi } from "viem";
import type { SwapFeeView, SwapGasCostView, SwapStepView, SwapTokenView } from "../contract";
import { BRIDGE_FEE_BPS, POOL_FEE_BPS } from "../../chain/fees";
import type { ChainNetwork, DeployedToken, LocalChain } from "../../chain/network";
import { BPS, lessSlippage, priceImpact } from "../amounts";
import { fractionToDecimal, unitsToDecimal } from "../../decimal";
import { SwapError } from "../errors";
import type { ProviderQuote, QuoteInput } from "../provider";
import { hubOf, midPriceUsd, priceText, readReserves, routeHops, usdText, usdValue, type Hop } from "./pricing";
import { evmAddress, resolveChain, resolveToken, tokenView } from "./resolve";
import { GAS, limitOf, type LocalRoute } from "./route";

/** Prices a swap on the local chains from the current reserves of the pools, with the contracts' own formula. */
export async function quoteLocal(network: ChainNetwork, q: QuoteInput): Promise<ProviderQuote> {
  const blockSeconds = Math.max(1, Math.ceil(network.config.blockTimeSeconds));
  const src = resolveChain(network, q.fromChain, "fromChain");
  const dst = resolveChain(network, q.toChain, "toChain");
  const from = resolveToken(src, q.fromToken, "fromToken");
  const to = resolveToken(dst, q.toToken, "toToken");
  if (src.id === dst.id && from.address === to.address) throw new SwapError("invalid", "fromToken and toToken are the same token on the same chain");
  const fromAddress = q.fromAddress ? evmAddress(q.fromAddress, "fromAddress") : null;
  const toAddress = q.toAddress ? evmAddress(q.toAddress, "toAddress") : null;
  const bridged = src.id !== dst.id;
  const spender = bridged ? src.contracts.bridge : src.contracts.router;
  // Every read at once: they leave as one JSON-RPC batch per chain.
  const [srcReserves, dstReserves, inventory, allowance, gasPrice] = await Promise.all([
    readReserves(src),
    bridged ? readReserves(dst) : null,
    bridged ? dst.conn.public.readContract({ address: hubOf(dst).address, abi: erc20Abi, functionName: "balanceOf", args: [dst.contracts.bridge] }) : 0n,
    fromAddress ? src.conn.public.readContract({ address: from.address, abi: erc20Abi, functionName: "allowance", args: [fromAddress, spender] }) : null,
    src.conn.public.getGasPrice(),
  ]);
  const reservesOn = (chain: LocalChain) => (chain.id === src.id ? srcReserves : dstReserves!);
  const priceOf = (chain: LocalChain, token: DeployedToken) => midPriceUsd(token, hubOf(chain), reservesOn(chain));
  const view = (chain: LocalChain, token: DeployedToken): SwapTokenView => tokenView(chain, token, priceText(priceOf(chain, token)));

  let srcHops: Hop[];
  let dstHops: Hop[] = [];
  let toAmount: bigint;
  let bridge: { gross: bigint; fee: bigint; net: bigint } | null = null;
  if (!bridged) {
    srcHops = routeHops(src, srcReserves, from, to, q.fromAmount);
    toAmount = srcHops.at(-1)!.amountOut;
  } else {
    srcHops = from.symbol === hubOf(src).symbol ? [] : routeHops(src, srcReserves, from, hubOf(src), q.fromAmount);
    const gross = srcHops.at(-1)?.amountOut ?? q.fromAmount;
    const fee = (gross * BRIDGE_FEE_BPS) / BPS;
    const net = gross - fee;
    if (net > inventory) {
      throw new SwapError(
        "no_route",
        `No route: the bridge to ${dst.name} holds ${unitsToDecimal(inventory, 6)} USDC, less than the ${unitsToDecimal(net, 6)} this swap would bridge`,
      );
    }
    bridge = { gross, fee, net };
    dstHops = to.symbol === hubOf(dst).symbol ? [] : routeHops(dst, dstReserves!, hubOf(dst), to, net);
    toAmount = dstHops.at(-1)?.amountOut ?? net;
  }
  if (toAmount === 0n || (bridge && bridge.net === 0n)) {
    throw new SwapError("no_route", `No route: ${q.fromAmount} base units of ${from.symbol} is too small to receive any ${to.symbol}`);
  }
  const toAmountMin = lessSlippage(toAmount, q.slippage);
  const needsApproval = allowance === null || allowance < q.fromAmount;

  const hopFee = (chain: LocalChain, h: Hop): SwapFeeView => {
    const amount = (h.amountIn * POOL_FEE_BPS) / BPS;
    return {
      name: "Pool fee",
      description: `${fractionToDecimal({ num: POOL_FEE_BPS, den: 100n })}% to the ${h.tokenIn.symbol === "USDC" ? h.tokenOut.symbol : h.tokenIn.symbol}/USDC pool on ${chain.name}`,
      token: view(chain, h.tokenIn),
      amount: amount.toString(),
      amountUSD: usdText(usdValue(amount, h.tokenIn, priceOf(chain, h.tokenIn))),
      percentage: fractionToDecimal({ num: POOL_FEE_BPS, den: BPS }),
      included: true,
    };
  };
  const feeCosts: SwapFeeView[] = [...srcHops.map((h) => hopFee(src, h)), ...dstHops.map((h) => hopFee(dst, h))];
  if (bridge) {
    feeCosts.push({
      name: "Bridge fee",
      description: `${fractionToDecimal({ num: BRIDGE_FEE_BPS, den: 100n })}% of the USDC bridged, kept by the bridge`,
      token: view(src, hubOf(src)),
      amount: bridge.fee.toString(),
      amountUSD: usdText(usdValue(bridge.fee, hubOf(src), { num: 1n, den: 1n })),
      percentage: fractionToDecimal({ num: BRIDGE_FEE_BPS, den: BPS }),
      included: true,
    });
  }

  const ethPrice = midPriceUsd(src.tokens.find((t) => t.wrappedNative)!, hubOf(src), srcReserves);
  const gasCost = (type: "APPROVE" | "SEND", estimate: bigint): SwapGasCostView => {
    const limit = limitOf(estimate);
    const amount = limit * gasPrice;
    return {
      type,
      chainId: src.id,
      estimate: estimate.toString(),
      limit: limit.toString(),
      price: gasPrice.toString(),
      amount: amount.toString(),
      amountUSD: usdText({ num: amount * ethPrice.num, den: ethPrice.den * 10n ** 18n }),
      token: {
        chainId: src.id,
        address: "0x0000000000000000000000000000000000000000",
        symbol: "ETH",
        name: "Ether",
        decimals: 18,
        priceUSD: priceText(ethPrice),
      },
    };
  };
  const sendGas = bridge ? GAS.depositBase + GAS.perHop * BigInt(srcHops.length) : GAS.swapBase + GAS.perHop * BigInt(srcHops.length);
  const gasCosts = [...(needsApproval ? [gasCost("APPROVE", GAS.approve)] : []), gasCost("SEND", sendGas)];

  const swapDuration = blockSeconds;
  const bridgeDuration = network.config.confirmations * blockSeconds + Math.ceil(network.config.pollMs / 1000) + blockSeconds;
  const steps: SwapStepView[] = [];
  const swapStep = (chain: LocalChain, hops: Hop[]) => {
    if (hops.length === 0) return;
    steps.push({
      type: "swap",
      tool: "bourse-amm",
      fromChainId: chain.id,
      toChainId: chain.id,
      fromToken: view(chain, hops[0]!.tokenIn),
      toToken: view(chain, hops.at(-1)!.tokenOut),
      fromAmount: hops[0]!.amountIn.toString(),
      toAmount: hops.at(-1)!.amountOut.toString(),
      executionDuration: swapDuration,
    });
  };
  swapStep(src, srcHops);
  if (bridge) {
    steps.push({
      type: "bridge",
      tool: "bourse-bridge",
      fromChainId: src.id,
      toChainId: dst.id,
      fromToken: view(src, hubOf(src)),
      toToken: view(dst, hubOf(dst)),
      fromAmount: bridge.gross.toString(),
      toAmount: bridge.net.toString(),
      executionDuration: bridgeDuration,
    });
    swapStep(dst, dstHops);
  }

  const fromUsd = usdValue(q.fromAmount, from, priceOf(src, from));
  const route: LocalRoute = {
    kind: bridge ? "bridge" : "swap",
    chainId: src.id,
    dstChainId: dst.id,
    tokenIn: from.address,
    tokenOut: to.address,
    amountIn: q.fromAmount.toString(),
    minBridged: bridge ? lessSlippage(bridge.net, q.slippage).toString() : "0",
    toAmountMin: toAmountMin.toString(),
    spender,
  };
  return {
    view: {
      fromChainId: src.id,
      toChainId: dst.id,
      fromToken: view(src, from),
      toToken: view(dst, to),
      fromAddress,
      toAddress,
      fromAmount: q.fromAmount.toString(),
      toAmount: toAmount.toString(),
      toAmountMin: toAmountMin.toString(),
      fromAmountUSD: usdText(fromUsd),
      toAmountUSD: usdText(usdValue(toAmount, to, priceOf(dst, to))),
      rate: fractionToDecimal({ num: toAmount * 10n ** BigInt(from.decimals), den: q.fromAmount * 10n ** BigInt(to.decimals) }, 10),
      priceImpact: fractionToDecimal(priceImpact([...srcHops, ...dstHops]), 6),
      slippage: fractionToDecimal(q.slippage, 6),
      approvalAddress: spender,
      feeCosts,
      gasCosts,
      executionDuration: bridge ? swapDuration * (srcHops.length ? 1 : 0) + bridgeDuration + swapDuration * (dstHops.length ? 1 : 0) : swapDuration,
      steps,
    },
    notionalUsd: fromUsd,
    data: { ...route },
  };
}
