"use client";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RISK_LIMIT_LABELS, type RiskLimitField } from "@/lib/dashboard/risk-limits-form";
import { FieldError } from "@/components/ui/field-error";

/** One limit of the Limits dialog: label, text input (empty = no limit of the owner's), hint and complaint. */
export function LimitField({
  id,
  field,
  value,
  error,
  onChange,
}: {
  id: string;
  field: RiskLimitField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { label, hint, unit } = RISK_LIMIT_LABELS[field];
  const inputId = `${id}-${field}`;
  const described = error ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`;
  return (
    <div data-field={field} className="flex flex-col gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex items-center gap-2">
        <Input
          id={inputId}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          inputMode="decimal"
          autoComplete="off"
          placeholder="No limit"
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          className="font-mono tabular-nums"
        />
        <span className="w-8 shrink-0 text-xs text-muted-foreground">{unit}</span>
      </div>
      <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <FieldError id={`${inputId}-error`} message={error} />
    </div>
  );
}
