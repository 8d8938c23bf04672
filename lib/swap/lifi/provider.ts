import { encodeFunctionData, erc20Abi, type Address, type Hash } from "viem";
import { z } from "zod";
import type { SwapChainView, SwapStepView, SwapSubstatus, SwapTokenView } from "../contract";
import { SWAP_SUBSTATUSES } from "../contract";
import { connectChain, type ChainConnection } from "../../chain/clients";
import type { SwapConfig } from "../../config";
import type { Logger } from "../../log";
import { decimalToFraction, fractionToDecimal, unitsToDecimal, type Fraction } from "../../decimal";
import { SwapError } from "../errors";
import { evmAddress } from "../local/resolve";
import type { KeyedLock } from "../../concurrency/keyed-lock";
import type { ProviderQuote, QuoteInput, StatusUpdate, StoredQuote, SwapProvider, UnsignedTransaction } from "../provider";
import type { SwapRow } from "../schema";
import { resendMissing, signRecordSend } from "../send";
import { lifiGet, lifiQuoteSchema, lifiStatusSchema, type LifiApiOptions, type LifiToken } from "./api";
import { APPROVAL_RESET_TOKENS, findLifiChain, LIFI_CHAINS, type LifiChain } from "./chains";

const NATIVE = new Set(["0x0000000000000000000000000000000000000000", "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"]);
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const APPROVE_GAS = 60_000n;

/** What prepare and status need from LI.FI's quote; stored with the quote and parsed back. */
const lifiRouteSchema = z.object({
  kind: z.enum(["swap", "bridge"]),
  tool: z.string(),
  chainType: z.enum(["EVM", "SVM"]),
  fromChainId: z.number(),
  toChainId: z.number(),
  fromToken: z.string(),
  fromAmount: z.string(),
  fromAddress: z.string(),
  approvalAddress: z.string().nullable(),
  transactionRequest: lifiQuoteSchema.shape.transactionRequest,
});
type LifiRoute = z.infer<typeof lifiRouteSchema>;

/** Routes through LI.FI: its quote and status APIs; transactions are signed by the caller or the server wallet (RPC from SWAP_RPC_URLS). */
export function createLifiProvider(input: { config: SwapConfig; lock: KeyedLock; log: Logger; fetch?: typeof fetch }): SwapProvider {
  const api: LifiApiOptions = { apiUrl: input.config.lifi.apiUrl, apiKey: input.config.lifi.apiKey, fetch: input.fetch };
  const conns = new Map<number, ChainConnection>();
  const rpc = (chainId: number): ChainConnection | null => {
    const url = input.config.rpcUrls[chainId];
    if (!url) return null;
    if (!conns.has(chainId))
      conns.set(chainId, connectChain({ id: chainId, name: findLifiChain(chainId)?.name ?? `chain ${chainId}`, rpcUrl: url, pollingMs: 2000 }));
    return conns.get(chainId)!;
  };
  const routeOf = (q: StoredQuote): LifiRoute => lifiRouteSchema.parse(q.data);

  function chain(ref: string | number, field: string): LifiChain {
    const found = findLifiChain(ref);
    if (!found)
      throw new SwapError(
        "invalid",
        `${field}: unknown chain ${JSON.stringify(String(ref))}; LI.FI routes here between ${LIFI_CHAINS.map((c) => c.key).join(", ")}`,
      );
    return found;
  }

  function address(c: LifiChain, value: string, field: string): string {
    if (c.chainType === "EVM") return evmAddress(value, field);
    if (!SOLANA_ADDRESS.test(value)) throw new SwapError("invalid", `${field}: ${JSON.stringify(value)} is not a Solana address`);
    return value;
  }

  const tokenView = (t: LifiToken): SwapTokenView => ({
    chainId: t.chainId,
    address: t.address,
    symbol: t.symbol,
    name: t.name,
    decimals: t.decimals,
    priceUSD: t.priceUSD ?? null,
  });

  async function quote(q: QuoteInput): Promise<ProviderQuote> {
    const from = chain(q.fromChain, "fromChain");
    const to = chain(q.toChain, "toChain");
    if (!q.fromAddress) throw new SwapError("invalid", "fromAddress: required for LI.FI quotes (its transaction is built for the sender)");
    const fromAddress = address(from, q.fromAddress, "fromAddress");
    const toAddress = q.toAddress ? address(to, q.toAddress, "toAddress") : to.chainType === from.chainType ? fromAddress : undefined;
    if (!toAddress) throw new SwapError("invalid", `toAddress: required when sending from ${from.name} to ${to.name}`);
    const lifi = await lifiGet(
      api,
      "/quote",
      {
        fromChain: String(from.id),
        toChain: String(to.id),
        fromToken: q.fromToken,
        toToken: q.toToken,
        fromAmount: q.fromAmount.toString(),
        fromAddress,
        toAddress,
        slippage: fractionToDecimal(q.slippage, 6),
        integrator: input.config.lifi.integrator,
      },
      lifiQuoteSchema,
    );
    const e = lifi.estimate;
    const fromToken = tokenView(lifi.action.fromToken);
    const toToken = tokenView(lifi.action.toToken);
    const fromUsd = e.fromAmountUSD ? decimalToFraction(e.fromAmountUSD) : null;
    const toUsd = e.toAmountUSD ? decimalToFraction(e.toAmountUSD) : null;
    const impact = fromUsd && toUsd && fromUsd.num > 0n ? lossOf(fromUsd, toUsd) : null;
    const native = NATIVE.has(lifi.action.fromToken.address.toLowerCase()) || from.chainType === "SVM";
    const steps: SwapStepView[] = (lifi.includedSteps ?? []).map((s) => ({
      type: s.type === "cross" ? "bridge" : "swap",
      tool: s.tool,
      fromChainId: s.action.fromChainId,
      toChainId: s.action.toChainId,
      fromToken: tokenView(s.action.fromToken),
      toToken: tokenView(s.action.toToken),
      fromAmount: s.estimate.fromAmount,
      toAmount: s.estimate.toAmount,
      executionDuration: Math.round(s.estimate.executionDuration),
    }));
    const route: LifiRoute = {
      kind: lifi.type === "cross" || lifi.action.fromChainId !== lifi.action.toChainId ? "bridge" : "swap",
      tool: lifi.tool,
      chainType: from.chainType,
      fromChainId: from.id,
      toChainId: to.id,
      fromToken: lifi.action.fromToken.address,
      fromAmount: e.fromAmount,
      fromAddress,
      approvalAddress: native ? null : (e.approvalAddress ?? null),
      transactionRequest: lifi.transactionRequest,
    };
    return {
      view: {
        fromChainId: from.id,
        toChainId: to.id,
        fromToken,
        toToken,
        fromAddress,
        toAddress,
        fromAmount: e.fromAmount,
        toAmount: e.toAmount,
        toAmountMin: e.toAmountMin,
        fromAmountUSD: e.fromAmountUSD ?? null,
        toAmountUSD: e.toAmountUSD ?? null,
        rate: fractionToDecimal(
          { num: BigInt(e.toAmount) * 10n ** BigInt(fromToken.decimals), den: BigInt(e.fromAmount) * 10n ** BigInt(toToken.decimals) },
          10,
        ),
        priceImpact: impact ? fractionToDecimal(impact, 6) : null,
        slippage: fractionToDecimal(q.slippage, 6),
        approvalAddress: route.approvalAddress,
        feeCosts: (e.feeCosts ?? []).map((f) => ({
          name: f.name,
          description: f.description ?? f.name,
          token: tokenView(f.token),
          amount: f.amount,
          amountUSD: f.amountUSD ?? null,
          percentage: f.percentage ?? "0",
          included: f.included ?? true,
        })),
        gasCosts: (e.gasCosts ?? []).map((g) => ({
          type: g.type === "APPROVE" ? ("APPROVE" as const) : ("SEND" as const),
          chainId: g.token.chainId,
          estimate: g.estimate ?? g.limit ?? "0",
          limit: g.limit ?? g.estimate ?? "0",
          price: g.price ?? "0",
          amount: g.amount,
          amountUSD: g.amountUSD ?? null,
          token: tokenView(g.token),
        })),
        executionDuration: Math.round(e.executionDuration),
        steps,
      },
      notionalUsd: fromUsd,
      data: { ...route },
    };
  }

  async function prepare(stored: StoredQuote, senderText: string): Promise<UnsignedTransaction[]> {
    const route = routeOf(stored);
    const from = chain(route.fromChainId, "fromChain");
    const sender = address(from, senderText, "fromAddress");
    if (sender.toLowerCase() !== route.fromAddress.toLowerCase()) {
      throw new SwapError("invalid", `fromAddress: this LI.FI quote was built for ${route.fromAddress}; ask for a quote with fromAddress ${sender}`);
    }
    const tr = route.transactionRequest;
    const mainKind = route.kind;
    if (route.chainType === "SVM") {
      return [
        {
          kind: mainKind,
          chainId: from.id,
          chainType: "SVM",
          from: sender,
          to: null,
          data: tr.data,
          value: "0",
          gasLimit: null,
          description: `Sign the ${route.tool} transaction with your Solana wallet`,
        },
      ];
    }
    const amount = BigInt(route.fromAmount);
    const conn = rpc(from.id);
    const out: UnsignedTransaction[] = [];
    const evmTx = (
      kind: UnsignedTransaction["kind"],
      to: string,
      data: string,
      value: bigint,
      gas: bigint | null,
      description: string,
    ): UnsignedTransaction => ({
      kind,
      chainId: from.id,
      chainType: "EVM",
      from: sender,
      to,
      data,
      value: value.toString(),
      gasLimit: gas?.toString() ?? null,
      description,
    });
    if (route.approvalAddress) {
      const token = route.fromToken as Address;
      const spender = route.approvalAddress as Address;
      // Without an RPC for the chain the allowance is unknown: approve the exact amount regardless (a reset first where the token needs it).
      let allowance: bigint | null = null;
      if (conn) {
        const [balance, current] = await Promise.all([
          conn.public.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [sender as Address] }),
          conn.public.readContract({ address: token, abi: erc20Abi, functionName: "allowance", args: [sender as Address, spender] }),
        ]);
        if (balance < amount) {
          const decimals = stored.view.fromToken.decimals;
          throw new SwapError(
            "conflict",
            `Insufficient balance: ${sender} holds ${unitsToDecimal(balance, decimals)} ${stored.view.fromToken.symbol}; the quote needs ${unitsToDecimal(amount, decimals)}`,
          );
        }
        allowance = current;
      }
      if (allowance === null || allowance < amount) {
        const needsReset = APPROVAL_RESET_TOKENS[from.id]?.includes(token.toLowerCase()) && (allowance === null || allowance > 0n);
        if (needsReset) {
          out.push(
            evmTx(
              "reset-approval",
              token,
              encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, 0n] }),
              0n,
              APPROVE_GAS,
              `Reset the ${stored.view.fromToken.symbol} allowance to zero first`,
            ),
          );
        }
        out.push(
          evmTx(
            "approval",
            token,
            encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, amount] }),
            0n,
            APPROVE_GAS,
            `Approve exactly the amount for ${route.tool}`,
          ),
        );
      }
    }
    out.push(evmTx(mainKind, tr.to ?? "", tr.data, BigInt(tr.value ?? "0"), tr.gasLimit ? BigInt(tr.gasLimit) : null, `Send through ${route.tool}`));
    return out;
  }

  async function lifiStatus(hash: string, fromChainId: number, toChainId: number, tool?: string) {
    return lifiGet(api, "/status", { txHash: hash, fromChain: String(fromChainId), toChain: String(toChainId), bridge: tool }, lifiStatusSchema);
  }

  async function status(swap: SwapRow, stored: StoredQuote): Promise<StatusUpdate> {
    const route = routeOf(stored);
    if (swap.mode === "desk") {
      const conn = rpc(route.fromChainId);
      if (conn) await resendMissing(conn, swap.transactions);
    }
    const s = await lifiStatus(swap.sourceTxHash, route.fromChainId, route.toChainId, route.tool);
    const known = (x: string | undefined): x is SwapSubstatus => x !== undefined && (SWAP_SUBSTATUSES as readonly string[]).includes(x);
    const receiving =
      s.receiving?.txHash && s.receiving.chainId
        ? {
            chainId: s.receiving.chainId,
            txHash: s.receiving.txHash,
            token: s.receiving.token?.address ?? stored.view.toToken.address,
            amount: s.receiving.amount ?? null,
          }
        : null;
    if (s.status === "DONE") {
      return { status: "DONE", substatus: known(s.substatus) ? s.substatus : "COMPLETED", substatusMessage: s.substatusMessage ?? "Done", receiving };
    }
    if (s.status === "FAILED" || s.status === "INVALID") {
      return {
        status: "FAILED",
        substatus: known(s.substatus) ? s.substatus : "UNKNOWN_FAILED_ERROR",
        substatusMessage: s.substatusMessage ?? "LI.FI reports the transfer failed",
        receiving,
      };
    }
    if (s.status === "NOT_FOUND")
      return { status: "PENDING", substatus: "WAIT_SOURCE_CONFIRMATIONS", substatusMessage: "LI.FI has not seen the transaction yet", receiving: null };
    return {
      status: "PENDING",
      substatus: known(s.substatus) ? s.substatus : "WAIT_DESTINATION_TRANSACTION",
      substatusMessage: s.substatusMessage ?? "In progress",
      receiving,
    };
  }

  async function identify(hash: Hash, candidates: readonly StoredQuote[]): Promise<StoredQuote | null> {
    const pairs = [...new Map(candidates.map((c) => [`${routeOf(c).fromChainId}:${routeOf(c).toChainId}`, c])).values()];
    for (const c of pairs) {
      const route = routeOf(c);
      const s = await lifiStatus(hash, route.fromChainId, route.toChainId).catch(() => null);
      if (!s || s.status === "NOT_FOUND" || !s.fromAddress) continue;
      const match = candidates.find(
        (q) =>
          routeOf(q).fromChainId === (s.sending?.chainId ?? route.fromChainId) &&
          q.prepared?.sender.toLowerCase() === s.fromAddress!.toLowerCase() &&
          (s.sending?.amount === undefined || s.sending.amount === q.view.fromAmount),
      );
      if (match) return match;
    }
    return null;
  }

  function chains(): SwapChainView[] {
    return LIFI_CHAINS.map((c) => ({
      id: c.id,
      key: c.key,
      name: c.name,
      chainType: c.chainType,
      nativeSymbol: c.nativeSymbol,
      faucet: false,
      tokens: [],
    }));
  }

  return {
    name: "lifi",
    chains,
    quote,
    prepare,
    async execute(stored, account, record) {
      const route = routeOf(stored);
      if (route.chainType !== "EVM")
        throw new SwapError(
          "invalid",
          "The server-held wallet signs EVM transactions only; sign Solana routes with your own wallet (POST /agent/swap/prepare)",
        );
      const conn = rpc(route.fromChainId);
      if (!conn) throw new SwapError("unavailable", `No RPC endpoint for chain ${route.fromChainId}: add it to SWAP_RPC_URLS to execute there`);
      const transactions = await prepare(stored, account.address);
      return signRecordSend({
        conn,
        account,
        transactions,
        lock: input.lock,
        record,
        onSendError: (err) => input.log.warn({ err }, "LI.FI swap send failed; status will resend"),
      });
    },
    status,
    identify,
  };
}

/** 1 − received/sent in dollars, never below zero. */
function lossOf(sent: Fraction, received: Fraction): Fraction {
  const num = sent.num * received.den - received.num * sent.den;
  return num <= 0n ? { num: 0n, den: 1n } : { num, den: sent.num * received.den };
}
