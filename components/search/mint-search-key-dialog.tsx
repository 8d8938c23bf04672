"use client";

import { type FormEvent, useId, useState } from "react";
import { mintSearchKeyAction } from "@/app/search/actions";
import type { RevealedKey } from "@/app/keys/actions";
import { SecretKeyDialog } from "@/components/ui/secret-key-dialog";
import { useSecretAction } from "@/components/ui/use-secret-action";
import { DialogActions } from "@/components/ui/dialog-actions";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { STARTING_CREDITS } from "@/lib/billing/plans";
import { formatCredits } from "./console-view";
import { Form } from "@/components/ui/form";

const NAME_MAX = 64;

export function MintSearchKeyDialog({ onClose, onMinted }: { onClose: () => void; onMinted?: (keyId: string) => void }) {
  const id = useId();
  const { pending, error, setError, revealed, run } = useSecretAction<RevealedKey>();
  const [name, setName] = useState("");
  const [useInConsole, setUseInConsole] = useState(true);
  const [startingCredits, setStartingCredits] = useState(0);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) return setError("Give the key a name.");
    run(
      () => mintSearchKeyAction({ name, useInConsole }),
      (minted) => {
        if (useInConsole) onMinted?.(minted.keyId);
        setStartingCredits(minted.startingCredits);
        return minted.key;
      },
    );
  }

  return (
    <SecretKeyDialog
      revealed={revealed}
      note={[
        startingCredits > 0
          ? `It starts with ${formatCredits(startingCredits)}, your Free allowance.`
          : "It starts with 0 credits: your Free allowance went to your first key. An administrator can add credits.",
        useInConsole ? "This console keeps a sealed copy on the server to run searches with it; the browser never gets it again." : "",
      ]
        .filter(Boolean)
        .join(" ")}
      busy={pending}
      onClose={onClose}
    >
      <DialogHeader>
        <DialogTitle>Mint a search key</DialogTitle>
        <DialogDescription>
          Keys start on plan Free. Your first key gets the Free allowance of {formatCredits(STARTING_CREDITS.Free)}; later keys start at 0 until an
          administrator adds credits. Minting is limited per hour. The secret is shown once; only its SHA-256 is stored.
        </DialogDescription>
      </DialogHeader>
      <Form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={NAME_MAX}
            autoComplete="off"
            placeholder="research-agent"
            autoFocus
          />
        </div>
        <label className="flex cursor-pointer items-start gap-2.5 text-sm">
          <input type="checkbox" checked={useInConsole} onChange={(e) => setUseInConsole(e.target.checked)} className="mt-0.5 size-4 shrink-0 accent-primary" />
          <span className="flex flex-col">
            <span className="font-medium">Use this key in this console</span>
            <span className="text-xs text-muted-foreground">The server keeps it sealed (AES-256-GCM) and calls the search API with it on your behalf.</span>
          </span>
        </label>
        <FormAlert message={error} />
        <DialogActions onCancel={onClose} pending={pending} label="Create key" pendingLabel="Creating…" />
      </Form>
    </SecretKeyDialog>
  );
}
