import { describe, expect, it } from "vitest";
import type { AgentKeyView, AuditEventView } from "../client/trading";
import { auditPage, canRevoke, canRoll, formatDuration, formatWhen, keyStatusView, orderKeys, stoppedBy } from "./keys-actions-view";

const NOW = Date.parse("2026-03-10T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();

const key = (over: Partial<AgentKeyView> = {}): AgentKeyView => ({
  id: "key_a",
  name: "bot",
  kind: "agent",
  fragment: "bourse_sk_live_…a1B2",
  scopes: ["account:read"],
  ipAllowlist: null,
  status: "active",
  createdAt: ago(3_600_000),
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: null,
  replacedBy: null,
  swapRecipients: [],
  swapDailyLimitUsd: null,
  ...over,
});

describe("formatWhen", () => {
  it("is relative within a week, in en-US", () => {
    expect(formatWhen(ago(3000), NOW).text).toBe("now");
    expect(formatWhen(ago(42_000), NOW).text).toBe("42 seconds ago");
    expect(formatWhen(ago(5 * 60_000), NOW).text).toBe("5 minutes ago");
    expect(formatWhen(ago(-3_599_000), NOW).text).toBe("in 1 hour");
    expect(formatWhen(ago(-3 * 3_600_000), NOW).text).toBe("in 3 hours");
    expect(formatWhen(ago(30 * 3_600_000), NOW).text).toBe("yesterday");
    expect(formatWhen(ago(-6 * 86_400_000), NOW).text).toBe("in 6 days");
  });
  it("is a UTC date beyond a week, with the full time alongside", () => {
    expect(formatWhen("2026-01-02T23:30:00.000Z", NOW)).toEqual({ text: "Jan 2, 2026", full: "Jan 2, 2026, 11:30:00 PM UTC" });
  });
});

describe("formatDuration", () => {
  it("words the grace periods as the roll dialog offers them", () => {
    expect([0, 90, 600, 3600, 86_400, 604_800].map(formatDuration)).toEqual(["0 seconds", "90 seconds", "10 minutes", "1 hour", "24 hours", "7 days"]);
  });
});

describe("key status", () => {
  it("names active, rolling, expired and revoked keys", () => {
    expect(keyStatusView(key(), NOW)).toMatchObject({ label: "active", tone: "success", inactive: false });
    expect(keyStatusView(key({ replacedBy: "key_b", expiresAt: ago(-2 * 3_600_000) }), NOW)).toMatchObject({
      label: "rolling — expires in 2 hours",
      inactive: false,
    });
    expect(keyStatusView(key({ status: "expired", expiresAt: ago(1000) }), NOW)).toMatchObject({ label: "expired", inactive: true });
    expect(keyStatusView(key({ status: "revoked", revokedAt: ago(1000) }), NOW)).toMatchObject({ label: "revoked", tone: "destructive", inactive: true });
  });

  it("marks a working key the kill switch covers as stopped, whether for every key or its own", () => {
    expect(keyStatusView(key(), NOW, true)).toMatchObject({ label: "stopped", tone: "destructive", inactive: false });
    expect(keyStatusView(key({ status: "revoked", revokedAt: ago(1000) }), NOW, true)).toMatchObject({ label: "revoked" });
    const k = key();
    expect(stoppedBy({ all: true, keys: [] }, k.id)).toBe(true);
    expect(stoppedBy({ all: false, keys: [{ keyId: k.id, engagedAt: ago(1000) }] }, k.id)).toBe(true);
    expect(stoppedBy({ all: false, keys: [{ keyId: "other", engagedAt: ago(1000) }] }, k.id)).toBe(false);
  });

  it("lists working keys first, keeping the API's order within each group", () => {
    const keys = [key({ id: "1", status: "revoked" }), key({ id: "2" }), key({ id: "3", status: "expired" }), key({ id: "4" })];
    expect(orderKeys(keys).map((k) => k.id)).toEqual(["2", "4", "1", "3"]);
  });

  it("offers revoke for active keys, and roll for active agent keys not yet rolled", () => {
    expect([canRevoke(key()), canRoll(key())]).toEqual([true, true]);
    expect([canRevoke(key({ replacedBy: "key_b" })), canRoll(key({ replacedBy: "key_b" }))]).toEqual([true, false]);
    expect([canRevoke(key({ kind: "desk" })), canRoll(key({ kind: "desk" }))]).toEqual([true, false]);
    expect([canRevoke(key({ status: "revoked" })), canRoll(key({ status: "expired" }))]).toEqual([false, false]);
  });
});

describe("auditPage", () => {
  const event = (id: number, action: AuditEventView["action"], detail: Record<string, unknown>, keyId: string | null = "key_a"): AuditEventView => ({
    id,
    actor: "owner",
    action,
    keyId,
    detail,
    at: ago(id * 1000),
  });

  it("words the actions and names the keys, from the event or else from the key list", () => {
    const page = auditPage(
      [
        event(3, "key.rolled", { newKeyId: "key_b", graceSeconds: 3600 }),
        event(2, "key.revoked", { name: "old bot" }, "key_gone"),
        event(1, "key.minted", { name: "bot", scopes: ["account:read", "trade"], kind: "agent" }),
      ],
      [key()],
      25,
    );
    expect(page).toEqual({
      nextBefore: null,
      rows: [
        {
          id: 3,
          at: ago(3000),
          action: "Rolled",
          actor: "owner",
          keyId: "key_a",
          keyName: "bot",
          venue: null,
          account: null,
          note: "replaced by key_b; grace period 1 hour",
        },
        { id: 2, at: ago(2000), action: "Revoked", actor: "owner", keyId: "key_gone", keyName: "old bot", venue: null, account: null, note: null },
        {
          id: 1,
          at: ago(1000),
          action: "Minted",
          actor: "owner",
          keyId: "key_a",
          keyName: "bot",
          venue: null,
          account: null,
          note: "Scopes: account:read, trade",
        },
      ],
    });
  });

  it("names the venue and the account of venue-account events, never a key", () => {
    const rows = auditPage(
      [
        event(4, "venue_account.check_failed", { venue: "binanceusdm", identifier: "vmPU…A3x9", code: "INVALID_CREDENTIALS", reason: "Invalid API-key" }, null),
        event(3, "venue_account.removed", { venue: "hyperliquid", identifier: "0x8f3a" }, null),
        event(2, "venue_account.replaced", { venue: "hyperliquid", identifier: "0x8f3a", previousIdentifier: "0x11aa" }, null),
        event(1, "venue_account.linked", { venue: "hyperliquid", identifier: "0x11aa" }, null),
      ],
      [key()],
      25,
    ).rows;
    expect(rows.map((r) => [r.action, r.venue, r.account, r.keyId, r.keyName, r.note])).toEqual([
      ["Check failed", "binanceusdm", "vmPU…A3x9", null, null, "Invalid API-key"],
      ["Unlinked", "hyperliquid", "0x8f3a", null, null, null],
      ["Replaced", "hyperliquid", "0x8f3a", null, null, "Replaced 0x11aa"],
      ["Linked", "hyperliquid", "0x11aa", null, null, null],
    ]);
  });

  it("pages on from the last id of a full page", () => {
    const events = [event(9, "key.revoked", {}), event(7, "key.revoked", {})];
    expect(auditPage(events, [], 2).nextBefore).toBe(7);
    expect(auditPage(events, [], 3).nextBefore).toBeNull();
    expect(auditPage([event(5, "key.rolled", { graceSeconds: 0 })], [], 3).rows[0]?.note).toBe("no grace period");
  });
});
