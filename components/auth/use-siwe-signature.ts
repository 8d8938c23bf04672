"use client";

import { createSiweMessage } from "viem/siwe";
import { useConnect, useConnectors, useSignMessage } from "wagmi";
import { BaseError } from "viem";
import { createSiweNonce } from "@/app/sign-in/actions";

const MESSAGE_LIFETIME_MS = 10 * 60_000;

export class NoWalletError extends Error {
  constructor() {
    super("No browser wallet found. Install a wallet extension, or sign in with email.");
  }
}

/** Words for a wallet or sign-in failure. */
export function describeWalletError(err: unknown): string {
  if (err instanceof BaseError) return err.shortMessage;
  return err instanceof Error ? err.message : "The wallet request failed.";
}

/**
 * Connects the browser's injected wallet and has it sign an EIP-4361 message for this site over a
 * fresh server nonce. The server verifies the result (sign-in or wallet linking).
 */
export function useSiweSignature(statement: string) {
  const connectors = useConnectors();
  const connect = useConnect();
  const sign = useSignMessage();
  return async (): Promise<{ message: string; signature: string }> => {
    const connector = connectors[0];
    if (!connector || typeof window === "undefined" || !("ethereum" in window) || window.ethereum === undefined) throw new NoWalletError();
    const { accounts, chainId } = await connect.mutateAsync({ connector });
    const address = accounts[0];
    if (!address) throw new Error("The wallet shared no account.");
    const message = createSiweMessage({
      domain: window.location.host,
      address,
      statement,
      uri: window.location.origin,
      version: "1",
      chainId,
      nonce: await createSiweNonce(),
      issuedAt: new Date(),
      expirationTime: new Date(Date.now() + MESSAGE_LIFETIME_MS),
    });
    return { message, signature: await sign.mutateAsync({ message, account: address }) };
  };
}
