"use client";

import { useState } from "react";
import { signIn } from "next-auth/react";
import { WalletIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { describeWalletError, useSiweSignature } from "./use-siwe-signature";

/** Connect the browser wallet, sign an EIP-4361 message with a server nonce, and sign in with it. */
export function EthereumSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const signSiwe = useSiweSignature("Sign in to Bourse.");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    setError(null);
    setBusy(true);
    try {
      const result = await signIn("siwe", { ...(await signSiwe()), redirect: false });
      if (!result || result.error) throw new Error(result?.error ?? "Sign-in failed.");
      onSignedIn();
    } catch (err) {
      setError(describeWalletError(err));
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
