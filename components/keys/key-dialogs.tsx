"use client";

import { createContext, use, useCallback, useMemo, useState, type ReactNode } from "react";
import type { AgentKeyView } from "@/lib/client/trading";
import { draftFromOverride } from "@/lib/dashboard/risk-limits-form";
import type { OwnerRiskLimits } from "@/lib/trading/contract/risk-limits";
import { LimitsDialog } from "./limits-dialog";
import { MintKeyDialog } from "./mint-key-dialog";
import { RevokeKeyDialog } from "./revoke-key-dialog";
import { RollKeyDialog } from "./roll-key-dialog";
import { SwapPolicyDialog } from "./swap-policy-dialog";

export type KeyRef = Pick<AgentKeyView, "id" | "name" | "kind">;
/** A key with the swap scope and its swap policy as set. */
export type SwapKeyRef = KeyRef & Pick<AgentKeyView, "swapRecipients" | "swapDailyLimitUsd">;
/** `key: null` is the owner's limits for all keys. */
type OpenDialog =
  | { type: "mint" }
  | { type: "roll"; key: KeyRef }
  | { type: "revoke"; key: KeyRef }
  | { type: "limits"; key: KeyRef | null }
  | { type: "swap-policy"; key: SwapKeyRef };
type KeyDialogs = {
  open: (dialog: OpenDialog) => void;
  /** How many limits the owner set for a key (or all keys, null). */
  limitsSet: (keyId: string | null) => number;
};

const KeyDialogsContext = createContext<KeyDialogs | null>(null);

/**
 * Holds the panel's dialogs above the list they act on: a list refreshed by an action (a row losing its
 * Roll button, the empty state giving way to the table) cannot unmount a dialog showing a secret.
 */
export function KeyDialogsProvider({ limits, children }: { /** The owner's limits as set. */ limits: OwnerRiskLimits; children: ReactNode }) {
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const value = useMemo<KeyDialogs>(
    () => ({ open: setDialog, limitsSet: (keyId) => Object.keys((keyId === null ? limits.allKeys : limits.keys[keyId]) ?? {}).length }),
    [limits],
  );
  return (
    <KeyDialogsContext value={value}>
      {children}
      {dialog?.type === "mint" ? <MintKeyDialog onClose={close} /> : null}
      {dialog?.type === "roll" ? <RollKeyDialog keyRef={dialog.key} onClose={close} /> : null}
      {dialog?.type === "revoke" ? <RevokeKeyDialog keyRef={dialog.key} onClose={close} /> : null}
      {dialog?.type === "swap-policy" ? <SwapPolicyDialog keyRef={dialog.key} onClose={close} /> : null}
      {dialog?.type === "limits" ? (
        <LimitsDialog keyRef={dialog.key} current={draftFromOverride(dialog.key ? limits.keys[dialog.key.id] : limits.allKeys)} onClose={close} />
      ) : null}
    </KeyDialogsContext>
  );
}

export function useKeyDialogs(): KeyDialogs {
  const context = use(KeyDialogsContext);
  if (!context) throw new Error("useKeyDialogs needs a KeyDialogsProvider above it");
  return context;
}
