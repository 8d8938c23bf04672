"use client";

import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { Dialog, DialogContent } from "@/components/ui/dialog";

/**
 * An open dialog the owner closes with Esc, the overlay or ×, unless it is `locked` (a request in
 * flight, or a secret not yet confirmed as stored): then only the dialog's own buttons close it.
 */
export function LockableDialog({ locked, onClose, children }: { locked: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open onOpenChange={(open) => !open && !locked && onClose()}>
      {/* The × is DialogContent's last child: hidden while it would do nothing. */}
      <DialogContent className={cn("max-h-[calc(100dvh-2rem)] overflow-y-auto", locked && "[&>button:last-child]:hidden")}>{children}</DialogContent>
    </Dialog>
  );
}
