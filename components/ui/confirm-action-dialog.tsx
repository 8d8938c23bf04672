"use client";

import { type ReactNode, useState, useTransition } from "react";
import { DialogDescription, DialogHeader, DialogTitle } from "./dialog";
import { DialogActions } from "./dialog-actions";
import { FormAlert } from "./form-alert";
import { LockableDialog } from "./lockable-dialog";
import { runAction } from "./run-action";
import type { ActionResult } from "@/lib/dashboard/api/result";

/** Asks before an action that cannot be undone (a revoke); closes when it succeeded, shows its failure otherwise. */
export function ConfirmActionDialog({
  title,
  description,
  label,
  pendingLabel,
  action,
  onClose,
}: {
  title: ReactNode;
  description: ReactNode;
  label: string;
  pendingLabel: string;
  action: () => Promise<ActionResult<unknown>>;
  onClose: () => void;
}) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  function confirm() {
    setError(null);
    startTransition(async () => {
      const result = await runAction(action);
      if (result.ok) onClose();
      else setError(result.error);
    });
  }

  return (
    <LockableDialog locked={pending} onClose={onClose}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <FormAlert message={error} />
      <DialogActions onCancel={onClose} onConfirm={confirm} pending={pending} label={label} pendingLabel={pendingLabel} destructive />
    </LockableDialog>
  );
}
