"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * Whether this client component has hydrated: false in the server's HTML and during hydration, true
 * once React handles its events. A button that acts through React (a form sent by a server action)
 * stays disabled until then: a click on the server's HTML before the script runs would do nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
