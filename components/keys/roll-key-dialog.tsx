"use client";

import { DialogActions } from "@/components/ui/dialog-actions";
import { FormAlert } from "@/components/ui/form-alert";
import { type FormEvent, useState } from "react";
import { rollKeyAction, type RevealedKey } from "@/app/keys/actions";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DEFAULT_GRACE_SECONDS, GRACE_CHOICES } from "@/lib/dashboard/keys-actions-form";
import { formatWhen } from "@/lib/dashboard/keys-actions-view";
import { ChoiceGroup } from "@/components/ui/choice-group";
import type { KeyRef } from "./key-dialogs";
import { SecretKeyDialog } from "@/components/ui/secret-key-dialog";
import { useSecretAction } from "@/components/ui/use-secret-action";
import { Form } from "@/components/ui/form";

const GRACE_OPTIONS = GRACE_CHOICES.map(({ label, seconds }) => ({ value: String(seconds), label }));

function previousKeyNote(expiresAt: string | null): string {
  if (!expiresAt) return "";
  const now = Date.now();
  return Date.parse(expiresAt) <= now ? "The old key no longer works." : `The old key keeps working until ${formatWhen(expiresAt, now).full}.`;
}

export function RollKeyDialog({ keyRef, onClose }: { keyRef: KeyRef; onClose: () => void }) {
  const [grace, setGrace] = useState(String(DEFAULT_GRACE_SECONDS));
  const { pending, error, revealed, run } = useSecretAction<{ key: RevealedKey; note: string }>();

  function roll(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    run(
      () => rollKeyAction({ id: keyRef.id, gracePeriodSeconds: Number(grace) }),
      (rolled) => ({ key: rolled.key, note: previousKeyNote(rolled.previousExpiresAt) }),
    );
  }

  return (
    <SecretKeyDialog revealed={revealed?.key ?? null} note={revealed?.note} busy={pending} onClose={onClose}>
      <Form onSubmit={roll} className="flex flex-col gap-5">
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
      </Form>
    </SecretKeyDialog>
  );
}
