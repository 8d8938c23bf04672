"use client";

import { revokeSearchKeyAction } from "@/app/search/actions";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import type { SearchKeyRef } from "./search-dialogs";

export function RevokeSearchKeyDialog({ keyRef, onClose }: { keyRef: SearchKeyRef; onClose: () => void }) {
  return (
    <ConfirmActionDialog
      title={<>Revoke ‘{keyRef.name}’?</>}
      description="Requests with it are refused from the next one on, and this console forgets it. Its ledger stays readable."
      label="Revoke key"
      pendingLabel="Revoking…"
      action={() => revokeSearchKeyAction({ id: keyRef.id })}
      onClose={onClose}
    />
  );
}
