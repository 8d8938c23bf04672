"use client";

import { useState, type ReactNode } from "react";
import type { RevealedKey } from "@/app/keys/actions";
import { LockableDialog } from "./lockable-dialog";
import { SecretKeyReveal } from "./secret-key-reveal";

/**
 * A dialog that asks for something (its children) and then shows the resulting secret once; from then
 * on it closes only through "Done", after the owner confirms the key is stored.
 */
export function SecretKeyDialog({
  revealed,
  note,
  busy,
  onClose,
  children,
}: {
  revealed: RevealedKey | null;
  note?: string;
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const [stored, setStored] = useState(false);
  return (
    <LockableDialog locked={busy || (revealed !== null && !stored)} onClose={onClose}>
      {revealed ? <SecretKeyReveal revealed={revealed} note={note} stored={stored} onStoredChange={setStored} onDone={onClose} /> : children}
    </LockableDialog>
  );
}
