"use client";

import { mintKeyAction, type RevealedKey } from "@/app/keys/actions";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { MintAgentKeyInput } from "@/lib/client/trading";
import { MintKeyForm } from "./mint-key-form";
import { SecretKeyDialog } from "@/components/ui/secret-key-dialog";
import { useSecretAction } from "@/components/ui/use-secret-action";

export function MintKeyDialog({ onClose }: { onClose: () => void }) {
  const { pending, error, revealed, run } = useSecretAction<RevealedKey>();

  function mint(input: MintAgentKeyInput) {
    run(
      () => mintKeyAction(input),
      (key) => key,
    );
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
