"use client";

// On every page while the owner's kill switch is engaged (for every key, or for some): what it stops,
// and where to release it. Shares the kill switch panel's read, so it follows the panel at once.

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { OctagonXIcon } from "lucide-react";
import { KILL_SWITCH_KEY, KILL_SWITCH_POLL_MS, readKillSwitch } from "./kill-switch-read";

function stoppedKeys(names: readonly string[]): string {
  return names.length === 1 ? `the key ${names[0]}` : `${names.length} keys (${names.join(", ")})`;
}

export function KillSwitchBanner() {
  const state = useQuery({ queryKey: KILL_SWITCH_KEY, queryFn: readKillSwitch, refetchInterval: KILL_SWITCH_POLL_MS, staleTime: 0 });
  if (!state.data) return null;
  const stopped = state.data.keys.filter((k) => k.engagedAt !== null).map((k) => k.name);
  if (!state.data.all && stopped.length === 0) return null;
  return (
    <div role="alert" data-testid="kill-switch-banner" className="border-b border-destructive/40 bg-destructive/10 px-4 py-1.5 text-sm text-destructive">
      <p className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 sm:px-2 [body:has([data-layout=terminal])_&]:max-w-none">
        <OctagonXIcon className="size-4 shrink-0" aria-hidden="true" />
        <span className="font-semibold">Kill switch engaged</span>
        <span>
          {state.data.all ? "for every key: new orders are refused" : `for ${stoppedKeys(stopped)}: their new orders are refused`}; closing positions stays
          possible.
        </span>
        <Link href="/trade" className="underline underline-offset-2 hover:no-underline">
          Release it on the desk
        </Link>
      </p>
    </div>
  );
}
