"use client";

import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SWAP_POLICY_LABELS, type SwapPolicyDraft, type SwapPolicyErrors, type SwapPolicyField } from "@/lib/dashboard/swap-policy-form";
import { FieldError } from "@/components/ui/field-error";

/** A swap key's recipients allowlist and daily swap limit, as text; used by the mint form and the key's swap policy dialog. */
export function SwapPolicyFields({
  id,
  draft,
  errors,
  onChange,
}: {
  id: string;
  draft: SwapPolicyDraft;
  errors: SwapPolicyErrors;
  onChange: (patch: Partial<SwapPolicyDraft>) => void;
}) {
  const inputId = (field: SwapPolicyField) => `${id}-${field}`;
  const describedBy = (field: SwapPolicyField) => (errors[field] ? `${inputId(field)}-hint ${inputId(field)}-error` : `${inputId(field)}-hint`);
  const hint = (field: SwapPolicyField) => (
    <p id={`${inputId(field)}-hint`} className="text-xs text-muted-foreground">
      {SWAP_POLICY_LABELS[field].hint}
    </p>
  );
  return (
    <>
      <div data-field="swapRecipients" className="flex flex-col gap-1.5">
        <Label htmlFor={inputId("swapRecipients")}>{SWAP_POLICY_LABELS.swapRecipients.label}</Label>
        <textarea
          id={inputId("swapRecipients")}
          value={draft.swapRecipients}
          onChange={(e) => onChange({ swapRecipients: e.target.value })}
          rows={3}
          spellCheck={false}
          placeholder="0x5B38Da6a701c568545dCfcB03FcB875f56beddC4"
          className={cn(
            "w-full rounded-md border border-input bg-transparent px-3 py-2 font-mono text-xs shadow-xs placeholder:text-muted-foreground",
            "aria-invalid:border-destructive",
          )}
          aria-describedby={describedBy("swapRecipients")}
          aria-invalid={errors.swapRecipients ? true : undefined}
        />
        {hint("swapRecipients")}
        <FieldError id={`${inputId("swapRecipients")}-error`} message={errors.swapRecipients} />
      </div>
      <div data-field="swapDailyLimitUsd" className="flex flex-col gap-1.5">
        <Label htmlFor={inputId("swapDailyLimitUsd")}>{SWAP_POLICY_LABELS.swapDailyLimitUsd.label}</Label>
        <div className="flex items-center gap-2">
          <Input
            id={inputId("swapDailyLimitUsd")}
            value={draft.swapDailyLimitUsd}
            onChange={(e) => onChange({ swapDailyLimitUsd: e.target.value })}
            inputMode="decimal"
            autoComplete="off"
            placeholder="No limit"
            aria-describedby={describedBy("swapDailyLimitUsd")}
            aria-invalid={errors.swapDailyLimitUsd ? true : undefined}
            className="font-mono tabular-nums"
          />
          <span className="w-8 shrink-0 text-xs text-muted-foreground">USD</span>
        </div>
        {hint("swapDailyLimitUsd")}
        <FieldError id={`${inputId("swapDailyLimitUsd")}-error`} message={errors.swapDailyLimitUsd} />
      </div>
    </>
  );
}
