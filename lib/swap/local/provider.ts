import { and, eq } from "drizzle-orm";
import { encodeFunctionData, erc20Abi, parseEventLogs, parseUnits, type Address, type Hash, type Hex } from "viem";
import type { SwapChainView, SwapFeeView, SwapGasCostView, SwapStepView, SwapTokenView } from "../../api/trading/swap.schema";
import { bridgeAbi, routerAbi, testTokenAbi } from "../../chain/abis";
import { BRIDGE_FEE_BPS, POOL_FEE_BPS } from "../../chain/fees";
import { fundToken } from "../../chain/deploy";
import type { ChainNetwork, DeployedToken, LocalChain } from "../../chain/network";
import { revertName, shortMessage } from "../../chain/relayer";
import { bridgeTransfers } from "../../chain/schema";
import { FAUCET_GAS_ETH } from "../../chain/tokens";
import type { Database } from "../../db/client";
import { BPS, fractionToDecimal, lessSlippage, priceImpact, unitsToDecimal } from "../amounts";
import { SwapError } from "../errors";
import type { KeyedLock } from "../lock";
import type { ProviderQuote, QuoteInput, StatusUpdate, StoredQuote, SwapProvider, UnsignedTransaction } from "../provider";
import type { SwapRow } from "../schema";
import { resendMissing, signRecordSend } from "../send";
import { hubOf, midPriceUsd, priceText, readReserves, routeHops, usdText, usdValue, type Hop } from "./pricing";
import { evmAddress, resolveChain, resolveToken, tokenView } from "./resolve";

// Gas each step takes on our contracts, with headroom; swap.int.test.ts checks real receipts stay under the limits.
const GAS = {
  approve: 50_000n,
  swapBase: 60_000n,
  perHop: 80_000n,
  depositBase: 140_000n,
};
const limitOf = (estimate: bigint) => (estimate * 3n) / 2n;
/** The on-chain deadline of prepared transactions, from the chain's latest block (Uniswap's default). */
const DEADLINE_SECONDS = 30n * 60n;

/** How a local quote is carried out; stored with the quote. */
interface LocalRoute {
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

export function createLocalProvider(input: { network: ChainNetwork; db: Database; lock: KeyedLock }): SwapProvider {
  const { network, db, lock } = input;
  const blockSeconds = Math.max(1, Math.ceil(network.config.blockTimeSeconds));

  const routeOf = (quote: StoredQuote): LocalRoute => quote.data as unknown as LocalRoute;
  const chainOf = (id: number): LocalChain => {
    const chain = network.byId(id);
    if (!chain) throw new SwapError("unavailable", `chain ${id} is not running`);
    return chain;
  };
  const tokenOf = (chain: LocalChain, address: string): DeployedToken => resolveToken(chain, address, "token");

  async function quote(q: QuoteInput): Promise<ProviderQuote> {
    const src = resolveChain(network, q.fromChain, "fromChain");
    const dst = resolveChain(network, q.toChain, "toChain");
    const from = resolveToken(src, q.fromToken, "fromToken");
    const to = resolveToken(dst, q.toToken, "toToken");
    if (src.id === dst.id && from.address === to.address) throw new SwapError("invalid", "fromToken and toToken are the same token on the same chain");
    const fromAddress = q.fromAddress ? evmAddress(q.fromAddress, "fromAddress") : null;
    const toAddress = q.toAddress ? evmAddress(q.toAddress, "toAddress") : null;
    const [srcReserves, dstReserves] = await Promise.all([readReserves(src), src.id === dst.id ? null : readReserves(dst)]);
    const reservesOn = (chain: LocalChain) => (chain.id === src.id ? srcReserves : dstReserves!);
    const priceOf = (chain: LocalChain, token: DeployedToken) => midPriceUsd(token, hubOf(chain), reservesOn(chain));
    const view = (chain: LocalChain, token: DeployedToken): SwapTokenView => tokenView(chain, token, priceText(priceOf(chain, token)));

    let srcHops: Hop[];
    let dstHops: Hop[] = [];
    let toAmount: bigint;
    let bridge: { gross: bigint; fee: bigint; net: bigint } | null = null;
    if (src.id === dst.id) {
      srcHops = routeHops(src, srcReserves, from, to, q.fromAmount);
      toAmount = srcHops.at(-1)!.amountOut;
    } else {
      srcHops = from.symbol === hubOf(src).symbol ? [] : routeHops(src, srcReserves, from, hubOf(src), q.fromAmount);
      const gross = srcHops.at(-1)?.amountOut ?? q.fromAmount;
      const fee = (gross * BRIDGE_FEE_BPS) / BPS;
      const net = gross - fee;
      const inventory = await dst.conn.public.readContract({ address: hubOf(dst).address, abi: erc20Abi, functionName: "balanceOf", args: [dst.contracts.bridge] });
      if (net > inventory) {
        throw new SwapError("no_route", `No route: the bridge to ${dst.name} holds ${unitsToDecimal(inventory, 6)} USDC, less than the ${unitsToDecimal(net, 6)} this swap would bridge`);
      }
      bridge = { gross, fee, net };
      dstHops = to.symbol === hubOf(dst).symbol ? [] : routeHops(dst, dstReserves!, hubOf(dst), to, net);
      toAmount = dstHops.at(-1)?.amountOut ?? net;
    }
    if (toAmount === 0n || (bridge && bridge.net === 0n)) {
      throw new SwapError("no_route", `No route: ${q.fromAmount} base units of ${from.symbol} is too small to receive any ${to.symbol}`);
    }
    const toAmountMin = lessSlippage(toAmount, q.slippage);
    const spender = bridge ? src.contracts.bridge : src.contracts.router;
    const needsApproval = fromAddress
      ? (await src.conn.public.readContract({ address: from.address, abi: erc20Abi, functionName: "allowance", args: [fromAddress, spender] })) < q.fromAmount
      : true;

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

    const gasPrice = await src.conn.public.getGasPrice();
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
        token: { chainId: src.id, address: "0x0000000000000000000000000000000000000000", symbol: "ETH", name: "Ether", decimals: 18, priceUSD: priceText(ethPrice) },
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

  async function prepare(stored: StoredQuote, senderText: string): Promise<UnsignedTransaction[]> {
    const route = routeOf(stored);
    const sender = evmAddress(senderText, "fromAddress");
    const src = chainOf(route.chainId);
    const token = tokenOf(src, route.tokenIn);
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
        out.push(tx("reset-approval", token.address, encodeFunctionData({ abi: testTokenAbi, functionName: "approve", args: [route.spender, 0n] }), GAS.approve, `Reset the ${token.symbol} allowance to zero (${token.symbol} refuses to change a non-zero allowance)`));
      }
      out.push(tx("approval", token.address, encodeFunctionData({ abi: testTokenAbi, functionName: "approve", args: [route.spender, amountIn] }), GAS.approve, `Approve exactly ${unitsToDecimal(amountIn, token.decimals)} ${token.symbol}`));
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
          encodeFunctionData({ abi: routerAbi, functionName: "swapExactIn", args: [token.address, route.tokenOut, amountIn, BigInt(route.toAmountMin), recipient, deadline] }),
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
          `Bridge ${unitsToDecimal(amountIn, token.decimals)} ${token.symbol} to ${chainOf(route.dstChainId).name} for at least ${unitsToDecimal(BigInt(route.toAmountMin), toToken.decimals, 6)} ${toToken.symbol}`,
        ),
      );
    }
    return out;
  }

  async function status(swap: SwapRow, stored: StoredQuote): Promise<StatusUpdate> {
    const route = routeOf(stored);
    const src = chainOf(route.chainId);
    const hash = swap.sourceTxHash as Hash;
    const receipt = await src.conn.public.getTransactionReceipt({ hash }).catch(() => null);
    const pending = (substatus: StatusUpdate["substatus"], message: string): StatusUpdate => ({ status: "PENDING", substatus, substatusMessage: message, receiving: null });
    if (!receipt) {
      if (swap.mode === "desk") await resendMissing(src.conn, swap.transactions);
      return pending("WAIT_SOURCE_CONFIRMATIONS", `Waiting for the transaction to be mined on ${src.name}`);
    }
    if (receipt.status !== "success") {
      const { substatus, message } = await failureOf(src, hash, receipt.blockNumber);
      return { status: "FAILED", substatus, substatusMessage: message, receiving: null };
    }
    if (route.kind === "swap") {
      const received = parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs: receipt.logs }).filter(
        (l) => l.address.toLowerCase() === route.tokenOut.toLowerCase() && l.args.to.toLowerCase() === swap.recipient.toLowerCase(),
      );
      const amount = received.reduce((sum, l) => sum + l.args.value, 0n);
      return { status: "DONE", substatus: "COMPLETED", substatusMessage: "The swap is complete", receiving: { chainId: src.id, txHash: hash, token: route.tokenOut, amount: amount.toString() } };
    }
    const latest = await src.conn.public.getBlockNumber();
    const confirmations = Number(latest - receipt.blockNumber) + 1;
    if (confirmations < network.config.confirmations) {
      return pending("WAIT_SOURCE_CONFIRMATIONS", `Deposit mined; ${confirmations} of ${network.config.confirmations} confirmations on ${src.name}`);
    }
    const [deposit] = parseEventLogs({ abi: bridgeAbi, eventName: "Deposited", logs: receipt.logs });
    if (!deposit) return { status: "FAILED", substatus: "UNKNOWN_FAILED_ERROR", substatusMessage: "The transaction made no bridge deposit", receiving: null };
    const [transfer] = await db
      .select()
      .from(bridgeTransfers)
      .where(and(eq(bridgeTransfers.setId, network.setId), eq(bridgeTransfers.srcChainId, src.id), eq(bridgeTransfers.depositId, Number(deposit.args.depositId))));
    const dst = chainOf(route.dstChainId);
    if (transfer?.status === "released") {
      return {
        status: "DONE",
        substatus: "COMPLETED",
        substatusMessage: `Received on ${dst.name}`,
        receiving: { chainId: dst.id, txHash: transfer.settleTxHash, token: route.tokenOut, amount: transfer.amountOut },
      };
    }
    if (transfer?.status === "refunded") {
      return {
        status: "DONE",
        substatus: "REFUNDED",
        substatusMessage: `The destination could not pay at least the minimum (${transfer.lastError ?? "refused"}); ${unitsToDecimal(BigInt(transfer.amount), 6)} USDC was refunded on ${src.name}`,
        receiving: { chainId: src.id, txHash: transfer.settleTxHash, token: hubOf(src).address, amount: transfer.amount },
      };
    }
    if (transfer?.status === "refunding") return pending("REFUND_IN_PROGRESS", `Refunding on ${src.name}`);
    return pending("WAIT_DESTINATION_TRANSACTION", `Deposit confirmed; waiting for the release on ${dst.name}`);
  }

  /** Why a mined transaction reverted: replayed as a call on the state before its block. */
  async function failureOf(chain: LocalChain, hash: Hash, blockNumber: bigint): Promise<{ substatus: StatusUpdate["substatus"]; message: string }> {
    const tx = await chain.conn.public.getTransaction({ hash });
    try {
      await chain.conn.public.call({ account: tx.from, to: tx.to, data: tx.input, blockNumber: blockNumber - 1n });
    } catch (err) {
      const reason = revertName(err) ?? shortMessage(err);
      const substatus =
        reason === "Expired"
          ? "EXPIRED"
          : reason === "InsufficientOutput" || reason === "BelowMinimum"
            ? "SLIPPAGE_EXCEEDED"
            : reason === "InsufficientAllowance"
              ? "INSUFFICIENT_ALLOWANCE"
              : reason === "InsufficientBalance"
                ? "INSUFFICIENT_BALANCE"
                : "UNKNOWN_FAILED_ERROR";
      return { substatus, message: `The transaction reverted on ${chain.name}: ${reason}` };
    }
    return { substatus: "UNKNOWN_FAILED_ERROR", message: `The transaction reverted on ${chain.name}` };
  }

  async function identify(hash: Hash, candidates: readonly StoredQuote[]): Promise<StoredQuote | null> {
    const chainIds = [...new Set(candidates.map((c) => routeOf(c).chainId))];
    for (const chainId of chainIds) {
      const chain = network.byId(chainId);
      const tx = chain ? await chain.conn.public.getTransaction({ hash }).catch(() => null) : null;
      if (!tx) continue;
      const match = candidates.find(
        (c) =>
          routeOf(c).chainId === chainId &&
          c.prepared !== null &&
          c.prepared.sender.toLowerCase() === tx.from.toLowerCase() &&
          c.prepared.to.toLowerCase() === tx.to?.toLowerCase() &&
          c.prepared.data.toLowerCase() === tx.input.toLowerCase(),
      );
      if (match) return match;
    }
    return null;
  }

  function chains(): SwapChainView[] {
    return network.chains.map((c) => ({
      id: c.id,
      key: c.key,
      name: c.name,
      chainType: "EVM" as const,
      nativeSymbol: "ETH",
      rpcUrl: c.rpcUrl,
      faucet: true,
      tokens: c.tokens.map((t) => tokenView(c, t, null)),
    }));
  }

  async function balances(addressText: string) {
    const address = evmAddress(addressText, "address");
    const perChain = await Promise.all(
      network.chains.map(async (c) => {
        const [native, ...tokenBalances] = await Promise.all([
          c.conn.public.getBalance({ address }),
          ...c.tokens.map((t) => c.conn.public.readContract({ address: t.address, abi: erc20Abi, functionName: "balanceOf", args: [address] })),
        ]);
        return {
          native: { chainId: c.id, balance: native.toString() },
          tokens: c.tokens.map((t, i) => ({ chainId: c.id, token: tokenView(c, t, null), balance: tokenBalances[i]!.toString() })),
        };
      }),
    );
    return { native: perChain.map((p) => p.native), tokens: perChain.flatMap((p) => p.tokens) };
  }

  async function faucet(addressText: string) {
    const address = evmAddress(addressText, "address");
    const funded = [];
    for (const chain of network.chains) {
      const wallet = chain.conn.walletFor(network.deployer);
      const native = parseUnits(FAUCET_GAS_ETH, 18);
      const tokens = await lock(`${chain.id}:${network.deployer.address.toLowerCase()}`, async () => {
        await chain.conn.public.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: address, value: native }) });
        const given = [];
        for (const token of chain.tokens) {
          const amount = parseUnits(token.faucetAmount, token.decimals);
          await fundToken(chain.conn, wallet, token, token.address, address, amount);
          given.push({ symbol: token.symbol, amount: amount.toString() });
        }
        return given;
      });
      funded.push({ chainId: chain.id, native: native.toString(), tokens });
    }
    return { address, funded };
  }

  return {
    name: "local",
    chains,
    quote,
    prepare,
    async execute(stored, account, record) {
      const transactions = await prepare(stored, account.address);
      return signRecordSend({ conn: chainOf(routeOf(stored).chainId).conn, account, transactions, lock, record });
    },
    status,
    identify,
    balances,
    faucet,
  };
}
