"use client";

import { useState, useTransition } from "react";
import { mintKeyAction, type RevealedKey } from "@/app/keys/actions";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { MintAgentKeyInput } from "@/lib/client/trading";
import { MintKeyForm } from "./mint-key-form";
import { runAction } from "./run-action";
import { SecretKeyDialog } from "./secret-key-dialog";

export function MintKeyDialog({ onClose }: { onClose: () => void }) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<RevealedKey | null>(null);

  function mint(input: MintAgentKeyInput) {
    setError(null);
    startTransition(async () => {
      const result = await runAction(() => mintKeyAction(input));
      if (result.ok) setRevealed(result.value);
      else setError(result.error);
    });
  }

  return (
    <SecretKeyDialog revealed={revealed} busy={pending} onClose={onClose}>
      <DialogHeader>
        <DialogTitle>Mint an agent key</DialogTitle>
        <DialogDescription>Give each agent its own key, with only the scopes it needs. The secret is shown once.</DialogDescription>
      </DialogHeader>
      <MintKeyForm pending={pending} error={error} onSubmit={mint} onCancel={onClose} />
    </SecretKeyDialog>
  );
}
