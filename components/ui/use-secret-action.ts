"use client";

import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/dashboard/api/result";
import { runAction } from "./run-action";

/**
 * The state of a dialog whose action returns a secret to show once (mint, roll): whether it runs, its
 * failure, and what to reveal once it succeeded.
 */
export function useSecretAction<Revealed>() {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<Revealed | null>(null);

  function run<T>(call: () => Promise<ActionResult<T>>, reveal: (value: T) => Revealed) {
    setError(null);
    startTransition(async () => {
      const result = await runAction(call);
      if (result.ok) setRevealed(reveal(result.value));
      else setError(result.error);
    });
  }

  return { pending, error, setError, revealed, run };
}
