import { erc20Abi, parseUnits, type Hash } from "viem";
import type { SwapChainView } from "../contract";
import { fundToken } from "../../chain/deploy";
import type { ChainNetwork } from "../../chain/network";
import { FAUCET_GAS_ETH } from "../../chain/tokens";
import type { Database } from "../../db/client";
import type { KeyedLock } from "../../concurrency/keyed-lock";
import type { StoredQuote, SwapProvider } from "../provider";
import { signRecordSend } from "../send";
import { prepareLocal } from "./prepare";
import { quoteLocal } from "./quote";
import { evmAddress, tokenView } from "./resolve";
import { chainOf, routeOf } from "./route";
import { localStatus } from "./status";

/** Swaps on the local chains: through the pools on one chain, through the bridge (and pools) across them. */
export function createLocalProvider(input: { network: ChainNetwork; db: Database; lock: KeyedLock }): SwapProvider {
  const { network, db, lock } = input;

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
    quote: (q) => quoteLocal(network, q),
    prepare: (stored, sender) => prepareLocal(network, stored, sender),
    async execute(stored, account, record) {
      const transactions = await prepareLocal(network, stored, account.address);
      return signRecordSend({ conn: chainOf(network, routeOf(stored).chainId).conn, account, transactions, lock, record });
    },
    status: (swap, stored) => localStatus(network, db, swap, stored),
    identify,
    balances,
    faucet,
  };
}
