"use client";

import { useState } from "react";
import { signIn } from "next-auth/react";
import { BaseError } from "viem";
import { createSiweMessage } from "viem/siwe";
import { useConnect, useConnectors, useSignMessage } from "wagmi";
import { WalletIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { createSiweNonce } from "@/app/sign-in/actions";

const MESSAGE_LIFETIME_MS = 10 * 60_000;

function hasInjectedWallet(): boolean {
  return typeof window !== "undefined" && "ethereum" in window && window.ethereum !== undefined;
}

function describe(err: unknown): string {
  if (err instanceof BaseError) return err.shortMessage;
  return err instanceof Error ? err.message : "Sign-in failed.";
}

/** Connect the browser wallet, sign an EIP-4361 message with a server nonce, and sign in with it. */
export function EthereumSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const connectors = useConnectors();
  const connect = useConnect();
  const sign = useSignMessage();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    setError(null);
    const connector = connectors[0];
    if (!connector || !hasInjectedWallet()) {
      setError("No browser wallet found. Install a wallet extension, or sign in with email.");
      return;
    }
    setBusy(true);
    try {
      const { accounts, chainId } = await connect.mutateAsync({ connector });
      const address = accounts[0];
      if (!address) throw new Error("The wallet shared no account.");
      const message = createSiweMessage({
        domain: window.location.host,
        address,
        statement: "Sign in to Bourse.",
        uri: window.location.origin,
        version: "1",
        chainId,
        nonce: await createSiweNonce(),
        issuedAt: new Date(),
        expirationTime: new Date(Date.now() + MESSAGE_LIFETIME_MS),
      });
      const signature = await sign.mutateAsync({ message, account: address });
      const result = await signIn("siwe", { message, signature, redirect: false });
      if (!result || result.error) throw new Error(result?.error ?? "Sign-in failed.");
      onSignedIn();
    } catch (err) {
      setError(describe(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <Button onClick={run} disabled={busy} size="lg">
        <WalletIcon aria-hidden="true" />
        {busy ? "Waiting for your wallet…" : "Sign in with Ethereum"}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
