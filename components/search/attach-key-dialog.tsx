"use client";

import { useId, useState, useTransition, type FormEvent } from "react";
import { attachSearchKeyAction } from "@/app/search/actions";
import { LockableDialog } from "@/components/ui/lockable-dialog";
import { runAction } from "@/components/ui/run-action";
import { DialogActions } from "@/components/ui/dialog-actions";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Form } from "@/components/ui/form";

/** Hands the console a key minted elsewhere (or without "use in this console"): checked by the API, then kept sealed. */
export function AttachKeyDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState("");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    startTransition(async () => {
      const result = await runAction(() => attachSearchKeyAction({ secret }));
      if (result.ok) onClose();
      else setError(result.error);
    });
  }

  return (
    <LockableDialog locked={pending} onClose={onClose}>
      <DialogHeader>
        <DialogTitle>Use one of your keys here</DialogTitle>
        <DialogDescription>Paste a search key of yours. The server checks it with the API and keeps it sealed; it is not shown again.</DialogDescription>
      </DialogHeader>
      <Form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-secret`}>Search key</Label>
          <Input
            id={`${id}-secret`}
            type="password"
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            placeholder="bourse_sr_live_…"
            className="font-mono text-xs"
            autoFocus
          />
        </div>
        <FormAlert message={error} />
        <DialogActions onCancel={onClose} pending={pending} label="Use key" pendingLabel="Checking…" />
      </Form>
    </LockableDialog>
  );
}
