import { describe, expect, it } from "vitest";
import type { AgentKeyView } from "../client/trading";
import { keyCanTrade, killSwitchView } from "./kill-switch-view";

const key = (id: string, over: Partial<AgentKeyView> = {}): AgentKeyView => ({
  id,
  name: id,
  kind: "agent",
  fragment: `bourse_sk_live_…${id}`,
  scopes: ["account:read", "trade"],
  ipAllowlist: null,
  status: "active",
  createdAt: "2026-03-01T00:00:00.000Z",
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: null,
  replacedBy: null,
  swapRecipients: [],
  swapDailyLimitUsd: null,
  ...over,
});

describe("killSwitchView", () => {
  it("lists the desk's key first, then working keys, plus any revoked key still switched off", () => {
    const panel = killSwitchView({ all: false, keys: [{ keyId: "old", engagedAt: "2026-03-02T00:00:00.000Z" }] }, [
      key("bot"),
      key("old", { status: "revoked" }),
      key("gone", { status: "expired" }),
      key("desk", { kind: "desk" }),
    ]);
    expect(panel.keys.map((k) => [k.id, k.engagedAt])).toEqual([
      ["desk", null],
      ["bot", null],
      ["old", "2026-03-02T00:00:00.000Z"],
    ]);
  });

  it("says a key may trade only when neither its own switch nor the one for every key is on", () => {
    const off = killSwitchView({ all: false, keys: [] }, [key("bot")]);
    const all = killSwitchView({ all: true, keys: [] }, [key("bot")]);
    const one = killSwitchView({ all: false, keys: [{ keyId: "bot", engagedAt: "2026-03-02T00:00:00.000Z" }] }, [key("bot")]);
    expect([keyCanTrade(off, off.keys[0]!), keyCanTrade(all, all.keys[0]!), keyCanTrade(one, one.keys[0]!)]).toEqual([true, false, false]);
  });
});
