"use client";

import { useEffect, useId, useRef, useState } from "react";
import { CheckIcon, CopyIcon, TriangleAlertIcon } from "lucide-react";
import type { RevealedKey } from "@/app/keys/actions";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

const COPIED_FOR_MS = 2000;

/** The one time a key's secret is on screen: copy it, confirm it is stored, and only then close. */
export function SecretKeyReveal({
  revealed,
  note,
  stored,
  onStoredChange,
  onDone,
}: {
  revealed: RevealedKey;
  /** A sentence after the heading, e.g. when the key it replaces stops working. */
  note?: string;
  stored: boolean;
  onStoredChange: (stored: boolean) => void;
  onDone: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (copy !== "copied") return;
    const timer = setTimeout(() => setCopy("idle"), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  async function copySecret() {
    try {
      // Absent outside secure contexts (plain http on another host): falls through to the manual path.
      await navigator.clipboard.writeText(revealed.secret);
      setCopy("copied");
    } catch {
      input.current?.select();
      setCopy("failed");
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>Copy the secret of ‘{revealed.name}’</DialogTitle>
        <DialogDescription>Give it to your agent as a bearer token.{note ? ` ${note}` : ""}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-secret`}>Secret key</Label>
        <div className="flex gap-2">
          <Input
            ref={input}
            id={`${id}-secret`}
            readOnly
            value={revealed.secret}
            spellCheck={false}
            autoComplete="off"
            className="font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button variant="secondary" onClick={copySecret} autoFocus>
            {copy === "copied" ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copy === "copied" ? "Copied" : "Copy"}
          </Button>
        </div>
        <p aria-live="polite" className="text-xs text-muted-foreground">
          {copy === "failed" ? "The browser did not allow copying: the key is selected, copy it with Ctrl+C or ⌘C." : ""}
        </p>
      </div>
      <p className="flex items-start gap-2 rounded-md border border-warning/30 bg-warning/10 px-3 py-2 text-sm text-warning">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        You won&apos;t be able to see this key again.
      </p>
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input type="checkbox" checked={stored} onChange={(e) => onStoredChange(e.target.checked)} className="size-4 accent-primary" />I have stored this key
      </label>
      <DialogFooter>
        <Button disabled={!stored} onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}
