import { AGENT_SCOPES, SCOPE_PRESETS, type AgentScope } from "../auth/scopes";
import type { MintAgentKeyInput } from "../client/trading";
import { isIpOrCidr } from "../net/ip-syntax";
import { parseSwapPolicy, type SwapPolicyDraft, type SwapPolicyField } from "./swap-policy-form";

/** The API's limits on a mint request (lib/auth/contract/agent-keys.ts). */
export const KEY_NAME_MAX = 64;
export const IP_ALLOWLIST_MAX = 32;

export type ScopePreset = keyof typeof SCOPE_PRESETS;
export type ScopeChoice = ScopePreset | "Custom";
export const SCOPE_CHOICES: readonly ScopeChoice[] = [...(Object.keys(SCOPE_PRESETS) as ScopePreset[]), "Custom"];

export const SCOPE_LABELS: Record<AgentScope, string> = {
  "account:read": "Read positions, balances and orders",
  trade: "Place and cancel orders, manage positions and pairs",
  swap: "Quote, prepare and execute swaps",
};

export const EXPIRY_CHOICES = [
  { value: "never", label: "Never", days: null },
  { value: "7d", label: "7 days", days: 7 },
  { value: "30d", label: "30 days", days: 30 },
  { value: "90d", label: "90 days", days: 90 },
  { value: "custom", label: "Pick a date", days: null },
] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]["value"];

/** Grace periods offered when rolling, in seconds (the API accepts 0 to 7 days). */
export const GRACE_CHOICES = [
  { label: "None", seconds: 0 },
  { label: "1 hour", seconds: 3600 },
  { label: "24 hours", seconds: 86_400 },
  { label: "7 days", seconds: 604_800 },
] as const;
export const DEFAULT_GRACE_SECONDS = 3600;

export interface MintDraft extends SwapPolicyDraft {
  name: string;
  scopeChoice: ScopeChoice;
  customScopes: readonly AgentScope[];
  expiry: ExpiryChoice;
  /** yyyy-mm-dd from a date input; used when expiry is "custom". */
  customExpiry: string;
  /** One address or CIDR block per line. */
  ipAllowlist: string;
}

export type MintDraftField = "name" | "scopes" | "expiry" | "ipAllowlist" | SwapPolicyField;
export type MintDraftErrors = Partial<Record<MintDraftField, string>>;

export function scopesFor(choice: ScopeChoice, customScopes: readonly AgentScope[]): AgentScope[] {
  const chosen = choice === "Custom" ? customScopes : SCOPE_PRESETS[choice];
  // In AGENT_SCOPES order, once each, whatever order the boxes were ticked in.
  return AGENT_SCOPES.filter((s) => chosen.includes(s));
}

/** The entries of an allowlist textarea: trimmed, blank lines dropped, duplicates removed; and those that are not addresses. */
export function parseIpAllowlist(text: string): { entries: string[]; invalid: string[] } {
  const entries = [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
  return { entries, invalid: entries.filter((e) => !isIpOrCidr(e)) };
}

export function ipAllowlistError(text: string): string | undefined {
  const { entries, invalid } = parseIpAllowlist(text);
  if (invalid.length > 0) return `Not an IP address or CIDR block: ${invalid.join(", ")}`;
  if (entries.length > IP_ALLOWLIST_MAX) return `At most ${IP_ALLOWLIST_MAX} entries.`;
  return undefined;
}

/** The end of a yyyy-mm-dd day in the browser's time zone, or null when the text is not a real date. */
export function endOfLocalDay(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const end = new Date(year, month - 1, day, 23, 59, 59, 999);
  return end.getFullYear() === year && end.getMonth() === month - 1 && end.getDate() === day ? end : null;
}

export function expiresAtFor(expiry: ExpiryChoice, customExpiry: string, now: Date): { ok: true; expiresAt: string | null } | { ok: false; error: string } {
  if (expiry === "never") return { ok: true, expiresAt: null };
  if (expiry === "custom") {
    const end = endOfLocalDay(customExpiry);
    if (!end) return { ok: false, error: "Pick the last day the key works." };
    if (end.getTime() <= now.getTime()) return { ok: false, error: "The date must be in the future." };
    return { ok: true, expiresAt: end.toISOString() };
  }
  const days = EXPIRY_CHOICES.find((c) => c.value === expiry)?.days ?? 0;
  return { ok: true, expiresAt: new Date(now.getTime() + days * 86_400_000).toISOString() };
}

/** Checks a mint form as the API will, so most mistakes are caught before a round trip. */
export function buildMintInput(draft: MintDraft, now: Date): { ok: true; input: MintAgentKeyInput } | { ok: false; errors: MintDraftErrors } {
  const errors: MintDraftErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = "Give the key a name.";
  else if (name.length > KEY_NAME_MAX) errors.name = `At most ${KEY_NAME_MAX} characters.`;
  const scopes = scopesFor(draft.scopeChoice, draft.customScopes);
  if (scopes.length === 0) errors.scopes = "Choose at least one scope.";
  const expiry = expiresAtFor(draft.expiry, draft.customExpiry, now);
  if (!expiry.ok) errors.expiry = expiry.error;
  const ipError = ipAllowlistError(draft.ipAllowlist);
  if (ipError) errors.ipAllowlist = ipError;
  // The swap policy only matters, and is only sent, for a key that may swap.
  const swap = scopes.includes("swap") ? parseSwapPolicy(draft) : null;
  if (swap && !swap.ok) Object.assign(errors, swap.errors);
  if (Object.keys(errors).length > 0 || !expiry.ok) return { ok: false, errors };
  const { entries } = parseIpAllowlist(draft.ipAllowlist);
  return {
    ok: true,
    input: {
      name,
      scopes,
      expiresAt: expiry.expiresAt,
      ...(entries.length > 0 ? { ipAllowlist: entries } : {}),
      ...(swap?.ok ? swap.value : {}),
    },
  };
}
