"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * Whether this client component has hydrated: false in the server's HTML and during hydration, true
 * once React handles its events. A form's fields stay disabled until then (`Form`): what is typed or
 * clicked in the server's HTML before the script runs is not in React's state.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
