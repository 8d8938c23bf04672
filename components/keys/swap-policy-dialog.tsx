"use client";

import { useId } from "react";
import { setSwapPolicyAction } from "@/app/keys/actions";
import { DialogActions } from "@/components/ui/dialog-actions";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { draftFromPolicy, parseSwapPolicy, SWAP_POLICY_FIELDS } from "@/lib/dashboard/swap-policy-form";
import { LockableDialog } from "@/components/ui/lockable-dialog";
import type { SwapKeyRef } from "./key-dialogs";
import { useValidatedDraft } from "@/components/ui/use-validated-draft";
import { SwapPolicyFields } from "./swap-policy-fields";
import { Form } from "@/components/ui/form";

/** Where a swap key's swaps may pay out to, and how much they may be worth per UTC day, as currently set. */
export function SwapPolicyDialog({ keyRef, onClose }: { keyRef: SwapKeyRef; onClose: () => void }) {
  const id = useId();
  const { form, draft, errors, pending, error, update, save } = useValidatedDraft({
    initial: () => draftFromPolicy(keyRef),
    parse: parseSwapPolicy,
    fields: SWAP_POLICY_FIELDS,
    send: (policy) => setSwapPolicyAction({ id: keyRef.id, policy }),
    onDone: onClose,
  });

  return (
    <LockableDialog locked={pending} onClose={onClose}>
      <Form ref={form} onSubmit={save} noValidate className="flex flex-col gap-5">
        <DialogHeader>
          <DialogTitle>Swaps for ‘{keyRef.name}’</DialogTitle>
          <DialogDescription>
            This key&apos;s swaps may always pay out to your own wallets (the server-held swap wallet and the wallets you sign in with), and to the addresses
            listed here. A swap to any other address, or one that would take the key over its daily limit, is refused. Changes apply to the key&apos;s next
            request.
          </DialogDescription>
        </DialogHeader>
        <SwapPolicyFields id={id} draft={draft} errors={errors} onChange={update} />
        <FormAlert message={error} />
        <DialogActions onCancel={onClose} pending={pending} label="Save swap policy" pendingLabel="Saving…" />
      </Form>
    </LockableDialog>
  );
}
