import type { Page } from "@playwright/test";
import { createWalletClient, defineChain, http, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";

/**
 * Adds an EIP-1193 wallet to the page (window.ethereum) backed by a viem local account that signs
 * in this Node process: what a browser extension does, without one. Given RPC URLs by chain id, it
 * also switches chains, signs and sends transactions, and answers reads from the current chain.
 */
export async function injectTestWallet(
  page: Page,
  chainId = 31337,
  privateKey: Hex = generatePrivateKey(),
  rpc: Record<number, string> = {},
): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(privateKey);
  await page.exposeFunction("__bourseWalletSign", (messageHex: Hex) => account.signMessage({ message: { raw: messageHex } }));
  let current = chainId;
  await page.exposeFunction("__bourseWalletChain", async (method: string, params: unknown[]) => chainRequest(method, params));
  async function chainRequest(method: string, params: unknown[]): Promise<unknown> {
    if (method === "wallet_switchEthereumChain") {
      const wanted = Number((params[0] as { chainId: string }).chainId);
      if (!rpc[wanted]) throw Object.assign(new Error(`Unrecognized chain ${wanted}`), { code: 4902 });
      current = wanted;
      return null;
    }
    const url = rpc[current];
    if (!url) throw Object.assign(new Error(`The test wallet does not support ${method}`), { code: 4200 });
    if (method === "eth_sendTransaction") {
      const tx = params[0] as { to: Hex; data?: Hex; value?: Hex; gas?: Hex };
      const chain = defineChain({
        id: current,
        name: `chain ${current}`,
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [url] } },
      });
      const wallet = createWalletClient({ account, chain, transport: http(url) });
      return wallet.sendTransaction({ to: tx.to, data: tx.data, value: tx.value ? BigInt(tx.value) : undefined, gas: tx.gas ? BigInt(tx.gas) : undefined });
    }
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
    return body.result;
  }
  await page.addInitScript(
    ({ address, chainIdHex }) => {
      type Request = { method: string; params?: unknown[] };
      const sign = (window as unknown as { __bourseWalletSign: (m: string) => Promise<string> }).__bourseWalletSign;
      const onChain = (window as unknown as { __bourseWalletChain: (method: string, params: unknown[]) => Promise<unknown> }).__bourseWalletChain;
      let currentChainHex = chainIdHex;
      const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
      const provider = {
        async request({ method, params }: Request): Promise<unknown> {
          switch (method) {
            case "eth_requestAccounts":
            case "eth_accounts":
              return [address];
            case "eth_chainId":
              return currentChainHex;
            case "net_version":
              return String(Number(currentChainHex));
            case "wallet_requestPermissions":
            case "wallet_getPermissions":
              return [{ parentCapability: "eth_accounts" }];
            case "wallet_revokePermissions":
              return null;
            case "personal_sign":
              return sign(String(params?.[0]));
            case "wallet_switchEthereumChain": {
              await onChain(method, params ?? []);
              currentChainHex = (params as [{ chainId: string }])[0].chainId;
              for (const fn of listeners.get("chainChanged") ?? []) fn(currentChainHex);
              return null;
            }
            default:
              return onChain(method, params ?? []);
          }
        },
        on(event: string, fn: (...args: unknown[]) => void) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(fn);
        },
        removeListener(event: string, fn: (...args: unknown[]) => void) {
          listeners.get(event)?.delete(fn);
        },
      };
      Object.defineProperty(window, "ethereum", { value: provider, configurable: true });
    },
    { address: account.address, chainIdHex: `0x${chainId.toString(16)}` },
  );
  return account;
}

/**
 * Signs in with the wallet injected into the page (injectTestWallet) from the sign-in page, and waits to
 * land on `path` (a pathname, with its query if any), where the sign-in sends the owner back.
 */
export async function signInWithWallet(page: Page, path: string): Promise<void> {
  await page.goto(`/sign-in?next=${encodeURIComponent(path)}`);
  await page.getByRole("button", { name: "Sign in with Ethereum" }).click();
  // A new owner's first sign-in also sets up the desk (its key, paper balances on every venue): seconds on a loaded machine.
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path, { timeout: 20_000 });
}
