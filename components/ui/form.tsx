"use client";

import type { ComponentProps } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * A form whose fields are disabled until it has hydrated. Every form here is controlled by React:
 * a venue chosen or a size typed into the server's HTML before the script runs is not in React's
 * state, so the form would send what React holds (a smart route instead of the venue picked). The
 * fieldset is `display: contents`, so the form's own layout applies to its fields.
 */
export function Form({ children, ...props }: ComponentProps<"form">) {
  const hydrated = useHydrated();
  return (
    <form {...props}>
      <fieldset disabled={!hydrated} className="contents">
        {children}
      </fieldset>
    </form>
  );
}
