"use client";

import { createContext, type ReactNode, use, useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { KEY_VARIABLE } from "@/lib/reference/samples";
import { useKeySecrets } from "./key-secrets";

/** One of the owner's keys, as samples offer it (lib/dashboard/sample-keys.ts). */
export interface SampleKeyChoice {
  id: string;
  name: string;
  fragment: string;
  /** This dashboard holds it and can fill it in; otherwise the owner pastes it. */
  held: boolean;
}

const NONE = "";
const PASTED = "pasted";

interface SampleKeyValue {
  /** A key is chosen: requests carry an Authorization header. */
  sendsKey: boolean;
  /** What samples show: the secret when the owner asked to see it, else null (masked as $BOURSE_KEY). */
  shown: string | null;
  /** The secret for a request the owner sends from this page; null when none is chosen or known. */
  secret: () => Promise<string | null>;
}

const SampleKeyContext = createContext<SampleKeyValue>({ sendsKey: false, shown: null, secret: async () => null });

export function useSampleKey(): SampleKeyValue {
  return use(SampleKeyContext);
}

/** The key the page's samples and try-it panels use, chosen once for the page; masked in samples unless the owner shows it. */
export function SampleKeyProvider({ keys, children }: { keys: readonly SampleKeyChoice[]; children: ReactNode }) {
  const id = useId();
  const secrets = useKeySecrets();
  const [chosen, setChosen] = useState(NONE);
  const [show, setShow] = useState(false);
  const key = keys.find((k) => k.id === chosen) ?? null;
  const needsPaste = chosen === PASTED || (key !== null && !key.held);
  const known = secrets.secretOf(chosen || null);

  async function toggleShow(on: boolean) {
    setShow(on);
    if (on && key?.held) await secrets.reveal(key.id);
  }
  const value: SampleKeyValue = {
    sendsKey: chosen !== NONE,
    shown: show ? known : null,
    secret: async () => (chosen === NONE ? null : (known ?? (key?.held ? secrets.reveal(key.id) : null))),
  };

  return (
    <SampleKeyContext value={value}>
      <div className="flex flex-col gap-3 rounded-lg border bg-card p-4 text-sm" data-testid="sample-key">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-key`} className="font-medium">
              Key for samples and try-it
            </label>
            <select
              id={`${id}-key`}
              value={chosen}
              onChange={(e) => {
                secrets.clearError();
                setChosen(e.target.value);
              }}
              className="h-9 max-w-full rounded-md border border-input bg-transparent px-2"
            >
              <option value={NONE}>No key (public operations only)</option>
              {keys.map((k) => (
                <option key={k.id} value={k.id}>
                  {k.name} ({k.fragment})
                </option>
              ))}
              <option value={PASTED}>Paste a key…</option>
            </select>
          </div>
          <label className="flex items-center gap-2 sm:pb-2">
            <input type="checkbox" checked={show} disabled={chosen === NONE} onChange={(e) => toggleShow(e.target.checked)} className="size-4 accent-primary" />
            Show the key in samples
          </label>
        </div>
        {needsPaste ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-secret`} className="font-medium">
              {key ? `Secret of ‘${key.name}’` : "Secret key"}
            </label>
            <Input
              id={`${id}-secret`}
              type="password"
              autoComplete="off"
              value={known ?? ""}
              onChange={(e) => secrets.remember(chosen, e.target.value.trim())}
              placeholder={key ? `${key.fragment}` : "bourse_…"}
              className="max-w-md font-mono"
            />
            <p className="text-xs text-muted-foreground">
              {key ? "This dashboard keeps only a hash of this key: paste it to send requests with it. " : ""}It stays in this page and is gone when you leave.
            </p>
          </div>
        ) : null}
        <p className="text-xs text-muted-foreground">
          {chosen === NONE
            ? "Requests go without credentials; operations that need a key answer 401."
            : show
              ? "Samples show the key itself: take care where you paste them."
              : `Samples read the key from $${KEY_VARIABLE}; try-it sends the key itself.`}
        </p>
        {secrets.error ? (
          <p role="alert" className="text-xs text-destructive">
            {secrets.error}
          </p>
        ) : null}
      </div>
      {children}
    </SampleKeyContext>
  );
}
