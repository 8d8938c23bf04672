"use client";

import { type FormEvent, useRef, useState, useTransition } from "react";
import type { ActionResult } from "@/lib/dashboard/api/result";
import { runAction } from "./run-action";

type Parsed<V, E> = { ok: true; value: V } | { ok: false; errors: E };

/**
 * A dialog form over a draft: edits clear their field's error, submitting parses the draft first
 * (focusing the first field in error, no round trip), then runs the action and closes on success or
 * shows the action's error.
 */
export function useValidatedDraft<D extends object, E extends Partial<Record<keyof D, string>>, V>(spec: {
  initial: D | (() => D);
  parse(draft: D): Parsed<V, E>;
  fields: readonly (keyof D)[];
  send(value: V): Promise<ActionResult<unknown>>;
  onDone(): void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<D>(spec.initial);
  const [errors, setErrors] = useState<E>({} as E);
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  function update(patch: Partial<D>) {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const field of Object.keys(patch) as (keyof D)[]) delete next[field];
      return next;
    });
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const parsed = spec.parse(draft);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      const first = spec.fields.find((f) => parsed.errors[f]);
      if (first !== undefined) form.current?.querySelector<HTMLElement>(`[data-field="${String(first)}"] :is(input, textarea)`)?.focus();
      return;
    }
    startTransition(async () => {
      const result = await runAction(() => spec.send(parsed.value));
      if (result.ok) spec.onDone();
      else setError(result.error);
    });
  }

  return { form, draft, errors, pending, error, update, save };
}
