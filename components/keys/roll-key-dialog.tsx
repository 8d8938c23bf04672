"use client";

import { DialogActions } from "@/components/ui/dialog-actions";
import { FormAlert } from "@/components/ui/form-alert";
import { useState, useTransition, type FormEvent } from "react";
import { rollKeyAction, type RevealedKey } from "@/app/keys/actions";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DEFAULT_GRACE_SECONDS, GRACE_CHOICES } from "@/lib/dashboard/keys-actions-form";
import { formatWhen } from "@/lib/dashboard/keys-actions-view";
import { ChoiceGroup } from "./choice-group";
import type { KeyRef } from "./key-dialogs";
import { runAction } from "./run-action";
import { SecretKeyDialog } from "./secret-key-dialog";

const GRACE_OPTIONS = GRACE_CHOICES.map(({ label, seconds }) => ({ value: String(seconds), label }));

function previousKeyNote(expiresAt: string | null): string {
  if (!expiresAt) return "";
  const now = Date.now();
  return Date.parse(expiresAt) <= now ? "The old key no longer works." : `The old key keeps working until ${formatWhen(expiresAt, now).full}.`;
}

export function RollKeyDialog({ keyRef, onClose }: { keyRef: KeyRef; onClose: () => void }) {
  const [grace, setGrace] = useState(String(DEFAULT_GRACE_SECONDS));
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<{ key: RevealedKey; note: string } | null>(null);

  function roll(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    startTransition(async () => {
      const result = await runAction(() => rollKeyAction({ id: keyRef.id, gracePeriodSeconds: Number(grace) }));
      if (result.ok) setRevealed({ key: result.value.key, note: previousKeyNote(result.value.previousExpiresAt) });
      else setError(result.error);
    });
  }

  return (
    <SecretKeyDialog revealed={revealed?.key ?? null} note={revealed?.note} busy={pending} onClose={onClose}>
      <form onSubmit={roll} className="flex flex-col gap-5">
        <DialogHeader>
          <DialogTitle>Roll ‘{keyRef.name}’</DialogTitle>
          <DialogDescription>
            A new secret replaces this key, with the same name, scopes, allowlist and expiry. The old secret keeps working for the grace period, so your agents
            can switch over.
          </DialogDescription>
        </DialogHeader>
        <ChoiceGroup legend="Grace period" choices={GRACE_OPTIONS} value={grace} onChange={setGrace} layout="inline" />
        <FormAlert message={error} />
        <DialogActions onCancel={onClose} pending={pending} label="Roll key" pendingLabel="Rolling…" />
      </form>
    </SecretKeyDialog>
  );
}
