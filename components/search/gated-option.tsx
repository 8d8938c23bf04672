"use client";

import { LockIcon } from "lucide-react";
import type { GatedFeature, Plan } from "@/lib/billing/plans";
import { FEATURE_LABELS, gateView } from "./console-view";

/** A plan-gated checkbox: usable when the key's plan has it, else off, with what plan it needs and how to get there. */
export function GatedOption({
  feature,
  plan,
  checked,
  onChange,
  hint,
}: {
  feature: GatedFeature;
  plan: Plan | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  const gate = gateView(plan, feature);
  const noteId = `gate-${feature}`;
  return (
    <label className="flex items-start gap-2.5 text-sm">
      <input
        type="checkbox"
        checked={gate.allowed && checked}
        disabled={!gate.allowed}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={gate.note || hint ? noteId : undefined}
        className="mt-0.5 size-4 shrink-0 accent-primary disabled:opacity-50"
      />
      <span className="flex flex-col gap-0.5">
        <span className="flex items-center gap-1.5 font-medium">
          {FEATURE_LABELS[feature]}
          {gate.allowed ? null : <LockIcon className="size-3.5 text-muted-foreground" aria-label="needs a higher plan" />}
        </span>
        {gate.note || hint ? (
          <span id={noteId} className="text-xs text-muted-foreground">
            {gate.note ?? hint}
          </span>
        ) : null}
      </span>
    </label>
  );
}
