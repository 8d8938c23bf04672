"use client";

import { type FormEvent, useId, useState, useTransition } from "react";
import { linkVenueAccountAction } from "@/app/settings/actions";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { runAction } from "@/components/ui/run-action";
import type { LinkedVenueAccountView, VenueAccountView } from "@/lib/client/trading";
import { credentialsFromForm, venueHint, venueTitle } from "@/lib/dashboard/venue-accounts-view";
import { Form } from "@/components/ui/form";

/** The fields the venue asks for (secrets as password inputs); the server checks them with the venue before storing them. */
export function VenueAccountForm({
  view,
  onLinked,
  onCancel,
}: {
  view: VenueAccountView;
  onLinked: (linked: LinkedVenueAccountView) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const title = venueTitle(view.venue);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const credentials = credentialsFromForm(view, new FormData(form));
    setError(null);
    startTransition(async () => {
      const result = await runAction(() => linkVenueAccountAction({ venue: view.venue, credentials }));
      if (!result.ok) return setError(result.error);
      form.reset();
      onLinked(result.value);
    });
  }

  return (
    <Form
      onSubmit={submit}
      aria-label={`${view.account ? "Replace" : "Link"} your ${title} account`}
      className="flex flex-col gap-3 rounded-md border bg-muted/30 p-3"
    >
      <p className="text-xs text-muted-foreground">{venueHint(view.venue)}</p>
      {view.credentials.map((field) => (
        <div key={field.name} className="flex max-w-xl flex-col gap-1.5">
          <Label htmlFor={`${id}-${field.name}`}>{field.label}</Label>
          <Input
            id={`${id}-${field.name}`}
            name={field.name}
            type={field.secret ? "password" : "text"}
            autoComplete="off"
            spellCheck={false}
            required
            disabled={pending}
            placeholder={field.format}
            className="font-mono"
          />
        </div>
      ))}
      <FormAlert message={error} />
      <div className="flex flex-wrap items-center gap-2">
        <SubmitButton size="sm" disabled={pending}>
          {pending ? `Checking with ${title}…` : view.account ? "Check and replace" : "Check and link"}
        </SubmitButton>
        <Button type="button" size="sm" variant="ghost" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
        <span className="text-xs text-muted-foreground">Stored encrypted; secrets are never shown again.</span>
      </div>
    </Form>
  );
}
