"use client";

import { useId, useRef, useState, useTransition, type FormEvent } from "react";
import { setLimitsAction } from "@/app/keys/actions";
import { Button } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog-actions";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { EMPTY_RISK_LIMITS, parseRiskLimits, RISK_LIMIT_FIELDS, type RiskLimitsDraft, type RiskLimitsErrors } from "@/lib/dashboard/risk-limits-form";
import { LockableDialog } from "@/components/ui/lockable-dialog";
import type { KeyRef } from "./key-dialogs";
import { LimitField } from "./limit-field";
import { runAction } from "@/components/ui/run-action";

/**
 * The owner's own limits for one key (keyRef) or for all keys (null), shown as currently set. They only
 * tighten the operator's policy, whose values the dashboard never shows.
 */
export function LimitsDialog({ keyRef, current, onClose }: { keyRef: KeyRef | null; current: RiskLimitsDraft; onClose: () => void }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<RiskLimitsDraft>(current);
  const [errors, setErrors] = useState<RiskLimitsErrors>({});
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  function update(patch: Partial<RiskLimitsDraft>) {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const field of Object.keys(patch) as (keyof RiskLimitsDraft)[]) delete next[field];
      return next;
    });
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const parsed = parseRiskLimits(draft);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      const first = RISK_LIMIT_FIELDS.find((f) => parsed.errors[f]);
      if (first) form.current?.querySelector<HTMLElement>(`[data-field="${first}"] input`)?.focus();
      return;
    }
    startTransition(async () => {
      const result = await runAction(() => setLimitsAction({ keyId: keyRef?.id ?? null, limits: draft }));
      if (result.ok) onClose();
      else setError(result.error);
    });
  }

  return (
    <LockableDialog locked={pending} onClose={onClose}>
      <form ref={form} onSubmit={save} noValidate className="flex flex-col gap-5">
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
      </form>
    </LockableDialog>
  );
}
