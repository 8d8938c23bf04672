import type { Page } from "@playwright/test";
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";

/**
 * Adds an EIP-1193 wallet to the page (window.ethereum) backed by a viem local account that signs
 * in this Node process: what a browser extension does, without one.
 */
export async function injectTestWallet(page: Page, chainId = 31337, privateKey: Hex = generatePrivateKey()): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(privateKey);
  await page.exposeFunction("__bourseWalletSign", (messageHex: Hex) => account.signMessage({ message: { raw: messageHex } }));
  await page.addInitScript(
    ({ address, chainIdHex }) => {
      type Request = { method: string; params?: unknown[] };
      const sign = (window as unknown as { __bourseWalletSign: (m: string) => Promise<string> }).__bourseWalletSign;
      const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
      const provider = {
        async request({ method, params }: Request): Promise<unknown> {
          switch (method) {
            case "eth_requestAccounts":
            case "eth_accounts":
              return [address];
            case "eth_chainId":
              return chainIdHex;
            case "net_version":
              return String(Number(chainIdHex));
            case "wallet_requestPermissions":
            case "wallet_getPermissions":
              return [{ parentCapability: "eth_accounts" }];
            case "wallet_revokePermissions":
              return null;
            case "personal_sign":
              return sign(String(params?.[0]));
            default:
              throw Object.assign(new Error(`The test wallet does not support ${method}`), { code: 4200 });
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
