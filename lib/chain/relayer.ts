import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { encodeFunctionData, keccak256, parseEventLogs, parseTransaction, type Hash, type Hex } from "viem";
import type { Clock } from "../clock";
import type { Database } from "../db/client";
import { newId } from "../ids";
import type { Logger } from "../log";
import { bridgeAbi, routerAbi, testTokenAbi } from "./abis";
import { revertName, shortMessage } from "./revert";
import type { LocalChain, ChainNetwork } from "./network";
import { bridgeTransfers, chainDeployments, type BridgeTransferRow } from "./schema";

export interface RelayerOptions {
  network: ChainNetwork;
  db: Database;
  clock: Clock;
  log: Logger;
  /** Sends a signed transaction. Defaults to eth_sendRawTransaction on the chain. */
  broadcast?: (chain: LocalChain, raw: Hex) => Promise<unknown>;
}

export interface Relayer {
  /** One pass: record new deposits, then move every unsettled transfer forward. */
  tick(): Promise<void>;
  /** Runs `tick` every `pollMs` until stopped. */
  start(): void;
  /** Stops the loop and waits for a pass under way. */
  stop(): Promise<void>;
}

// A relayer scans at most this many blocks per request (public RPCs cap eth_getLogs ranges).
const MAX_LOG_RANGE = 2_000n;
// The release call and every error it can revert with (the router's and the tokens' included).
const releaseAbi = [...bridgeAbi, ...routerAbi.filter((i) => i.type === "error"), ...testTokenAbi.filter((i) => i.type === "error")];
// Reverts that mean a release can never succeed as asked: refund the deposit instead.
const UNRELEASABLE = new Set(["InsufficientOutput", "BelowMinimum", "InsufficientBalance", "NoPool", "SameToken"]);

/**
 * The bridge relayer. Each deposit is recorded once (unique by deployment set, chain and deposit
 * id); its release or refund is signed, recorded, and only then sent, so after a crash the very same
 * transaction is sent again instead of a second one; and the bridge itself refuses a second release.
 */
export function createRelayer(opts: RelayerOptions): Relayer {
  const { network, db, log } = opts;
  const now = () => new Date(opts.clock.now());
  const broadcast = opts.broadcast ?? ((chain: LocalChain, raw: Hex) => chain.conn.public.sendRawTransaction({ serializedTransaction: raw }));
  const chainOf = (id: number): LocalChain => {
    const chain = network.byId(id);
    if (!chain) throw new Error(`chain ${id} is not served by this relayer`);
    return chain;
  };

  async function scan(chain: LocalChain): Promise<void> {
    const [row] = await db.select().from(chainDeployments).where(eq(chainDeployments.chainId, chain.id));
    if (!row || row.setId !== network.setId) return;
    const latest = await chain.conn.public.getBlockNumber();
    let from = BigInt(row.scannedBlock) + 1n;
    while (from <= latest) {
      const to = from + MAX_LOG_RANGE - 1n < latest ? from + MAX_LOG_RANGE - 1n : latest;
      const logs = await chain.conn.public.getContractEvents({
        address: chain.contracts.bridge,
        abi: bridgeAbi,
        eventName: "Deposited",
        fromBlock: from,
        toBlock: to,
      });
      await db.transaction(async (tx) => {
        if (logs.length > 0) {
          await tx
            .insert(bridgeTransfers)
            .values(
              logs.map((l) => ({
                id: newId("xfer"),
                setId: network.setId,
                srcChainId: chain.id,
                depositId: Number(l.args.depositId!),
                dstChainId: Number(l.args.dstChainId!),
                sender: l.args.sender!.toLowerCase(),
                recipient: l.args.recipient!.toLowerCase(),
                amount: l.args.amount!.toString(),
                fee: l.args.fee!.toString(),
                tokenOut: l.args.tokenOut!.toLowerCase(),
                minAmountOut: l.args.minAmountOut!.toString(),
                depositTxHash: l.transactionHash,
                depositBlock: Number(l.blockNumber),
                status: "pending" as const,
                createdAt: now(),
                updatedAt: now(),
              })),
            )
            .onConflictDoNothing();
        }
        await tx
          .update(chainDeployments)
          .set({ scannedBlock: Number(to) })
          .where(eq(chainDeployments.chainId, chain.id));
      });
      from = to + 1n;
    }
  }

  /** Moves the transfer from `status` to the next one, unless another relayer got there first. */
  async function transition(row: BridgeTransferRow, set: Partial<BridgeTransferRow>): Promise<boolean> {
    const updated = await db
      .update(bridgeTransfers)
      .set({ ...set, updatedAt: now() })
      .where(and(eq(bridgeTransfers.id, row.id), eq(bridgeTransfers.status, row.status)))
      .returning({ id: bridgeTransfers.id });
    return updated.length === 1;
  }

  async function releasedOnChain(row: BridgeTransferRow): Promise<{ hash: Hash; amountOut: bigint } | null> {
    const dst = chainOf(row.dstChainId);
    const done = await dst.conn.public.readContract({
      address: dst.contracts.bridge,
      abi: bridgeAbi,
      functionName: "released",
      args: [BigInt(row.srcChainId), BigInt(row.depositId)],
    });
    if (!done) return null;
    const [event] = await dst.conn.public.getContractEvents({
      address: dst.contracts.bridge,
      abi: bridgeAbi,
      eventName: "Released",
      args: { srcChainId: BigInt(row.srcChainId), depositId: BigInt(row.depositId) },
      fromBlock: BigInt(dst.deployedBlock),
    });
    if (!event) throw new Error(`deposit ${row.depositId} is released on chain ${dst.id} but its event is missing`);
    return { hash: event.transactionHash, amountOut: event.args.amountOut! };
  }

  async function refundedOnChain(row: BridgeTransferRow): Promise<{ hash: Hash } | null> {
    const src = chainOf(row.srcChainId);
    const [, , refunded] = await src.conn.public.readContract({
      address: src.contracts.bridge,
      abi: bridgeAbi,
      functionName: "deposits",
      args: [BigInt(row.depositId)],
    });
    if (!refunded) return null;
    const [event] = await src.conn.public.getContractEvents({
      address: src.contracts.bridge,
      abi: bridgeAbi,
      eventName: "Refunded",
      args: { depositId: BigInt(row.depositId) },
      fromBlock: BigInt(src.deployedBlock),
    });
    if (!event) throw new Error(`deposit ${row.depositId} is refunded on chain ${src.id} but its event is missing`);
    return { hash: event.transactionHash };
  }

  /** Signs a release (or, when the release cannot succeed, a refund), records it, then sends it. */
  async function settle(row: BridgeTransferRow): Promise<void> {
    const src = chainOf(row.srcChainId);
    const latest = await src.conn.public.getBlockNumber();
    if (Number(latest) - row.depositBlock + 1 < network.config.confirmations) return;
    const already = await releasedOnChain(row);
    if (already) {
      await transition(row, { status: "released", settleChainId: row.dstChainId, settleTxHash: already.hash, amountOut: already.amountOut.toString() });
      return;
    }
    const dst = network.byId(row.dstChainId);
    const args = [
      BigInt(row.srcChainId),
      BigInt(row.depositId),
      row.recipient as Hex,
      BigInt(row.amount),
      row.tokenOut as Hex,
      BigInt(row.minAmountOut),
    ] as const;
    const unreleasable = dst ? await releaseRefusal(dst, args) : `no chain ${row.dstChainId}`;
    if (unreleasable) {
      log.warn({ depositId: row.depositId, srcChainId: row.srcChainId, reason: unreleasable }, "bridge deposit cannot be released; refunding");
      const refund = await signCall(src, encodeFunctionData({ abi: bridgeAbi, functionName: "refund", args: [BigInt(row.depositId)] }));
      const claimed = await transition(row, {
        status: "refunding",
        settleChainId: src.id,
        settleTxHash: refund.hash,
        settleRawTx: refund.raw,
        lastError: unreleasable,
      });
      if (claimed) await send(src, refund.raw);
      return;
    }
    const release = await signCall(dst!, encodeFunctionData({ abi: bridgeAbi, functionName: "release", args }));
    const claimed = await transition(row, { status: "releasing", settleChainId: dst!.id, settleTxHash: release.hash, settleRawTx: release.raw });
    if (claimed) await send(dst!, release.raw);
  }

  /** Why the release would revert for good (slippage, no inventory), or null when it would succeed. */
  async function releaseRefusal(dst: LocalChain, args: readonly [bigint, bigint, Hex, bigint, Hex, bigint]): Promise<string | null> {
    try {
      await dst.conn.public.simulateContract({ account: network.relayer, address: dst.contracts.bridge, abi: releaseAbi, functionName: "release", args });
      return null;
    } catch (err) {
      const reason = revertName(err);
      if (reason && UNRELEASABLE.has(reason)) return reason;
      throw err;
    }
  }

  async function signCall(chain: LocalChain, data: Hex): Promise<{ raw: Hex; hash: Hash }> {
    const wallet = chain.conn.walletFor(network.relayer);
    const request = await wallet.prepareTransactionRequest({ to: chain.contracts.bridge, data });
    const raw = await wallet.signTransaction(request);
    return { raw, hash: keccak256(raw) };
  }

  async function send(chain: LocalChain, raw: Hex): Promise<void> {
    try {
      await broadcast(chain, raw);
    } catch (err) {
      // Recorded already: the next pass finds it mined, sends it again, or signs anew if it can never be mined.
      log.warn({ chainId: chain.id, err: shortMessage(err) }, "relayer could not send a transaction; will retry");
    }
  }

  /** A release or refund was signed and recorded: see it through, or start over when it can never be mined. */
  async function follow(row: BridgeTransferRow): Promise<void> {
    const chain = chainOf(row.settleChainId!);
    const hash = row.settleTxHash as Hash;
    const receipt = await chain.conn.public.getTransactionReceipt({ hash }).catch(() => null);
    if (receipt?.status === "success") {
      const [released] = parseEventLogs({ abi: bridgeAbi, eventName: "Released", logs: receipt.logs });
      await transition(
        row,
        row.status === "releasing"
          ? { status: "released", amountOut: released?.args.amountOut.toString() ?? null, settleRawTx: null }
          : { status: "refunded", amountOut: row.amount, settleRawTx: null },
      );
      return;
    }
    // Settled by another transaction (another relayer instance, or an earlier attempt)?
    if (row.status === "releasing") {
      const other = await releasedOnChain(row);
      if (other) {
        await transition(row, { status: "released", settleTxHash: other.hash, amountOut: other.amountOut.toString(), settleRawTx: null });
        return;
      }
    } else {
      const other = await refundedOnChain(row);
      if (other) {
        await transition(row, { status: "refunded", settleTxHash: other.hash, amountOut: row.amount, settleRawTx: null });
        return;
      }
    }
    if (!receipt) {
      if (await chain.conn.public.getTransaction({ hash }).catch(() => null)) return; // Waiting in the mempool.
      const nonce = await chain.conn.public.getTransactionCount({ address: network.relayer.address, blockTag: "latest" });
      if (row.settleRawTx && (parseTransaction(row.settleRawTx as Hex).nonce ?? 0) >= nonce) {
        await send(chain, row.settleRawTx as Hex);
        return;
      }
    }
    // Reverted, or its nonce went to another transaction: it will never settle the transfer. Decide again.
    await transition(row, {
      status: "pending",
      settleChainId: null,
      settleTxHash: null,
      settleRawTx: null,
      attempts: row.attempts + 1,
      lastError: receipt ? "reverted" : "replaced",
    });
  }

  async function tick(): Promise<void> {
    for (const chain of network.chains) await scan(chain);
    const open = await db
      .select()
      .from(bridgeTransfers)
      .where(and(eq(bridgeTransfers.setId, network.setId), inArray(bridgeTransfers.status, ["pending", "releasing", "refunding"])))
      .orderBy(sql`case when ${bridgeTransfers.status} = 'pending' then 1 else 0 end`, asc(bridgeTransfers.createdAt));
    for (const row of open) {
      try {
        if (row.status === "pending") await settle(row);
        else await follow(row);
      } catch (err) {
        log.warn({ depositId: row.depositId, srcChainId: row.srcChainId, err: shortMessage(err) }, "relayer could not move a transfer forward; will retry");
        await db
          .update(bridgeTransfers)
          .set({ attempts: row.attempts + 1, lastError: shortMessage(err), updatedAt: now() })
          .where(eq(bridgeTransfers.id, row.id));
      }
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const loop = () => {
    running = tick()
      .catch((err: unknown) => log.warn({ err: shortMessage(err) }, "relayer pass failed; will retry"))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(loop, network.config.pollMs);
      });
  };
  return {
    tick,
    start: () => {
      stopped = false;
      loop();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
