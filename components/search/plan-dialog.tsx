"use client";

import { useState, useTransition } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { changePlanAction } from "@/app/search/actions";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { LockableDialog } from "@/components/ui/lockable-dialog";
import { runAction } from "@/components/ui/run-action";
import { DialogActions } from "@/components/ui/dialog-actions";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { featuresOf, PLANS, type Plan } from "@/lib/billing/plans";
import { invalidateKey } from "./console-queries";
import { FEATURE_LABELS } from "./console-view";
import type { SearchKeyRef } from "./search-dialogs";

const PLAN_CHOICES = PLANS.map((plan) => {
  const features = Object.entries(featuresOf(plan))
    .filter(([, on]) => on)
    .map(([feature]) => FEATURE_LABELS[feature as keyof typeof FEATURE_LABELS].toLowerCase());
  return { value: plan, label: plan, description: features.length ? `Search and scrape, with ${features.join(", ")}` : "Search and scrape" };
});

/** Administrators: move a key to another plan. Takes effect on its next request; the balance stays. */
export function PlanDialog({ keyRef, suggested, onClose }: { keyRef: SearchKeyRef; suggested?: Plan | undefined; onClose: () => void }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [plan, setPlan] = useState<Plan>(suggested ?? keyRef.plan);

  function save() {
    setError(null);
    startTransition(async () => {
      const result = await runAction(() => changePlanAction({ id: keyRef.id, plan }));
      if (!result.ok) return setError(result.error);
      await invalidateKey(queryClient, keyRef.id);
      router.refresh();
      onClose();
    });
  }

  return (
    <LockableDialog locked={pending} onClose={onClose}>
      <DialogHeader>
        <DialogTitle>Plan of ‘{keyRef.name}’</DialogTitle>
        <DialogDescription>The key&apos;s next request runs on the new plan. Its credits do not change; add credits separately.</DialogDescription>
      </DialogHeader>
      <ChoiceGroup legend="Plan" choices={PLAN_CHOICES} value={plan} onChange={setPlan} />
      <FormAlert message={error} />
      <DialogActions onCancel={onClose} onConfirm={save} pending={pending} label="Change plan" pendingLabel="Saving…" />
    </LockableDialog>
  );
}
