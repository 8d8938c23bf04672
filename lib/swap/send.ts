import { formatEther, keccak256, type Hex, type PrivateKeyAccount } from "viem";
import { SwapError } from "./errors";
import type { ChainConnection } from "../chain/clients";
import type { KeyedLock } from "../concurrency/keyed-lock";
import type { SignedTransaction, UnsignedTransaction } from "./provider";

/**
 * Signs `transactions` (all on one chain) with consecutive nonces, lets `record` persist them, then
 * sends them in order. Nothing is sent before it is recorded, so a crash leaves a swap that can be
 * followed and its transactions sent again, never one that was sent and forgotten.
 */
export async function signRecordSend(input: {
  conn: ChainConnection;
  account: PrivateKeyAccount;
  transactions: readonly UnsignedTransaction[];
  lock: KeyedLock;
  record: (signed: SignedTransaction[]) => Promise<void>;
  /** Called when a send fails after recording (the swap's status sends it again). */
  onSendError?: (err: unknown) => void;
}): Promise<SignedTransaction[]> {
  const { conn, account } = input;
  const chainId = conn.chain.id;
  return input.lock(`${chainId}:${account.address.toLowerCase()}`, async () => {
    let nonce = await conn.public.getTransactionCount({ address: account.address, blockTag: "pending" });
    const [fees, balance] = await Promise.all([conn.public.estimateFeesPerGas(), conn.public.getBalance({ address: account.address })]);
    const worstCase = input.transactions.reduce((sum, tx) => sum + BigInt(tx.gasLimit ?? 0) * fees.maxFeePerGas + BigInt(tx.value), 0n);
    if (balance < worstCase) {
      throw new SwapError(
        "conflict",
        `Insufficient gas: ${account.address} holds ${formatEther(balance)} ETH on ${conn.chain.name}; these transactions may cost up to ${formatEther(worstCase)}`,
      );
    }
    const signed: SignedTransaction[] = [];
    for (const tx of input.transactions) {
      if (tx.chainId !== chainId || !tx.to) throw new Error(`transaction for chain ${tx.chainId} cannot be signed on ${chainId}`);
      const raw = await account.signTransaction({
        type: "eip1559",
        chainId,
        nonce: nonce++,
        to: tx.to as Hex,
        data: tx.data as Hex,
        value: BigInt(tx.value),
        gas: tx.gasLimit ? BigInt(tx.gasLimit) : undefined,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      signed.push({ kind: tx.kind, chainId, hash: keccak256(raw), raw });
    }
    await input.record(signed);
    try {
      for (const s of signed) await conn.public.sendRawTransaction({ serializedTransaction: s.raw });
    } catch (err) {
      input.onSendError?.(err);
    }
    return signed;
  });
}

/** Sends recorded transactions again that the chain does not know (after a crash or a dropped send). */
export async function resendMissing(conn: ChainConnection, transactions: readonly { hash: string; raw?: string }[]): Promise<void> {
  for (const tx of transactions) {
    if (!tx.raw) continue;
    const known = await conn.public.getTransaction({ hash: tx.hash as Hex }).catch(() => null);
    if (known) continue;
    await conn.public.sendRawTransaction({ serializedTransaction: tx.raw as Hex }).catch(() => {});
  }
}
