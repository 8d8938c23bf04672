"use client";

import { revokeKeyAction } from "@/app/keys/actions";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import type { KeyRef } from "./key-dialogs";

export function RevokeKeyDialog({ keyRef, onClose }: { keyRef: KeyRef; onClose: () => void }) {
  return (
    <ConfirmActionDialog
      title={<>Revoke ‘{keyRef.name}’?</>}
      description={
        <>
          Agents using it are refused on their next request.
          {keyRef.kind === "desk" ? " The dashboard mints itself a new desk key the next time it trades." : ""}
        </>
      }
      label="Revoke key"
      pendingLabel="Revoking…"
      action={() => revokeKeyAction({ id: keyRef.id })}
      onClose={onClose}
    />
  );
}
