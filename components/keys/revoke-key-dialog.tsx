"use client";

import { DialogActions } from "@/components/ui/dialog-actions";
import { FormAlert } from "@/components/ui/form-alert";
import { useState, useTransition } from "react";
import { revokeKeyAction } from "@/app/keys/actions";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { KeyDialog } from "./key-dialog";
import type { KeyRef } from "./key-dialogs";
import { runAction } from "./run-action";

export function RevokeKeyDialog({ keyRef, onClose }: { keyRef: KeyRef; onClose: () => void }) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  function revoke() {
    setError(null);
    startTransition(async () => {
      const result = await runAction(() => revokeKeyAction({ id: keyRef.id }));
      if (result.ok) onClose();
      else setError(result.error);
    });
  }

  return (
    <KeyDialog locked={pending} onClose={onClose}>
      <DialogHeader>
        <DialogTitle>Revoke ‘{keyRef.name}’?</DialogTitle>
        <DialogDescription>
          Agents using it are refused on their next request.
          {keyRef.kind === "desk" ? " The dashboard mints itself a new desk key the next time it trades." : ""}
        </DialogDescription>
      </DialogHeader>
      <FormAlert message={error} />
      <DialogActions onCancel={onClose} onConfirm={revoke} pending={pending} label="Revoke key" pendingLabel="Revoking…" destructive />
    </KeyDialog>
  );
}
