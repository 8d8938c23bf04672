import { createWalletClient, erc20Abi, http, parseUnits, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { bridgeAbi, routerAbi } from "../../lib/chain/abis";
import { startTestChains } from "../../lib/chain/testing";
import { createTestApi } from "../../lib/testing/api";
import { createTestOwner } from "../../lib/testing/owners";
import { listChains, mintKey, publicClientFor, swapClient, tokenAddress, userWallet } from "../../lib/swap/testing";
import { number, table } from "../lib/report";

const A = 31337;
const B = 31338;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `task` from `concurrency` loops for `ms` milliseconds; returns completions per second. */
async function throughput(task: () => Promise<unknown>, concurrency: number, ms: number): Promise<number> {
  let done = 0;
  const until = Date.now() + ms;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        await task();
        done++;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}

/**
 * Time from quote to DONE for a cross-chain swap on the local chains (quote, prepare, sign and send
 * with a viem account, relayer, status), beside the raw contract round-trip with viem (approve,
 * deposit, release sent straight to the bridges); and quotes per second through the API beside the
 * router's own on-chain quote.
 */
export async function swap(runs = Number(process.env.BENCH_SWAP_RUNS ?? 10), seconds = Number(process.env.BENCH_SECONDS ?? 5)): Promise<void> {
  const pollMs = 100;
  console.log(
    `\n## swap: cross-chain USDC (chain A) → WETH (chain B) on two anvil chains mining each transaction at once, relayer polling every ${pollMs} ms; ${runs} runs`,
  );
  const chains = await startTestChains({ BRIDGE_POLL_MS: String(pollMs) });
  const t = await createTestApi(chains.env);
  try {
    const api = swapClient(t, await mintKey(t, await createTestOwner(t)));
    const listed = await listChains(t);
    const a = publicClientFor(listed, A);
    const b = publicClientFor(listed, B);
    const usdcA = tokenAddress(listed, A, "USDC");
    const wethB = tokenAddress(listed, B, "WETH");
    const amount = parseUnits("100", 6);

    // Ours: the whole path an agent takes.
    const ours: number[] = [];
    for (let i = 0; i < runs; i++) {
      const user = userWallet(listed);
      await api.faucet(user.address);
      const started = performance.now();
      const quote = (
        await api.quote({ fromChain: A, toChain: B, fromToken: "USDC", toToken: "WETH", fromAmount: amount.toString(), fromAddress: user.address })
      ).body.data;
      const prepared = (await api.prepare({ quoteId: quote.id })).body.data;
      const receipts = await user.send(prepared);
      await api.until(receipts.at(-1)!.transactionHash, (s) => s.status === "DONE", 30_000);
      ours.push(performance.now() - started);
    }

    // Peer: the same on-chain work with viem alone: approve and deposit on A, the relayer's release on B.
    const relayer = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
    const quote = (await api.quote({ fromChain: A, toChain: B, fromToken: "USDC", toToken: "WETH", fromAmount: amount.toString() })).body.data;
    const bridgeA = quote.approvalAddress as Address;
    const bridgeB = await findBridge(b);
    const peer: number[] = [];
    for (let i = 0; i < runs; i++) {
      const user = userWallet(listed, privateKeyToAccount(generatePrivateKey()));
      await api.faucet(user.address);
      const walletA = createWalletClient({ account: user.account, chain: a.chain, transport: http(listed[0]!.rpcUrl!) });
      const walletB = createWalletClient({ account: relayer, chain: b.chain, transport: http(listed[1]!.rpcUrl!) });
      const started = performance.now();
      await a.waitForTransactionReceipt({
        hash: await walletA.writeContract({ address: usdcA, abi: erc20Abi, functionName: "approve", args: [bridgeA, amount] }),
      });
      const block = await a.getBlock();
      const deposit = await a.waitForTransactionReceipt({
        hash: await walletA.writeContract({
          address: bridgeA,
          abi: bridgeAbi,
          functionName: "deposit",
          args: [
            {
              tokenIn: usdcA,
              amountIn: amount,
              minBridged: 0n,
              dstChainId: BigInt(B),
              recipient: user.address,
              tokenOut: wethB,
              minAmountOut: 0n,
              deadline: block.timestamp + 600n,
            },
          ],
        }),
      });
      const [event] = await a.getContractEvents({ address: bridgeA, abi: bridgeAbi, eventName: "Deposited", blockHash: deposit.blockHash });
      // Sent at once, before our relayer's next poll; the bridge accepts whichever release comes first, once.
      await b.waitForTransactionReceipt({
        hash: await walletB.writeContract({
          address: bridgeB,
          abi: bridgeAbi,
          functionName: "release",
          args: [BigInt(A), event!.args.depositId!, user.address, event!.args.amount!, wethB, 0n],
          gas: 400_000n,
        }),
      });
      peer.push(performance.now() - started);
    }

    table([
      ["path", "median ms", "p90 ms", "max ms"],
      ["Bourse: quote → prepare → sign → relayer → DONE", number(percentile(ours, 50)), number(percentile(ours, 90)), number(Math.max(...ours))],
      ["viem: approve → deposit → release (no API, no relayer)", number(percentile(peer, 50)), number(percentile(peer, 90)), number(Math.max(...peer))],
    ]);
    console.log(
      `quote-to-DONE over the raw round-trip: ${number(percentile(ours, 50) / percentile(peer, 50))}× (the relayer's ${pollMs} ms poll is the largest share)`,
    );

    const concurrency = 8;
    const body = { fromChain: A, toChain: B, fromToken: "LINK", toToken: "WBTC", fromAmount: parseUnits("10", 18).toString() };
    const router = (await api.quote({ ...body, toChain: A })).body.data.approvalAddress as Address;
    const linkA = tokenAddress(listed, A, "LINK");
    const apiRate = await throughput(() => api.quote(body), concurrency, seconds * 1000);
    const rawRate = await throughput(
      () => a.readContract({ address: router, abi: routerAbi, functionName: "quote", args: [linkA, usdcA, parseUnits("10", 18)] }),
      concurrency,
      seconds * 1000,
    );
    table([
      ["quotes", "per second", `(${concurrency} concurrent, ${seconds}s)`],
      ["Bourse POST /agent/swap/quote (cross-chain, stored)", number(apiRate), ""],
      ["viem Router.quote eth_call (one chain, nothing stored)", number(rawRate), ""],
    ]);
    console.log(`API quotes over raw on-chain quotes: ${number(apiRate / rawRate)}`);
  } finally {
    await t.close();
    await chains.stop();
  }
}

async function findBridge(client: ReturnType<typeof publicClientFor>): Promise<Address> {
  const [event] = await client.getContractEvents({ abi: bridgeAbi, eventName: "Released", fromBlock: 0n });
  if (!event) throw new Error("no bridge found on chain B");
  return event.address;
}
