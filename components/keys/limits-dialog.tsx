"use client";

import { useId } from "react";
import { setLimitsAction } from "@/app/keys/actions";
import { Button } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog-actions";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { EMPTY_RISK_LIMITS, parseRiskLimits, RISK_LIMIT_FIELDS, type RiskLimitsDraft } from "@/lib/dashboard/risk-limits-form";
import { LockableDialog } from "@/components/ui/lockable-dialog";
import type { KeyRef } from "./key-dialogs";
import { LimitField } from "./limit-field";
import { useValidatedDraft } from "@/components/ui/use-validated-draft";
import { Form } from "@/components/ui/form";

/**
 * The owner's own limits for one key (keyRef) or for all keys (null), shown as currently set. They only
 * tighten the operator's policy, whose values the dashboard never shows.
 */
export function LimitsDialog({ keyRef, current, onClose }: { keyRef: KeyRef | null; current: RiskLimitsDraft; onClose: () => void }) {
  const id = useId();
  const { form, draft, errors, pending, error, update, save } = useValidatedDraft({
    initial: current,
    // The action takes the draft as typed and parses it again on the server.
    parse: (limits) => {
      const parsed = parseRiskLimits(limits);
      return parsed.ok ? { ok: true, value: limits } : parsed;
    },
    fields: RISK_LIMIT_FIELDS,
    send: (limits) => setLimitsAction({ keyId: keyRef?.id ?? null, limits }),
    onDone: onClose,
  });

  return (
    <LockableDialog locked={pending} onClose={onClose}>
      <Form ref={form} onSubmit={save} noValidate className="flex flex-col gap-5">
        <DialogHeader>
          <DialogTitle>{keyRef ? `Limits for ‘${keyRef.name}’` : "Limits for all keys"}</DialogTitle>
          <DialogDescription>
            {keyRef
              ? "Applied to this key on top of your limits for all keys. "
              : "Applied to every key of yours, the dashboard's desk key included; a key's own limits can tighten them further. "}
            Limits only tighten the operator&apos;s risk policy: a value looser than the operator&apos;s has no effect. Agents never see them; an order beyond
            one is refused with the rule&apos;s category. Leave a field empty for no limit of your own.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-2">
          {RISK_LIMIT_FIELDS.map((field) => (
            <LimitField key={field} id={id} field={field} value={draft[field]} error={errors[field]} onChange={(value) => update({ [field]: value })} />
          ))}
        </div>
        <div>
          <Button type="button" variant="ghost" size="sm" onClick={() => update(EMPTY_RISK_LIMITS)} disabled={pending}>
            Clear all fields
          </Button>
        </div>
        <FormAlert message={error} />
        <DialogActions onCancel={onClose} pending={pending} label="Save limits" pendingLabel="Saving…" />
      </Form>
    </LockableDialog>
  );
}
