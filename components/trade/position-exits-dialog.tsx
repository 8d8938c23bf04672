"use client";

// A position's take-profit and stop-loss on one venue: set, replace or (left empty) remove them. Each is a
// reduce-only trigger order for the whole position, cancelled by the venue once the position is closed.

import { useState } from "react";
import { setPositionExitsAction } from "@/app/trade/actions";
import type { PositionExitsResult } from "@/lib/trading/contract/positions";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { FormAlert } from "@/components/ui/form-alert";
import { DecimalField } from "./fields";
import { exitsDraftErrors, exitsBody, type ExitsTarget } from "./position-exits";
import { newIdempotencyKey, useDeskAction } from "./use-desk-action";
import { Form } from "@/components/ui/form";

export function PositionExitsDialog({
  target,
  onDone,
  onCancel,
}: {
  target: ExitsTarget;
  onDone: (result: PositionExitsResult) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState({ takeProfit: target.takeProfit ?? "", stopLoss: target.stopLoss ?? "" });
  const [submitted, setSubmitted] = useState(false);
  const action = useDeskAction(draft);
  const errors = exitsDraftErrors(draft, target);

  function save(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (errors.takeProfit || errors.stopLoss) return;
    const exits = exitsBody(draft, target);
    if (exits.takeProfit === undefined && exits.stopLoss === undefined) return onCancel();
    action.run(() => setPositionExitsAction({ symbol: target.symbol, exits, idempotencyKey: newIdempotencyKey() }), onDone);
  }

  const long = target.side === "LONG";
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onCancel())}>
      <DialogContent>
        <Form onSubmit={save} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>
              Take-profit and stop-loss: {target.symbol} on {target.venue}
            </DialogTitle>
            <DialogDescription>
              Each closes the whole {long ? "long" : "short"} at market once the venue's mark reaches it (mark now {target.markPrice}). Leave one empty to
              remove it.
            </DialogDescription>
          </DialogHeader>
          <div className="grid grid-cols-2 gap-3">
            <DecimalField
              label="Take profit"
              value={draft.takeProfit}
              onChange={(takeProfit) => setDraft((d) => ({ ...d, takeProfit }))}
              error={submitted ? errors.takeProfit : null}
              hint={long ? "Above the mark" : "Below the mark"}
            />
            <DecimalField
              label="Stop loss"
              value={draft.stopLoss}
              onChange={(stopLoss) => setDraft((d) => ({ ...d, stopLoss }))}
              error={submitted ? errors.stopLoss : null}
              hint={long ? "Below the mark" : "Above the mark"}
            />
          </div>
          <FormAlert message={action.error} />
          <DialogActions onCancel={onCancel} pending={action.pending} label="Save" pendingLabel="Saving…" />
        </Form>
      </DialogContent>
    </Dialog>
  );
}
