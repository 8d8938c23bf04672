"use client";

import { useCallback, useState } from "react";
import { revealConsoleKeyAction } from "@/app/search/actions";
import { runAction } from "@/components/ui/run-action";

/**
 * Secrets of the owner's keys for request samples, kept in this page's memory only: search keys the
 * console holds are asked for on demand; others are pasted by the owner.
 */
export function useKeySecrets() {
  const [secrets, setSecrets] = useState<Readonly<Record<string, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const remember = useCallback((keyId: string, secret: string) => setSecrets((s) => ({ ...s, [keyId]: secret })), []);
  /** The held key's secret, fetched once; null (with `error` set) when the console cannot give it. */
  const reveal = useCallback(
    async (keyId: string): Promise<string | null> => {
      if (secrets[keyId]) return secrets[keyId];
      setError(null);
      const result = await runAction(() => revealConsoleKeyAction({ id: keyId }));
      if (!result.ok) {
        setError(result.error);
        return null;
      }
      remember(keyId, result.value);
      return result.value;
    },
    [secrets, remember],
  );
  return { secretOf: (keyId: string | null) => (keyId ? (secrets[keyId] ?? null) : null), reveal, remember, error, clearError: () => setError(null) };
}
