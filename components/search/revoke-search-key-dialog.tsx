"use client";

import { useState, useTransition } from "react";
import { revokeSearchKeyAction } from "@/app/search/actions";
import { KeyDialog } from "@/components/keys/key-dialog";
import { runAction } from "@/components/keys/run-action";
import { DialogActions } from "@/components/ui/dialog-actions";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-alert";
import type { SearchKeyRef } from "./search-dialogs";

export function RevokeSearchKeyDialog({ keyRef, onClose }: { keyRef: SearchKeyRef; onClose: () => void }) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  function revoke() {
    setError(null);
    startTransition(async () => {
      const result = await runAction(() => revokeSearchKeyAction({ id: keyRef.id }));
      if (result.ok) onClose();
      else setError(result.error);
    });
  }

  return (
    <KeyDialog locked={pending} onClose={onClose}>
      <DialogHeader>
        <DialogTitle>Revoke ‘{keyRef.name}’?</DialogTitle>
        <DialogDescription>Requests with it are refused from the next one on, and this console forgets it. Its ledger stays readable.</DialogDescription>
      </DialogHeader>
      <FormAlert message={error} />
      <DialogActions onCancel={onClose} onConfirm={revoke} pending={pending} label="Revoke key" pendingLabel="Revoking…" destructive />
    </KeyDialog>
  );
}
