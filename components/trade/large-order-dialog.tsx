"use client";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";

/** Asks before a large order is sent: what it is, its size in dollars and the margin it takes. */
export function LargeOrderDialog({ summary, pending, onCancel, onConfirm }: { summary: string; pending: boolean; onCancel(): void; onConfirm(): void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send a large order?</DialogTitle>
          <DialogDescription>{summary}</DialogDescription>
        </DialogHeader>
        <DialogActions onCancel={onCancel} onConfirm={onConfirm} pending={pending} label="Send order" pendingLabel="Sending…" />
      </DialogContent>
    </Dialog>
  );
}
