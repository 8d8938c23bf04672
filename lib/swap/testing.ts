import { createPublicClient, createWalletClient, defineChain, erc20Abi, http, type Address, type Hex, type PrivateKeyAccount } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { PreparedSwapView, SwapChainView, SwapQuoteView, SwapStatusView } from "./contract";
import { LOCAL_CHAIN_SPECS } from "../chain/network";
import type { Config } from "../config";
import { postJson, type TestApi } from "../testing/api";
import type { TestOwner } from "../testing/owners";

export type Answer<T = unknown> = { status: number; body: { success: boolean; data: T; error: string | null; code?: string } };

/** Calls the swap API with an agent key, as an agent would. */
export function swapClient(t: TestApi, key: string) {
  const auth = { authorization: `Bearer ${key}` };
  const call = async <T>(path: string, init: RequestInit = {}): Promise<Answer<T>> => {
    const res = await t.request(path, { ...init, headers: { ...auth, ...(init.headers as Record<string, string> | undefined) } });
    return { status: res.status, body: (await res.json()) as Answer<T>["body"] };
  };
  const post = <T>(path: string, body: unknown, headers?: Record<string, string>) => call<T>(path, postJson(body, headers));
  return {
    quote: (body: Record<string, unknown>) => post<SwapQuoteView>("/api/agent/swap/quote", body),
    prepare: (body: Record<string, unknown>) => post<PreparedSwapView>("/api/agent/swap/prepare", body),
    execute: (body: Record<string, unknown>, headers?: Record<string, string>) => post<SwapStatusView>("/api/agent/swap/execute", body, headers),
    status: (id: string) => call<SwapStatusView>(`/api/agent/swap/${id}`),
    list: () => call<SwapStatusView[]>("/api/agent/swaps"),
    wallet: () => call<{ address: string }>("/api/agent/swap/wallet"),
    faucet: (address: string) => post<unknown>("/api/agent/swap/faucet", { address }),
    /** Polls the status until `done` holds (the relayer works in the background). */
    async until(id: string, done: (s: SwapStatusView) => boolean, timeoutMs = 20_000): Promise<SwapStatusView> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const res = await call<SwapStatusView>(`/api/agent/swap/${id}`);
        if (res.status !== 200) throw new Error(`status ${res.status}: ${JSON.stringify(res.body)}`);
        if (done(res.body.data)) return res.body.data;
        if (Date.now() > deadline) throw new Error(`swap ${id} stuck at ${res.body.data.status}/${res.body.data.substatus}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

export type SwapClient = ReturnType<typeof swapClient>;

/** Mints an agent key for the owner through the API; `policy` sets swapRecipients and swapDailyLimitUsd. */
export async function mintKey(t: TestApi, owner: TestOwner, scopes: string[] = ["swap"], policy: Record<string, unknown> = {}): Promise<string> {
  return (await mintKeyWithId(t, owner, scopes, policy)).key;
}

export async function mintKeyWithId(
  t: TestApi,
  owner: TestOwner,
  scopes: string[] = ["swap"],
  policy: Record<string, unknown> = {},
): Promise<{ key: string; id: string }> {
  const res = await t.request("/api/agent/keys", postJson({ name: "swap agent", scopes, ...policy }, await owner.auth()));
  const body = (await res.json()) as { data: { key: string; id: string } };
  return body.data;
}

/** A listed chain with the RPC URL a wallet would use, which the API does not publish. */
export type TestChainView = SwapChainView & { rpcUrl: string };

/** RPC URLs from the configuration: the rpc endpoints, or the embedded chains on their (fixed) ports. */
export function withRpcUrls(chains: readonly SwapChainView[], config: Config): TestChainView[] {
  return chains.map((c) => {
    const i = LOCAL_CHAIN_SPECS.findIndex((spec) => spec.id === c.id);
    const rpcUrl = config.chains.mode === "rpc" ? config.chains.rpcUrls[i] : `http://127.0.0.1:${config.chains.anvilPorts[i]}`;
    if (!rpcUrl) throw new Error(`no RPC URL configured for chain ${c.id}`);
    return { ...c, rpcUrl };
  });
}

/** The chains as the public endpoint lists them (token addresses included), with their RPC URLs. */
export async function listChains(t: TestApi): Promise<TestChainView[]> {
  const res = await t.request("/api/swap/chains");
  return withRpcUrls(((await res.json()) as { data: { chains: SwapChainView[] } }).data.chains, t.deps.config);
}

function viemChain(c: TestChainView) {
  return defineChain({ id: c.id, name: c.name, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [c.rpcUrl] } } });
}

export function publicClientFor(chains: readonly TestChainView[], chainId: number) {
  const c = chains.find((x) => x.id === chainId)!;
  return createPublicClient({ chain: viemChain(c), transport: http(c.rpcUrl), pollingInterval: 50, cacheTime: 0 });
}

/** A user's own wallet: a viem local account that signs prepared transactions and sends them to the chains. */
export function userWallet(chains: readonly TestChainView[], account: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey())) {
  return {
    account,
    address: account.address,
    /** Signs and sends each transaction in order, waiting for each receipt; returns the receipts. */
    async send(prepared: PreparedSwapView) {
      const receipts = [];
      for (const tx of prepared.transactions) {
        const c = chains.find((x) => x.id === tx.chainId)!;
        const wallet = createWalletClient({ account, chain: viemChain(c), transport: http(c.rpcUrl) });
        const hash = await wallet.sendTransaction({
          to: tx.to as Address,
          data: tx.data as Hex,
          value: BigInt(tx.value),
          gas: tx.gasLimit ? BigInt(tx.gasLimit) : undefined,
        });
        receipts.push(await publicClientFor(chains, tx.chainId).waitForTransactionReceipt({ hash }));
      }
      return receipts;
    },
  };
}

export function tokenAddress(chains: readonly SwapChainView[], chainId: number, symbol: string): Address {
  return chains.find((c) => c.id === chainId)!.tokens.find((t) => t.symbol === symbol)!.address as Address;
}

export async function tokenBalance(chains: readonly TestChainView[], chainId: number, symbol: string, owner: string): Promise<bigint> {
  return publicClientFor(chains, chainId).readContract({
    address: tokenAddress(chains, chainId, symbol),
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner as Address],
  });
}
