"use client";

import { useId, useState, useTransition, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { addCreditsAction } from "@/app/search/actions";
import { LockableDialog } from "@/components/ui/lockable-dialog";
import { runAction } from "@/components/ui/run-action";
import { DialogActions } from "@/components/ui/dialog-actions";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { invalidateKey } from "./console-queries";
import { newIdempotencyKey } from "./console-types";
import { formatCredits } from "./console-view";
import type { SearchKeyRef } from "./search-dialogs";
import { LOCALE } from "@/lib/format/locale";
import { Form } from "@/components/ui/form";

const MAX_GRANT = 10_000_000;

/** Administrators: add credits to a key. One Idempotency-Key per dialog, so a double submit adds once. */
export function CreditsDialog({ keyRef, onClose }: { keyRef: SearchKeyRef; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [amount, setAmount] = useState("1000");
  const [note, setNote] = useState("");
  const [idempotencyKey] = useState(newIdempotencyKey);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const credits = Number(amount);
    if (!Number.isInteger(credits) || credits < 1 || credits > MAX_GRANT) return setError(`A whole number from 1 to ${MAX_GRANT.toLocaleString(LOCALE)}.`);
    setError(null);
    startTransition(async () => {
      const result = await runAction(() => addCreditsAction({ id: keyRef.id, amount: credits, note: note.trim() || undefined, idempotencyKey }));
      if (!result.ok) return setError(result.error);
      await invalidateKey(queryClient, keyRef.id);
      onClose();
    });
  }

  return (
    <LockableDialog locked={pending} onClose={onClose}>
      <DialogHeader>
        <DialogTitle>Add credits to ‘{keyRef.name}’</DialogTitle>
        <DialogDescription>It holds {formatCredits(keyRef.credits)} now. The grant is recorded in its ledger under your name.</DialogDescription>
      </DialogHeader>
      <Form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-amount`}>Credits to add</Label>
          <Input
            id={`${id}-amount`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_GRANT}
            step={1}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            className="w-40"
            autoFocus
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-note`}>Note (optional)</Label>
          <Input id={`${id}-note`} value={note} onChange={(e) => setNote(e.target.value)} maxLength={200} placeholder="Pilot for the research team" />
        </div>
        <FormAlert message={error} />
        <DialogActions onCancel={onClose} pending={pending} label="Add credits" pendingLabel="Adding…" />
      </Form>
    </LockableDialog>
  );
}
