"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { WalletIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { describeWalletError, useSiweSignature } from "@/components/auth/use-siwe-signature";
import { linkWalletAction } from "@/app/settings/actions";

/** Proves control of a wallet with a signed message and links it to this account. */
export function LinkWallet() {
  const signSiwe = useSiweSignature("Link this wallet to my Bourse account.");
  const router = useRouter();
  const [status, setStatus] = useState<{ kind: "idle" | "busy" } | { kind: "error" | "done"; text: string }>({ kind: "idle" });

  async function run() {
    setStatus({ kind: "busy" });
    try {
      const result = await linkWalletAction(await signSiwe());
      if (!result.ok) return setStatus({ kind: "error", text: result.error });
      setStatus({ kind: "done", text: "Wallet linked: you can now sign in with it." });
      router.refresh();
    } catch (err) {
      setStatus({ kind: "error", text: describeWalletError(err) });
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Button variant="outline" onClick={run} disabled={status.kind === "busy"} className="self-start">
        <WalletIcon aria-hidden="true" />
        {status.kind === "busy" ? "Waiting for your wallet…" : "Link wallet"}
      </Button>
      {status.kind === "error" ? (
        <p role="alert" className="text-sm text-destructive">
          {status.text}
        </p>
      ) : null}
      {status.kind === "done" ? (
        <p role="status" className="text-sm text-muted-foreground">
          {status.text}
        </p>
      ) : null}
    </div>
  );
}
