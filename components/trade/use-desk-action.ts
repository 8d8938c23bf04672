"use client";

import { useEffect, useState, useTransition } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { ActionResult } from "@/lib/dashboard/api/result";
import { runAction } from "@/components/ui/run-action";
import { refreshDesk } from "./queries";

/**
 * Runs one of the trade desk's server actions: pending while it runs, the API's message when it is
 * refused, and every desk read refreshed afterwards (a refusal may still have changed something).
 */
export function useDeskAction(
  /** What the action is about (a form's draft): a refusal speaks of it, so it is cleared once this changes. */
  subject?: unknown,
) {
  const queryClient = useQueryClient();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (subject !== undefined) setError(null);
  }, [subject]);

  function run<T>(call: () => Promise<ActionResult<T>>, onDone?: (value: T) => void, onRefused?: (error: string) => void): void {
    setError(null);
    startTransition(async () => {
      const result = await runAction(call);
      void refreshDesk(queryClient);
      if (result.ok) onDone?.(result.value);
      else {
        setError(result.error);
        onRefused?.(result.error);
      }
    });
  }

  return { pending, error, setError, run };
}

/**
 * A fresh Idempotency-Key for one order. Built from getRandomValues, which (unlike randomUUID) also
 * works on a plain-http LAN address.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `desk-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
