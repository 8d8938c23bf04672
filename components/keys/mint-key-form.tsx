"use client";

import { DialogActions } from "@/components/ui/dialog-actions";
import { FormAlert } from "@/components/ui/form-alert";
import { useId, useRef, useState, type FormEvent } from "react";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { AGENT_SCOPES, SCOPE_PRESETS, type AgentScope } from "@/lib/auth/scopes";
import type { MintAgentKeyInput } from "@/lib/client/trading";
import {
  buildMintInput,
  EXPIRY_CHOICES,
  ipAllowlistError,
  KEY_NAME_MAX,
  IP_ALLOWLIST_MAX,
  SCOPE_CHOICES,
  SCOPE_LABELS,
  type MintDraft,
  type MintDraftErrors,
  type MintDraftField,
  scopesFor,
} from "@/lib/dashboard/keys-actions-form";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { FieldError } from "@/components/ui/field-error";
import { EMPTY_SWAP_POLICY } from "@/lib/dashboard/swap-policy-form";
import { SwapPolicyFields } from "./swap-policy-fields";
import { Form } from "@/components/ui/form";

const SCOPE_OPTIONS = SCOPE_CHOICES.map((choice) => ({
  value: choice,
  label: choice,
  description: choice === "Custom" ? "Pick the scopes one by one" : SCOPE_PRESETS[choice].join(", "),
}));
const EXPIRY_OPTIONS = EXPIRY_CHOICES.map(({ value, label }) => ({ value, label }));
const FIELD_ORDER: readonly MintDraftField[] = ["name", "scopes", "expiry", "ipAllowlist", "swapRecipients", "swapDailyLimitUsd"];
const FIELD_OF: Record<keyof MintDraft, MintDraftField> = {
  name: "name",
  scopeChoice: "scopes",
  customScopes: "scopes",
  expiry: "expiry",
  customExpiry: "expiry",
  ipAllowlist: "ipAllowlist",
  swapRecipients: "swapRecipients",
  swapDailyLimitUsd: "swapDailyLimitUsd",
};

const INITIAL: MintDraft = {
  name: "",
  scopeChoice: "Read only",
  customScopes: ["account:read"],
  expiry: "never",
  customExpiry: "",
  ipAllowlist: "",
  ...EMPTY_SWAP_POLICY,
};

/** The mint form: checked here as the API will check it, then handed to `onSubmit`. */
export function MintKeyForm({
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  pending: boolean;
  /** What the API said when it refused the last attempt. */
  error: string | null;
  onSubmit: (input: MintAgentKeyInput) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<MintDraft>(INITIAL);
  const [errors, setErrors] = useState<MintDraftErrors>({});
  const fieldId = (field: MintDraftField) => `${id}-${field}`;
  const errorId = (field: MintDraftField) => `${id}-${field}-error`;
  const invalidProps = (field: MintDraftField) => (errors[field] ? { "aria-invalid": true, "aria-describedby": errorId(field) } : {});

  function update(patch: Partial<MintDraft>) {
    setDraft((d) => ({ ...d, ...patch }));
    // A field's complaint goes away once it is edited; the others wait for the next submit.
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch) as (keyof MintDraft)[]) delete next[FIELD_OF[key]];
      return next;
    });
  }

  function toggleScope(scope: AgentScope, on: boolean) {
    update({ customScopes: on ? [...draft.customScopes, scope] : draft.customScopes.filter((s) => s !== scope) });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const built = buildMintInput(draft, new Date());
    if (built.ok) return onSubmit(built.input);
    setErrors(built.errors);
    const first = FIELD_ORDER.find((f) => built.errors[f]);
    if (first) form.current?.querySelector<HTMLElement>(`[data-field="${first}"] :is(input, textarea)`)?.focus();
  }

  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString("sv-SE"); // yyyy-mm-dd, local
  return (
    <Form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div data-field="name" className="flex flex-col gap-1.5">
        <Label htmlFor={fieldId("name")}>Name</Label>
        <Input
          id={fieldId("name")}
          value={draft.name}
          onChange={(e) => update({ name: e.target.value })}
          maxLength={KEY_NAME_MAX}
          autoComplete="off"
          placeholder="market-maker-eu"
          autoFocus
          {...invalidProps("name")}
        />
        <FieldError id={errorId("name")} message={errors.name} />
      </div>

      <div data-field="scopes" className="flex flex-col gap-2">
        <ChoiceGroup
          legend="Scopes"
          choices={SCOPE_OPTIONS}
          value={draft.scopeChoice}
          onChange={(scopeChoice) => update({ scopeChoice })}
          describedBy={errors.scopes ? errorId("scopes") : undefined}
        />
        {draft.scopeChoice === "Custom" ? (
          <fieldset className="flex flex-col gap-2 rounded-md border border-dashed p-3">
            <legend className="sr-only">Custom scopes</legend>
            {AGENT_SCOPES.map((scope) => (
              <label key={scope} className="flex cursor-pointer items-start gap-2.5 text-sm">
                <input
                  type="checkbox"
                  checked={draft.customScopes.includes(scope)}
                  onChange={(e) => toggleScope(scope, e.target.checked)}
                  aria-labelledby={`${id}-scope-${scope}`}
                  aria-describedby={`${id}-scope-${scope}-description`}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <span className="flex flex-col">
                  <code id={`${id}-scope-${scope}`} className="font-mono text-xs">
                    {scope}
                  </code>
                  <span id={`${id}-scope-${scope}-description`} className="text-xs text-muted-foreground">
                    {SCOPE_LABELS[scope]}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <FieldError id={errorId("scopes")} message={errors.scopes} />
      </div>

      <div data-field="expiry" className="flex flex-col gap-2">
        <ChoiceGroup legend="Expires" choices={EXPIRY_OPTIONS} value={draft.expiry} onChange={(expiry) => update({ expiry })} layout="inline" />
        {draft.expiry === "custom" ? (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={fieldId("expiry")}>Last day the key works</Label>
            <Input
              id={fieldId("expiry")}
              type="date"
              min={tomorrow}
              value={draft.customExpiry}
              onChange={(e) => update({ customExpiry: e.target.value })}
              className="w-fit"
              {...invalidProps("expiry")}
            />
          </div>
        ) : null}
        <FieldError id={errorId("expiry")} message={errors.expiry} />
      </div>

      <div data-field="ipAllowlist" className="flex flex-col gap-1.5">
        <Label htmlFor={fieldId("ipAllowlist")}>IP allowlist</Label>
        <textarea
          id={fieldId("ipAllowlist")}
          value={draft.ipAllowlist}
          onChange={(e) => update({ ipAllowlist: e.target.value })}
          onBlur={() => setErrors((e) => ({ ...e, ipAllowlist: ipAllowlistError(draft.ipAllowlist) }))}
          rows={3}
          spellCheck={false}
          placeholder={"203.0.113.7\n10.0.0.0/8"}
          className={cn(
            "w-full rounded-md border border-input bg-transparent px-3 py-2 font-mono text-xs shadow-xs placeholder:text-muted-foreground",
            "aria-invalid:border-destructive",
          )}
          aria-describedby={errors.ipAllowlist ? `${fieldId("ipAllowlist")}-hint ${errorId("ipAllowlist")}` : `${fieldId("ipAllowlist")}-hint`}
          aria-invalid={errors.ipAllowlist ? true : undefined}
        />
        <p id={`${fieldId("ipAllowlist")}-hint`} className="text-xs text-muted-foreground">
          One address or CIDR block per line, at most {IP_ALLOWLIST_MAX}. Leave empty to allow any address.
        </p>
        <FieldError id={errorId("ipAllowlist")} message={errors.ipAllowlist} />
      </div>

      {scopesFor(draft.scopeChoice, draft.customScopes).includes("swap") ? (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-sm font-medium">Swaps</legend>
          <SwapPolicyFields id={id} draft={draft} errors={errors} onChange={update} />
        </fieldset>
      ) : null}

      <FormAlert message={error} />

      <DialogActions onCancel={onCancel} pending={pending} label="Create key" pendingLabel="Creating…" />
    </Form>
  );
}
