"use client";

import { createContext, use, useCallback, useMemo, useState, type ReactNode } from "react";
import type { SearchKeyView } from "@/lib/client/search";
import type { Plan } from "@/lib/billing/plans";
import { AttachKeyDialog } from "./attach-key-dialog";
import { CreditsDialog } from "./credits-dialog";
import { MintSearchKeyDialog } from "./mint-search-key-dialog";
import { PlanDialog } from "./plan-dialog";
import { RevokeSearchKeyDialog } from "./revoke-search-key-dialog";

export type SearchKeyRef = Pick<SearchKeyView, "id" | "name" | "plan" | "credits">;
type OpenDialog =
  | { type: "mint" }
  | { type: "attach" }
  | { type: "revoke"; key: SearchKeyRef }
  | { type: "plan"; key: SearchKeyRef; suggested?: Plan | undefined }
  | { type: "credits"; key: SearchKeyRef };

const SearchDialogsContext = createContext<{ open: (dialog: OpenDialog) => void } | null>(null);

/** The console's dialogs, above the lists they act on, so a refreshed list cannot unmount a secret on screen. */
export function SearchDialogsProvider({ children, onKeyMinted }: { children: ReactNode; onKeyMinted?: (keyId: string) => void }) {
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const value = useMemo(() => ({ open: setDialog }), []);
  return (
    <SearchDialogsContext value={value}>
      {children}
      {dialog?.type === "mint" ? <MintSearchKeyDialog onClose={close} onMinted={onKeyMinted} /> : null}
      {dialog?.type === "attach" ? <AttachKeyDialog onClose={close} /> : null}
      {dialog?.type === "revoke" ? <RevokeSearchKeyDialog keyRef={dialog.key} onClose={close} /> : null}
      {dialog?.type === "plan" ? <PlanDialog keyRef={dialog.key} suggested={dialog.suggested} onClose={close} /> : null}
      {dialog?.type === "credits" ? <CreditsDialog keyRef={dialog.key} onClose={close} /> : null}
    </SearchDialogsContext>
  );
}

export function useSearchDialogs(): { open: (dialog: OpenDialog) => void } {
  const context = use(SearchDialogsContext);
  if (!context) throw new Error("useSearchDialogs needs a SearchDialogsProvider above it");
  return context;
}
