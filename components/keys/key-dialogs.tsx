"use client";

import { createContext, use, useCallback, useMemo, useState, type ReactNode } from "react";
import type { AgentKeyView } from "@/lib/client/trading";
import { MintKeyDialog } from "./mint-key-dialog";
import { RevokeKeyDialog } from "./revoke-key-dialog";
import { RollKeyDialog } from "./roll-key-dialog";

export type KeyRef = Pick<AgentKeyView, "id" | "name" | "kind">;
type OpenDialog = { type: "mint" } | { type: "roll"; key: KeyRef } | { type: "revoke"; key: KeyRef };

const KeyDialogsContext = createContext<{ open: (dialog: OpenDialog) => void } | null>(null);

/**
 * Holds the panel's dialogs above the list they act on: a list refreshed by an action (a row losing its
 * Roll button, the empty state giving way to the table) cannot unmount a dialog showing a secret.
 */
export function KeyDialogsProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const value = useMemo(() => ({ open: setDialog }), []);
  return (
    <KeyDialogsContext value={value}>
      {children}
      {dialog?.type === "mint" ? <MintKeyDialog onClose={close} /> : null}
      {dialog?.type === "roll" ? <RollKeyDialog keyRef={dialog.key} onClose={close} /> : null}
      {dialog?.type === "revoke" ? <RevokeKeyDialog keyRef={dialog.key} onClose={close} /> : null}
    </KeyDialogsContext>
  );
}

export function useKeyDialogs(): { open: (dialog: OpenDialog) => void } {
  const context = use(KeyDialogsContext);
  if (!context) throw new Error("useKeyDialogs needs a KeyDialogsProvider above it");
  return context;
}
