import { and, eq } from "drizzle-orm";
import { erc20Abi, parseEventLogs, type Hash } from "viem";
import { bridgeAbi } from "../../chain/abis";
import type { ChainNetwork, LocalChain } from "../../chain/network";
import { revertName, shortMessage } from "../../chain/revert";
import { bridgeTransfers } from "../../chain/schema";
import type { Database } from "../../db/client";
import { unitsToDecimal } from "../../decimal";
import type { StatusUpdate, StoredQuote } from "../provider";
import type { SwapRow } from "../schema";
import { resendMissing } from "../send";
import { hubOf } from "./pricing";
import { chainOf, routeOf } from "./route";

/** Where a local swap stands: its source transaction, then the relayer's record of the bridge deposit. */
export async function localStatus(network: ChainNetwork, db: Database, swap: SwapRow, stored: StoredQuote): Promise<StatusUpdate> {
  const route = routeOf(stored);
  const src = chainOf(network, route.chainId);
  const hash = swap.sourceTxHash as Hash;
  const receipt = await src.conn.public.getTransactionReceipt({ hash }).catch(() => null);
  const pending = (substatus: StatusUpdate["substatus"], message: string): StatusUpdate => ({
    status: "PENDING",
    substatus,
    substatusMessage: message,
    receiving: null,
  });
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
    return {
      status: "DONE",
      substatus: "COMPLETED",
      substatusMessage: "The swap is complete",
      receiving: { chainId: src.id, txHash: hash, token: route.tokenOut, amount: amount.toString() },
    };
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
    .where(
      and(eq(bridgeTransfers.setId, network.setId), eq(bridgeTransfers.srcChainId, src.id), eq(bridgeTransfers.depositId, Number(deposit.args.depositId))),
    );
  const dst = chainOf(network, route.dstChainId);
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
