// The kill switch's state as the banner on every page reads it (GET /trade/kill-switch), checked by hand
// rather than with the zod schema: the banner is in every page's first load, and zod is not. It shares
// its query key with the kill switch panel's read (queries.ts), so either one updates the other.

import type { KillSwitchPanel } from "@/lib/dashboard/kill-switch-view";

export const KILL_SWITCH_KEY = ["trade", "kill-switch"] as const;
export const KILL_SWITCH_POLL_MS = 5_000;

function isPanel(value: unknown): value is KillSwitchPanel {
  if (typeof value !== "object" || value === null) return false;
  const { all, keys } = value as { all?: unknown; keys?: unknown };
  return (
    typeof all === "boolean" &&
    Array.isArray(keys) &&
    keys.every((k: unknown) => typeof k === "object" && k !== null && typeof (k as { name?: unknown }).name === "string")
  );
}

export async function readKillSwitch(): Promise<KillSwitchPanel> {
  const res = await fetch("/trade/kill-switch", { cache: "no-store" });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok || !isPanel(body)) throw new Error(`The kill switch could not be read (${res.status}).`);
  return body;
}
