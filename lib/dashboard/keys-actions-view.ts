import { z } from "zod";
import type { AgentKeyView, KillSwitchView, AuditEventView } from "../client/trading";
import { LOCALE } from "../format/locale";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Closer than this to now, a time reads better as "3 hours ago" than as a date. */
const RECENT = 7 * DAY;

const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: "auto" });
// Rendered on the server, which cannot know the reader's zone: dates are UTC and say so in full.
const dateOnly = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeZone: "UTC" });
const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "long", timeZone: "UTC" });

/** A time for people: relative when within a week of `now`, else the date; `full` is the exact UTC time. */
export function formatWhen(iso: string, now: number): { text: string; full: string } {
  const at = new Date(iso);
  const diff = at.getTime() - now;
  // ICU versions differ on the space before AM/PM (U+202F or not); one spelling keeps server and browser renders equal.
  const full = dateTime.format(at).replace(/\u202f/g, " ");
  const seconds = Math.round(diff / 1000);
  if (Math.abs(seconds) < 60) return { text: relative.format(Math.abs(seconds) < 10 ? 0 : seconds, "second"), full };
  const minutes = Math.round(diff / MINUTE);
  if (Math.abs(minutes) < 60) return { text: relative.format(minutes, "minute"), full };
  const hours = Math.round(diff / HOUR);
  if (Math.abs(hours) < 24) return { text: relative.format(hours, "hour"), full };
  if (Math.abs(diff) < RECENT) return { text: relative.format(Math.round(diff / DAY), "day"), full };
  return { text: dateOnly.format(at), full };
}

const unit = (u: "day" | "hour" | "minute" | "second") => new Intl.NumberFormat(LOCALE, { style: "unit", unit: u, unitDisplay: "long" });
const inDays = unit("day");
const inHours = unit("hour");
const inMinutes = unit("minute");
const inSeconds = unit("second");

/** "1 hour", "24 hours", "7 days", "90 seconds": the largest whole unit, as the roll dialog words it. */
export function formatDuration(s: number): string {
  if (s > 86_400 && s % 86_400 === 0) return inDays.format(s / 86_400);
  if (s >= 3600 && s % 3600 === 0) return inHours.format(s / 3600);
  if (s >= 60 && s % 60 === 0) return inMinutes.format(s / 60);
  return inSeconds.format(s);
}

export type StatusTone = "success" | "warning" | "secondary" | "destructive";
export interface KeyStatusView {
  label: string;
  tone: StatusTone;
  /** When the status began or ends (revoked at, expired at, rolling until), as ISO. */
  at: string | null;
  /** Revoked and expired keys are shown muted, after the working ones. */
  inactive: boolean;
}

/** `stopped`: the owner's kill switch covers the key (every key's, or its own), so it may not add risk. */
export function keyStatusView(key: AgentKeyView, now: number, stopped = false): KeyStatusView {
  if (key.status === "revoked") return { label: "revoked", tone: "destructive", at: key.revokedAt, inactive: true };
  if (key.status === "expired") return { label: "expired", tone: "secondary", at: key.expiresAt, inactive: true };
  if (key.replacedBy && key.expiresAt) return { label: `rolling — expires ${formatWhen(key.expiresAt, now).text}`, tone: "warning", at: null, inactive: false };
  if (stopped) return { label: "stopped", tone: "destructive", at: null, inactive: false };
  return { label: "active", tone: "success", at: null, inactive: false };
}

/** Whether the kill switch's state covers a key. */
export function stoppedBy(state: KillSwitchView, keyId: string): boolean {
  return state.all || state.keys.some((k) => k.keyId === keyId);
}

/** Working keys first, then revoked and expired ones; otherwise the API's order (newest first). */
export function orderKeys(keys: readonly AgentKeyView[]): AgentKeyView[] {
  const rank = (k: AgentKeyView) => (k.status === "active" ? 0 : 1);
  return [...keys].sort((a, b) => rank(a) - rank(b));
}

export const KIND_LABELS: Record<AgentKeyView["kind"], string> = { agent: "Agent", desk: "Dashboard" };

export function canRevoke(key: AgentKeyView): boolean {
  return key.status === "active";
}

/**
 * Rolling hands out a new secret. The desk key's secret is held by the dashboard, which mints itself a
 * new one once the old stops working, so rolling it would only mint an orphan with every scope.
 */
export function canRoll(key: AgentKeyView): boolean {
  return key.status === "active" && key.replacedBy === null && key.kind === "agent";
}

export const AUDIT_PAGE_SIZE = 25;
const AUDIT_ACTION_LABELS = {
  "key.minted": "Minted",
  "key.rolled": "Rolled",
  "key.revoked": "Revoked",
  "key.swap_policy_changed": "Swap policy changed",
  "venue_account.linked": "Linked",
  "venue_account.replaced": "Replaced",
  "venue_account.removed": "Unlinked",
  "venue_account.check_failed": "Check failed",
  "kill_switch.engaged": "Kill switch engaged",
  "kill_switch.released": "Kill switch released",
  "risk_limits.changed": "Limits changed",
} as const satisfies Record<AuditEventView["action"], string>;

type AuditActionLabel = (typeof AUDIT_ACTION_LABELS)[keyof typeof AUDIT_ACTION_LABELS];

/** One audit event as the panel shows it; also what the panel's audit endpoint returns. */
export const auditRowSchema = z.object({
  id: z.int(),
  at: z.string(),
  action: z.enum(Object.values(AUDIT_ACTION_LABELS) as [AuditActionLabel, ...AuditActionLabel[]]),
  actor: z.string(),
  keyId: z.string().nullable(),
  keyName: z.string().nullable(),
  /** Events about a linked venue account: the venue and the account's identifier (an address, or an API key masked). */
  venue: z.string().nullable(),
  account: z.string().nullable(),
  note: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditPageSchema = z.object({ rows: z.array(auditRowSchema), nextBefore: z.int().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

const detailSchema = z.object({
  name: z.string().optional(),
  scopes: z.array(z.string()).optional(),
  graceSeconds: z.number().optional(),
  newKeyId: z.string().optional(),
  after: z.object({ swapRecipients: z.array(z.string()), swapDailyLimitUsd: z.string().nullable() }).optional(),
  venue: z.string().optional(),
  identifier: z.string().optional(),
  previousIdentifier: z.string().optional(),
  reason: z.string().optional(),
  scope: z.string().optional(),
  limits: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** An owner's limits in words: "max order $100, max leverage 3×"; "none (the deployment's apply)" when cleared. */
function limitsNote(limits: Record<string, string | number>): string {
  const words: Record<string, (v: string | number) => string> = {
    maxOrderNotionalUsd: (v) => `max order $${v}`,
    maxPositionNotionalUsd: (v) => `max position $${v}`,
    maxTotalNotionalUsd: (v) => `max total $${v}`,
    dailyLossUsd: (v) => `daily loss $${v}`,
    maxLeverage: (v) => `max leverage ${v}×`,
    priceCollar: (v) => `price collar ${Number(v) * 100}%`,
    maxOpenOrders: (v) => `max open orders ${v}`,
  };
  const parts = Object.entries(limits).map(([k, v]) => words[k]?.(v) ?? `${k} ${v}`);
  return parts.length === 0 ? "none (the deployment's apply)" : parts.join(", ");
}

/** A key's swap policy in a few words: "recipients: the owner's wallets + 2; daily limit $5000". */
function swapPolicyNote(p: { swapRecipients: string[]; swapDailyLimitUsd: string | null }): string {
  const recipients = p.swapRecipients.length === 0 ? "the owner's wallets only" : `the owner's wallets + ${p.swapRecipients.length}`;
  return `Recipients: ${recipients}; daily limit ${p.swapDailyLimitUsd === null ? "none" : `$${p.swapDailyLimitUsd}`}`;
}

function auditNote(action: AuditEventView["action"], detail: z.infer<typeof detailSchema>): string | null {
  if (action === "key.minted" && detail.scopes) return `Scopes: ${detail.scopes.join(", ")}`;
  if (action === "key.rolled") {
    const grace =
      detail.graceSeconds === undefined ? null : detail.graceSeconds === 0 ? "no grace period" : `grace period ${formatDuration(detail.graceSeconds)}`;
    const replacement = detail.newKeyId ? `replaced by ${detail.newKeyId}` : null;
    return [replacement, grace].filter(Boolean).join("; ") || null;
  }
  if (action === "key.swap_policy_changed" && detail.after) return swapPolicyNote(detail.after);
  if (action === "venue_account.replaced" && detail.previousIdentifier) return `Replaced ${detail.previousIdentifier}`;
  if (action === "venue_account.check_failed" && detail.reason) return detail.reason;
  const scope = detail.scope === "all keys" ? "For every key" : null;
  if (action === "risk_limits.changed" && detail.limits) return [scope, `Limits: ${limitsNote(detail.limits)}`].filter(Boolean).join("; ");
  if (action === "kill_switch.engaged" || action === "kill_switch.released") return scope;
  return null;
}

/**
 * Events as rows, named after their keys (the event's own record of the name, else the key list's).
 * A page is full when it holds `pageSize` events; then the next one starts before its last id.
 */
export function auditPage(events: readonly AuditEventView[], keys: readonly AgentKeyView[], pageSize: number): AuditPage {
  const names = new Map(keys.map((k) => [k.id, k.name]));
  const rows = events.map((e): AuditRow => {
    const detail = detailSchema.safeParse(e.detail);
    const known = detail.success ? detail.data : {};
    return {
      id: e.id,
      at: e.at,
      action: AUDIT_ACTION_LABELS[e.action],
      actor: e.actor,
      keyId: e.keyId,
      keyName: known.name ?? (e.keyId ? (names.get(e.keyId) ?? null) : null),
      venue: known.venue ?? null,
      account: known.identifier ?? null,
      note: auditNote(e.action, known),
    };
  });
  return { rows, nextBefore: events.length >= pageSize ? (events.at(-1)?.id ?? null) : null };
}
