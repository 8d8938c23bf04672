"use client";

import { useState, useTransition } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { ActionResult } from "@/lib/dashboard/api/result";
import { runAction } from "@/components/ui/run-action";
import { refreshDesk } from "./queries";

/**
 * Runs one of the trade desk's server actions: pending while it runs, the API's message when it is
 * refused, and every desk read refreshed afterwards (a refusal may still have changed something).
 */
export function useDeskAction() {
  const queryClient = useQueryClient();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  function run<T>(call: () => Promise<ActionResult<T>>, onDone?: (value: T) => void): void {
    setError(null);
    startTransition(async () => {
      const result = await runAction(call);
      void refreshDesk(queryClient);
      if (result.ok) onDone?.(result.value);
      else setError(result.error);
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
