"use client";

// Closing a position, whole or in part: on one venue, or across every venue holding the market (largest
// position first). Reduce-only market orders, so a close never opens the other side.

import { useState } from "react";
import { closePositionAction } from "@/app/trade/actions";
import type { ParentOrderView } from "@/lib/trading/contract/orders";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { FormAlert } from "@/components/ui/form-alert";
import { DecimalField } from "./fields";
import { closeQuantity } from "./positions-view";
import { newIdempotencyKey, useDeskAction } from "./use-desk-action";
import { Form } from "@/components/ui/form";

export interface CloseTarget {
  symbol: string;
  /** One venue's position; every venue's when absent. */
  venue?: string;
  size: string;
  base: string;
  lotSize: string | undefined;
}

export function ClosePositionDialog({ target, onClosed, onCancel }: { target: CloseTarget; onClosed: (order: ParentOrderView) => void; onCancel: () => void }) {
  const [text, setText] = useState(target.size);
  const [submitted, setSubmitted] = useState(false);
  const action = useDeskAction(text);
  const parsed = closeQuantity(text, target.size, target.lotSize);

  function close(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.ok) return;
    const position = { symbol: target.symbol, ...(target.venue ? { venue: target.venue } : {}), ...(parsed.quantity ? { quantity: parsed.quantity } : {}) };
    action.run(() => closePositionAction({ position, idempotencyKey: newIdempotencyKey() }), onClosed);
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onCancel())}>
      <DialogContent>
        <Form onSubmit={close} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>
              Close {target.symbol}
              {target.venue ? ` on ${target.venue}` : ""}
            </DialogTitle>
            <DialogDescription>
              At market with reduce-only orders{target.venue ? "" : " on every venue holding it, largest position first"}. Enter less than the whole{" "}
              {target.size} {target.base} to close part.
            </DialogDescription>
          </DialogHeader>
          <DecimalField label={`Size to close (${target.base})`} value={text} onChange={setText} error={submitted && !parsed.ok ? parsed.error : null} />
          <FormAlert message={action.error} />
          <DialogActions
            onCancel={onCancel}
            pending={action.pending}
            label={parsed.ok && parsed.quantity ? "Close part" : "Close position"}
            pendingLabel="Closing…"
            destructive
          />
        </Form>
      </DialogContent>
    </Dialog>
  );
}
