import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "../../auth/audit";
import { createTestApi, type TestApi } from "../../testing/api";
import { createTestOwner } from "../../testing/owners";
import { checkByIdentifier, TEST_LIVE_VENUES, venueAccountsOf } from "../../testing/venue-accounts";
import type { VenueAccountCheck } from "../live/credentials";
import { linkedVenueAccounts } from "../schema";
import { VenueAccountError, type VenueAccounts } from "./service";

const MAIN = `0x${"ab".repeat(19)}01`;
const OTHER_MAIN = `0x${"cd".repeat(19)}02`;
const AGENT_KEY = `0x${"11".repeat(32)}`;
const hyperliquid = (walletAddress = MAIN, privateKey = AGENT_KEY) => ({ walletAddress, privateKey });

const checks: string[] = [];
const check: VenueAccountCheck = async (venue, credentials) => {
  checks.push(venue);
  return checkByIdentifier(venue, credentials);
};

let t: TestApi;
let accounts: VenueAccounts;
beforeAll(async () => {
  t = await createTestApi();
  accounts = venueAccountsOf(t, TEST_LIVE_VENUES, check);
});
afterAll(() => t.close());

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(VenueAccountError);
  return err as VenueAccountError;
};
const auditOf = async (ownerId: string) => (await listAudit(t.deps.database.db, ownerId, { limit: 50 })).map((e) => [e.action, e.keyId, e.detail]);

describe("owners' venue accounts", () => {
  it("links after the check, shows only masked values, keeps the credentials sealed and audits the link", async () => {
    const owner = await createTestOwner(t);
    const linked = await accounts.link(owner.id, "hyperliquid", hyperliquid());
    expect(linked).toEqual({
      account: {
        venue: "hyperliquid",
        network: "testnet",
        linkable: true,
        credentials: [expect.objectContaining({ name: "walletAddress" }), expect.objectContaining({ name: "privateKey", secret: true })],
        account: {
          identifier: MAIN,
          masked: { walletAddress: `${MAIN.slice(0, 6)}…${MAIN.slice(-4)}`, privateKey: "••••1111" },
          checkedAt: new Date(t.clock.now()).toISOString(),
          linkedAt: new Date(t.clock.now()).toISOString(),
          updatedAt: new Date(t.clock.now()).toISOString(),
        },
      },
      replaced: null,
      equityUsd: "1520.42",
    });
    const list = await accounts.list(owner.id);
    expect(list.map((v) => [v.venue, v.account?.identifier ?? null])).toEqual([
      ["hyperliquid", MAIN],
      ["binanceusdm", null],
    ]);
    expect(await accounts.directory.credentials(owner.id, "hyperliquid")).toEqual(hyperliquid());

    const stored = JSON.stringify(await t.deps.database.db.execute(sql`select * from linked_venue_accounts`));
    expect(stored).not.toContain("1111111111");
    expect(await auditOf(owner.id)).toEqual([["venue_account.linked", null, { venue: "hyperliquid", identifier: MAIN }]]);
  });

  it("replaces a linked account, telling the directory's listeners at once", async () => {
    const owner = await createTestOwner(t);
    await accounts.link(owner.id, "hyperliquid", hyperliquid());
    expect(await accounts.directory.credentials(owner.id, "hyperliquid")).toEqual(hyperliquid());
    const heard: string[] = [];
    const off = accounts.directory.onChange((o, v) => o === owner.id && heard.push(v));
    const replacement = hyperliquid(OTHER_MAIN, `0x${"22".repeat(32)}`);
    t.clock.advance(60_000);
    const replaced = await accounts.link(owner.id, "hyperliquid", replacement);
    off();
    expect(heard).toEqual(["hyperliquid"]);
    expect(replaced.replaced).toEqual({ identifier: MAIN });
    expect(replaced.account.account?.linkedAt).not.toBe(replaced.account.account?.updatedAt);
    expect(await accounts.directory.credentials(owner.id, "hyperliquid")).toEqual(replacement);
    expect((await auditOf(owner.id))[0]).toEqual(["venue_account.replaced", null, { venue: "hyperliquid", identifier: OTHER_MAIN, previousIdentifier: MAIN }]);
  });

  it("stores nothing when the venue refuses or cannot be reached, and audits the failed check without a credential", async () => {
    const owner = await createTestOwner(t);
    const refused = await refusal(accounts.link(owner.id, "hyperliquid", hyperliquid(`0x${"ab".repeat(18)}dead`)));
    expect(refused.kind).toBe("refused");
    expect(refused.message).toBe("hyperliquid refused these credentials: Invalid API-key, IP, or permissions for action (signed with [redacted])");
    const unreachable = await refusal(accounts.link(owner.id, "hyperliquid", hyperliquid(`0x${"ab".repeat(18)}00ff`)));
    expect([unreachable.kind, unreachable.retryAfterSeconds]).toEqual(["unavailable", 5]);
    expect((await accounts.list(owner.id))[0]?.account).toBeNull();
    expect(await accounts.directory.credentials(owner.id, "hyperliquid")).toBeUndefined();
    const events = await auditOf(owner.id);
    expect(events.map(([action, , detail]) => [action, (detail as { code: string }).code])).toEqual([
      ["venue_account.check_failed", "VENUE_UNAVAILABLE"],
      ["venue_account.check_failed", "INVALID_CREDENTIALS"],
    ]);
    expect(JSON.stringify(events)).not.toContain("1111111111");
  });

  it("refuses bad input and venues not configured before asking any venue, recording nothing", async () => {
    const owner = await createTestOwner(t);
    const before = checks.length;
    expect((await refusal(accounts.link(owner.id, "hyperliquid", { walletAddress: MAIN }))).kind).toBe("invalid");
    expect((await refusal(accounts.link(owner.id, "binanceusdm", hyperliquid()))).message).toMatch(/walletAddress: binanceusdm does not take it/);
    const unknown = await refusal(accounts.link(owner.id, "okx", { apiKey: "k".repeat(10), secret: "s".repeat(10), password: "p" }));
    expect([unknown.kind, unknown.message]).toEqual(["unknown_venue", "No account can be linked on okx: the configured ones are hyperliquid, binanceusdm."]);
    expect(checks.length).toBe(before);
    expect(await auditOf(owner.id)).toEqual([]);
  });

  it("removes an account at once and audits it; removing it again is not_linked", async () => {
    const owner = await createTestOwner(t);
    await accounts.link(owner.id, "binanceusdm", { apiKey: "vmPUZE6mv9SD5VNHk4HlA3x9", secret: "NhqPtmdSJYdKjVHjA7PZx7Qp" });
    expect(await accounts.directory.credentials(owner.id, "binanceusdm")).toMatchObject({ apiKey: "vmPUZE6mv9SD5VNHk4HlA3x9" });
    const removed = await accounts.remove(owner.id, "binanceusdm");
    expect(removed).toMatchObject({ venue: "binanceusdm", account: null, linkable: true });
    expect(await accounts.directory.credentials(owner.id, "binanceusdm")).toBeUndefined();
    expect((await refusal(accounts.remove(owner.id, "binanceusdm"))).kind).toBe("not_linked");
    expect((await auditOf(owner.id)).map(([action, , detail]) => [action, detail])).toEqual([
      ["venue_account.removed", { venue: "binanceusdm", identifier: "vmPU…A3x9" }],
      ["venue_account.linked", { venue: "binanceusdm", identifier: "vmPU…A3x9" }],
    ]);
  });

  it("lists an account on a venue no longer configured, so it can be removed", async () => {
    const owner = await createTestOwner(t);
    await accounts.link(owner.id, "hyperliquid", hyperliquid());
    const narrower = venueAccountsOf(t, []);
    expect(await narrower.list(owner.id)).toMatchObject([{ venue: "hyperliquid", network: null, linkable: false, account: { identifier: MAIN } }]);
    expect((await refusal(narrower.link(owner.id, "hyperliquid", hyperliquid()))).message).toBe(
      "No account can be linked on hyperliquid: no real venue is configured (VENUES).",
    );
    await narrower.remove(owner.id, "hyperliquid");
    expect(await narrower.list(owner.id)).toEqual([]);
  });

  it("opens credentials only for the owner and venue they were sealed for", async () => {
    const a = await createTestOwner(t);
    const b = await createTestOwner(t);
    await accounts.link(a.id, "hyperliquid", hyperliquid());
    await accounts.link(b.id, "hyperliquid", hyperliquid(OTHER_MAIN));
    const db = t.deps.database.db;
    const [row] = await db.select().from(linkedVenueAccounts).where(eq(linkedVenueAccounts.ownerId, a.id));
    // Another owner's sealed value copied onto b's row does not open as b's.
    await db.update(linkedVenueAccounts).set({ sealed: row!.sealed }).where(eq(linkedVenueAccounts.ownerId, b.id));
    const fresh = venueAccountsOf(t, []);
    await expect(fresh.directory.credentials(b.id, "hyperliquid")).rejects.toThrow();
    expect(await fresh.directory.credentials(a.id, "hyperliquid")).toEqual(hyperliquid());
  });
});
