"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { clearRemoteCredentialsAction, saveRemoteCredentialsAction } from "@/app/settings/actions";
import type { ActionResult } from "@/lib/dashboard/api/result";
import { Form } from "@/components/ui/form";

/** Owner token and agent key for a remote API; stored sealed on the server, never shown again. */
export function RemoteCredentialsForm({ hasOwnerToken, hasAgentKey }: { hasOwnerToken: boolean; hasAgentKey: boolean }) {
  const [result, setResult] = useState<ActionResult | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setResult(await saveRemoteCredentialsAction({ ownerToken: String(form.get("ownerToken") ?? ""), agentKey: String(form.get("agentKey") ?? "") }));
    setBusy(false);
    event.currentTarget.reset();
  }

  return (
    <Form onSubmit={save} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="ownerToken">Owner token {hasOwnerToken ? <span className="text-muted-foreground">(stored)</span> : null}</Label>
        <Input
          id="ownerToken"
          name="ownerToken"
          autoComplete="off"
          spellCheck={false}
          placeholder={hasOwnerToken ? "Leave blank to keep the stored token" : "eyJ…"}
          className="font-mono"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="agentKey">Agent key for the trade desk {hasAgentKey ? <span className="text-muted-foreground">(stored)</span> : null}</Label>
        <Input
          id="agentKey"
          name="agentKey"
          autoComplete="off"
          spellCheck={false}
          placeholder={hasAgentKey ? "Leave blank to keep the stored key" : "bourse_sk_live_…"}
          className="font-mono"
        />
      </div>
      {result && !result.ok ? (
        <p role="alert" className="text-sm text-destructive">
          {result.error}
        </p>
      ) : null}
      {result?.ok ? (
        <p role="status" className="text-sm text-muted-foreground">
          Saved.
        </p>
      ) : null}
      <div className="flex gap-2">
        <SubmitButton disabled={busy}>Save</SubmitButton>
        {hasOwnerToken || hasAgentKey ? (
          <Button type="button" variant="ghost" onClick={async () => setResult(await clearRemoteCredentialsAction())}>
            Forget stored credentials
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
