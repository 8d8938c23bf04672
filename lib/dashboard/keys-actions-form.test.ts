import { describe, expect, it } from "vitest";
import { buildMintInput, endOfLocalDay, expiresAtFor, parseIpAllowlist, scopesFor, SCOPE_CHOICES, type MintDraft } from "./keys-actions-form";

const NOW = new Date("2026-03-10T12:00:00.000Z");
const draft = (over: Partial<MintDraft> = {}): MintDraft => ({
  name: "market maker",
  scopeChoice: "Full trading",
  customScopes: [],
  expiry: "never",
  customExpiry: "",
  ipAllowlist: "",
  swapRecipients: "",
  swapDailyLimitUsd: "",
  ...over,
});

describe("scopes", () => {
  it("offers the three presets and Custom", () => {
    expect(SCOPE_CHOICES).toEqual(["Full trading", "Read only", "Swaps only", "Custom"]);
  });
  it("takes a preset's scopes, or the ticked ones in canonical order", () => {
    expect(scopesFor("Read only", ["trade"])).toEqual(["account:read"]);
    expect(scopesFor("Custom", ["swap", "account:read"])).toEqual(["account:read", "swap"]);
  });
});

describe("parseIpAllowlist", () => {
  it("trims, drops blank lines and duplicates, and names the entries that are not addresses", () => {
    expect(parseIpAllowlist(" 10.0.0.0/8 \r\n\n203.0.113.7\n10.0.0.0/8\nlocalhost\n::1/129\n")).toEqual({
      entries: ["10.0.0.0/8", "203.0.113.7", "localhost", "::1/129"],
      invalid: ["localhost", "::1/129"],
    });
  });
});

describe("expiry", () => {
  it("adds whole days to now, or none", () => {
    expect(expiresAtFor("never", "", NOW)).toEqual({ ok: true, expiresAt: null });
    expect(expiresAtFor("30d", "", NOW)).toEqual({ ok: true, expiresAt: "2026-04-09T12:00:00.000Z" });
  });
  it("ends a custom date at the end of that local day, and refuses past or impossible dates", () => {
    expect(expiresAtFor("custom", "2026-04-01", NOW)).toEqual({ ok: true, expiresAt: new Date(2026, 3, 1, 23, 59, 59, 999).toISOString() });
    expect(expiresAtFor("custom", "2020-01-01", NOW)).toEqual({ ok: false, error: "The date must be in the future." });
    expect(endOfLocalDay("2026-02-30")).toBeNull();
    expect(expiresAtFor("custom", "", NOW).ok).toBe(false);
  });
});

describe("buildMintInput", () => {
  it("builds the API's mint body", () => {
    expect(buildMintInput(draft({ name: "  bot  ", expiry: "7d", ipAllowlist: "203.0.113.7\n" }), NOW)).toEqual({
      ok: true,
      input: {
        name: "bot",
        scopes: ["account:read", "trade", "swap"],
        expiresAt: "2026-03-17T12:00:00.000Z",
        ipAllowlist: ["203.0.113.7"],
        swapRecipients: [],
        swapDailyLimitUsd: null,
      },
    });
    expect(buildMintInput(draft(), NOW)).toEqual({
      ok: true,
      input: { name: "market maker", scopes: ["account:read", "trade", "swap"], expiresAt: null, swapRecipients: [], swapDailyLimitUsd: null },
    });
  });
  it("sends the swap policy for a key that may swap, and leaves it out for one that may not", () => {
    const friend = "0x5B38Da6a701c568545dCfcB03FcB875f56beddC4";
    const policy = { swapRecipients: `${friend}\n`, swapDailyLimitUsd: "500" };
    expect(buildMintInput(draft({ scopeChoice: "Swaps only", ...policy }), NOW)).toMatchObject({
      ok: true,
      input: { scopes: ["swap"], swapRecipients: [friend], swapDailyLimitUsd: "500" },
    });
    const readOnly = buildMintInput(draft({ scopeChoice: "Read only", swapRecipients: "0x123", swapDailyLimitUsd: "500" }), NOW);
    expect(readOnly).toEqual({ ok: true, input: { name: "market maker", scopes: ["account:read"], expiresAt: null } });
    expect(buildMintInput(draft({ swapRecipients: "0x123", swapDailyLimitUsd: "-1" }), NOW)).toMatchObject({
      ok: false,
      errors: { swapRecipients: "Not an EVM address: 0x123", swapDailyLimitUsd: expect.stringMatching(/US dollars/) },
    });
  });
  it("reports every field in error at once", () => {
    const result = buildMintInput(
      draft({ name: " ", scopeChoice: "Custom", customScopes: [], expiry: "custom", customExpiry: "", ipAllowlist: "1.2.3.4/40" }),
      NOW,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        name: "Give the key a name.",
        scopes: "Choose at least one scope.",
        expiry: "Pick the last day the key works.",
        ipAllowlist: "Not an IP address or CIDR block: 1.2.3.4/40",
      },
    });
  });
  it("refuses names over 64 characters and allowlists over 32 entries", () => {
    const ips = Array.from({ length: 33 }, (_, i) => `10.0.0.${i}`).join("\n");
    const result = buildMintInput(draft({ name: "x".repeat(65), ipAllowlist: ips }), NOW);
    expect(result).toEqual({ ok: false, errors: { name: "At most 64 characters.", ipAllowlist: "At most 32 entries." } });
  });
});
