"use client";

import { useId } from "react";
import { GaugeIcon, LockIcon } from "lucide-react";
import type { GatedFeature, Plan } from "@/lib/billing/plans";
import { FEATURE_LABELS, gateView } from "./console-view";

/**
 * A plan-gated checkbox: usable when the key's plan has it, else off, with the plan it needs; administrators
 * get a button that moves the key there (`onChangePlan`), others are told to ask one.
 */
export function GatedOption({
  feature,
  plan,
  checked,
  onChange,
  onChangePlan,
  hint,
}: {
  feature: GatedFeature;
  plan: Plan | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onChangePlan: ((plan: Plan) => void) | null;
  hint?: string;
}) {
  const gate = gateView(plan, feature, onChangePlan !== null);
  const noteId = `${useId()}-${feature}`;
  const offerPlan = plan !== undefined && !gate.allowed && onChangePlan !== null;
  return (
    <div className="flex items-start gap-2.5 text-sm">
      <input
        id={`${noteId}-input`}
        type="checkbox"
        checked={gate.allowed && checked}
        disabled={!gate.allowed}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={gate.note || hint ? noteId : undefined}
        className="mt-0.5 size-4 shrink-0 accent-primary disabled:opacity-50"
      />
      <span className="flex flex-col gap-0.5">
        <label htmlFor={`${noteId}-input`} className="flex items-center gap-1.5 font-medium">
          {FEATURE_LABELS[feature]}
          {gate.allowed ? null : <LockIcon className="size-3.5 text-muted-foreground" aria-label="needs a higher plan" />}
        </label>
        {gate.note || hint ? (
          <span id={noteId} className="text-xs text-muted-foreground">
            {gate.note ?? hint}
            {offerPlan ? (
              <button
                type="button"
                onClick={() => onChangePlan(gate.needs)}
                className="ml-1 inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
              >
                <GaugeIcon className="size-3" aria-hidden="true" />
                Move the key to {gate.needs}
              </button>
            ) : null}
          </span>
        ) : null}
      </span>
    </div>
  );
}
