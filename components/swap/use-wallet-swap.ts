"use client";

import { useState } from "react";
import { BaseError, type Hex } from "viem";
import { waitForTransactionReceipt } from "viem/actions";
import { useConfig, useConnection, useSendTransaction, useSwitchChain } from "wagmi";
import { getConnectorClient } from "wagmi/actions";
import { prepareSwapAction } from "@/app/swap/actions";
import type { SwapTransactionView } from "@/lib/swap/contract";

export type WalletStep = { kind: SwapTransactionView["kind"] | "switch"; label: string; state: "waiting" | "active" | "done" | "failed"; hash?: string };

/** Words for a wallet failure: viem's short message, not its stack of details. */
export function walletErrorText(err: unknown): string {
  if (err instanceof BaseError) return err.shortMessage;
  return err instanceof Error ? err.message : "The wallet request failed.";
}

/**
 * Carries out a quote with the connected wallet: prepare on the server, then for each transaction
 * switch to its chain, send it with wagmi and wait for its receipt. Resolves with the hash of the
 * last (swap or bridge) transaction, which the desk then follows.
 */
export function useWalletSwap() {
  const config = useConfig();
  const { address, chainId } = useConnection();
  const switchChain = useSwitchChain();
  const send = useSendTransaction();
  const [steps, setSteps] = useState<WalletStep[]>([]);

  const update = (i: number, patch: Partial<WalletStep>) => setSteps((all) => all.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  async function run(quoteId: string): Promise<string> {
    if (!address) throw new Error("Connect a wallet first.");
    setSteps([{ kind: "switch", label: "Prepare the transactions", state: "active" }]);
    const prepared = await prepareSwapAction({ quoteId, fromAddress: address });
    if (!prepared.ok) {
      setSteps([{ kind: "switch", label: "Prepare the transactions", state: "failed" }]);
      throw new Error(prepared.error);
    }
    const txs = prepared.value.transactions;
    setSteps(txs.map((tx) => ({ kind: tx.kind, label: tx.description, state: "waiting" })));
    let current = chainId;
    let last = "";
    for (const [i, tx] of txs.entries()) {
      update(i, { state: "active" });
      try {
        // Only chains the dashboard's wallet configuration knows can be switched to and sent on.
        const chain = config.chains.find((c) => c.id === tx.chainId);
        if (!chain) throw new Error(`This dashboard's wallet does not know chain ${tx.chainId}.`);
        if (current !== chain.id) {
          await switchChain.mutateAsync({ chainId: chain.id });
          current = chain.id;
        }
        const hash = await send.mutateAsync({
          chainId: chain.id,
          to: tx.to as Hex,
          data: tx.data as Hex,
          value: BigInt(tx.value),
          gas: tx.gasLimit ? BigInt(tx.gasLimit) : undefined,
        });
        update(i, { hash });
        // The receipt comes through the wallet's own connection to the chain.
        const client = await getConnectorClient(config, { chainId: chain.id });
        const receipt = await waitForTransactionReceipt(client, { hash, pollingInterval: 500 });
        if (receipt.status !== "success") throw new Error(`The transaction ${hash} reverted.`);
        update(i, { state: "done" });
        last = hash;
      } catch (err) {
        update(i, { state: "failed" });
        throw err;
      }
    }
    return last;
  }

  return { run, steps, reset: () => setSteps([]) };
}
