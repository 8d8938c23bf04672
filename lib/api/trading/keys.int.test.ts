import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApi, postJson, type TestApi } from "../../testing/api";
import { createTestOwner, type TestOwner } from "../../testing/owners";

let t: TestApi;
let alice: TestOwner;
let bob: TestOwner;

beforeAll(async () => {
  t = await createTestApi();
  alice = await createTestOwner(t);
  bob = await createTestOwner(t);
});
afterAll(() => t.close());

type Json = Record<string, unknown> & { data: Record<string, unknown> };

async function call(path: string, init: RequestInit = {}): Promise<{ status: number; body: Json }> {
  const res = await t.request(path, init);
  return { status: res.status, body: (await res.json()) as Json };
}

async function mint(owner: TestOwner, body: Record<string, unknown> = {}) {
  const res = await call("/api/agent/keys", postJson({ name: "agent one", scopes: ["account:read", "trade"], ...body }, await owner.auth()));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; key: string; fragment: string; status: string; scopes: string[] };
}

const withKey = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

function expectRefusal(res: { status: number; body: Json }, status: number, code: string, reason: RegExp) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ success: false, data: null, code });
  expect(res.body.error).toMatch(reason);
}

describe("minting and listing", () => {
  it("mints a key that is shown once and listed by fragment", async () => {
    const minted = await mint(alice, { name: "  market maker  " });
    expect(minted.key).toMatch(/^bourse_sk_live_[0-9A-Za-z]{39}$/);
    expect(minted.fragment).toBe(`bourse_sk_live_…${minted.key.slice(-4)}`);
    expect(minted).toMatchObject({
      name: "market maker",
      status: "active",
      kind: "agent",
      scopes: ["account:read", "trade"],
      expiresAt: null,
      lastUsedAt: null,
    });
    const list = await call("/api/agent/keys", { headers: await alice.auth() });
    expect(list.status).toBe(200);
    const listed = (list.body.data as unknown as Record<string, unknown>[]).find((k) => k.id === minted.id);
    expect(listed).toMatchObject({ fragment: minted.fragment, name: "market maker" });
    expect(JSON.stringify(list.body)).not.toContain(minted.key);
  });

  it("works end to end: the minted key reads positions", async () => {
    const { key } = await mint(alice);
    const res = await call("/api/agent/positions", withKey(key));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: [], error: null });
  });

  it("records last use, at most once a minute", async () => {
    const { key, id } = await mint(alice);
    await call("/api/agent/positions", withKey(key));
    await new Promise((r) => setTimeout(r, 50));
    const first = await lastUsed(id);
    expect(first).toBe(new Date(t.clock.now()).toISOString());
    t.clock.advance(30_000);
    await call("/api/agent/positions", withKey(key));
    await new Promise((r) => setTimeout(r, 50));
    expect(await lastUsed(id)).toBe(first);
    t.clock.advance(31_000);
    await call("/api/agent/positions", withKey(key));
    await new Promise((r) => setTimeout(r, 50));
    expect(await lastUsed(id)).toBe(new Date(t.clock.now()).toISOString());
  });

  it.each([
    [{ name: "" }, /name/],
    [{ name: "x".repeat(65) }, /name: must be at most 64/],
    [{ scopes: [] }, /scopes: must name at least one/],
    [{ scopes: ["admin"] }, /scopes\.0/],
    [{ scopes: "trade" }, /scopes/],
    [{ expiresAt: "tomorrow" }, /expiresAt/],
    [{ expiresAt: "2020-01-01T00:00:00Z" }, /expiresAt: must be in the future/],
    [{ ipAllowlist: ["10.0.0.0/33"] }, /ipAllowlist\.0: must be an IPv4 or IPv6 address or CIDR block/],
    [{ scope: ["trade"] }, /Unrecognized key|scope/],
  ])("refuses %j with a 400 naming the field", async (override, message) => {
    const res = await call("/api/agent/keys", postJson({ name: "k", scopes: ["trade"], ...override }, await alice.auth()));
    expectRefusal(res, 400, "BAD_REQUEST", message);
  });

  it("refuses an empty body naming the missing fields", async () => {
    const res = await call("/api/agent/keys", { method: "POST", headers: await alice.auth() });
    expectRefusal(res, 400, "BAD_REQUEST", /name[\s\S]*scopes/);
  });
});

async function lastUsed(id: string): Promise<string | null> {
  const list = await call("/api/agent/keys", { headers: await alice.auth() });
  const key = (list.body.data as unknown as { id: string; lastUsedAt: string | null }[]).find((k) => k.id === id);
  return key?.lastUsedAt ?? null;
}

describe("agent key verification, in order", () => {
  it("refuses a near-miss key (one character changed) as malformed", async () => {
    const { key } = await mint(alice);
    const last = key.at(-1) === "a" ? "b" : "a";
    expectRefusal(await call("/api/agent/positions", withKey(key.slice(0, -1) + last)), 401, "UNAUTHORIZED", /malformed/);
    const mid = key.slice(0, 20) + (key[20] === "Z" ? "Y" : "Z") + key.slice(21);
    expectRefusal(await call("/api/agent/positions", withKey(mid)), 401, "UNAUTHORIZED", /malformed/);
  });

  it("refuses a well-formed key that was never minted as unknown", async () => {
    const { agentKeyFormat } = await import("../../auth/agent-keys");
    expectRefusal(await call("/api/agent/positions", withKey(agentKeyFormat.generate())), 401, "UNAUTHORIZED", /not recognised/);
  });

  it("refuses a missing or non-bearer credential", async () => {
    expectRefusal(await call("/api/agent/positions"), 401, "UNAUTHORIZED", /agent key is required/);
    const { key } = await mint(alice);
    expectRefusal(await call("/api/agent/positions", { headers: { authorization: `Basic ${key}` } }), 401, "UNAUTHORIZED", /required/);
  });

  it("refuses a revoked key on the very next request", async () => {
    const { key, id } = await mint(alice);
    expect((await call("/api/agent/positions", withKey(key))).status).toBe(200);
    const revoked = await call(`/api/agent/keys/${id}`, { method: "DELETE", headers: await alice.auth() });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ id, status: "revoked" });
    expectRefusal(await call("/api/agent/positions", withKey(key)), 401, "UNAUTHORIZED", /revoked/);
  });

  it("refuses an expired key", async () => {
    const { key } = await mint(alice, { expiresAt: new Date(t.clock.now() + 60_000).toISOString() });
    expect((await call("/api/agent/positions", withKey(key))).status).toBe(200);
    t.clock.advance(60_001);
    expectRefusal(await call("/api/agent/positions", withKey(key)), 401, "UNAUTHORIZED", /expired/);
  });

  it("refuses a key without the needed scope with 403", async () => {
    const { key } = await mint(alice, { scopes: ["swap"] });
    expectRefusal(await call("/api/agent/positions", withKey(key)), 403, "FORBIDDEN", /account:read/);
  });

  it("refuses an allowlisted key when the caller's address is unknown (in-process)", async () => {
    const { key } = await mint(alice, { ipAllowlist: ["203.0.113.7"] });
    expectRefusal(await call("/api/agent/positions", withKey(key)), 403, "FORBIDDEN", /IP address/);
  });

  it("answers revoked before scope: a revoked key without the scope is 401", async () => {
    const { key, id } = await mint(alice, { scopes: ["swap"] });
    await call(`/api/agent/keys/${id}`, { method: "DELETE", headers: await alice.auth() });
    expectRefusal(await call("/api/agent/positions", withKey(key)), 401, "UNAUTHORIZED", /revoked/);
  });
});

describe("revoking and rolling", () => {
  it("revoking twice changes nothing and audits once", async () => {
    const { id } = await mint(alice);
    const first = await call(`/api/agent/keys/${id}`, { method: "DELETE", headers: await alice.auth() });
    t.clock.advance(1000);
    const second = await call(`/api/agent/keys/${id}`, { method: "DELETE", headers: await alice.auth() });
    expect(second.status).toBe(200);
    expect(second.body.data.revokedAt).toBe(first.body.data.revokedAt);
    const audit = await call("/api/agent/audit?limit=200", { headers: await alice.auth() });
    const revocations = (audit.body.data as unknown as { action: string; keyId: string }[]).filter((e) => e.action === "key.revoked" && e.keyId === id);
    expect(revocations).toHaveLength(1);
  });

  it("rolls a key: the new one works, the old one until the grace period ends", async () => {
    const { key: oldKey, id } = await mint(alice, { name: "roller", scopes: ["account:read"] });
    const rolled = await call(`/api/agent/keys/${id}/roll`, postJson({ gracePeriodSeconds: 120 }, await alice.auth()));
    expect(rolled.status).toBe(200);
    const { key: next, previous } = rolled.body.data as {
      key: { id: string; key: string; name: string; scopes: string[] };
      previous: { replacedBy: string; expiresAt: string };
    };
    expect(next).toMatchObject({ name: "roller", scopes: ["account:read"] });
    expect(next.key).not.toBe(oldKey);
    expect(previous.replacedBy).toBe(next.id);
    expect(previous.expiresAt).toBe(new Date(t.clock.now() + 120_000).toISOString());
    expect((await call("/api/agent/positions", withKey(oldKey))).status).toBe(200);
    expect((await call("/api/agent/positions", withKey(next.key))).status).toBe(200);
    t.clock.advance(120_001);
    expectRefusal(await call("/api/agent/positions", withKey(oldKey)), 401, "UNAUTHORIZED", /expired/);
    expect((await call("/api/agent/positions", withKey(next.key))).status).toBe(200);
  });

  it("rolls with the default grace when no body is sent, and refuses to roll twice or a revoked key", async () => {
    const { id } = await mint(alice);
    const rolled = await call(`/api/agent/keys/${id}/roll`, { method: "POST", headers: await alice.auth() });
    expect(rolled.status).toBe(200);
    expect((rolled.body.data as { previous: { expiresAt: string } }).previous.expiresAt).toBe(new Date(t.clock.now() + 3_600_000).toISOString());
    expectRefusal(await call(`/api/agent/keys/${id}/roll`, postJson({}, await alice.auth())), 409, "CONFLICT", /already been rolled/);
    const other = await mint(alice);
    await call(`/api/agent/keys/${other.id}`, { method: "DELETE", headers: await alice.auth() });
    expectRefusal(await call(`/api/agent/keys/${other.id}/roll`, postJson({}, await alice.auth())), 409, "CONFLICT", /revoked/);
  });

  it("refuses a grace period over seven days", async () => {
    const { id } = await mint(alice);
    expectRefusal(
      await call(`/api/agent/keys/${id}/roll`, postJson({ gracePeriodSeconds: 8 * 86400 }, await alice.auth())),
      400,
      "BAD_REQUEST",
      /gracePeriodSeconds/,
    );
  });

  it("audits minting, rolling and revoking, newest first, paged", async () => {
    const carol = await createTestOwner(t);
    const { id } = await mint(carol);
    await call(`/api/agent/keys/${id}/roll`, postJson({}, await carol.auth()));
    await call(`/api/agent/keys/${id}`, { method: "DELETE", headers: await carol.auth() });
    const all = await call("/api/agent/audit", { headers: await carol.auth() });
    const events = all.body.data as unknown as { id: number; action: string; actor: string }[];
    // A roll is one event naming both keys.
    expect(events.map((e) => e.action)).toEqual(["key.revoked", "key.rolled", "key.minted"]);
    expect(events.every((e) => e.actor === "owner")).toBe(true);
    const page = await call(`/api/agent/audit?limit=1&before=${events[0]!.id}`, { headers: await carol.auth() });
    expect((page.body.data as unknown as { action: string; detail: { newKeyId: string } }[]).map((e) => e.action)).toEqual(["key.rolled"]);
    expectRefusal(await call("/api/agent/audit?limit=500", { headers: await carol.auth() }), 400, "BAD_REQUEST", /limit/);
  });
});

describe("owners are isolated from each other", () => {
  it("owner B cannot list, revoke, roll or read the audit of owner A's keys", async () => {
    const { id, key } = await mint(alice, { name: "alice-only" });
    const bobList = await call("/api/agent/keys", { headers: await bob.auth() });
    expect(JSON.stringify(bobList.body)).not.toContain(id);
    expectRefusal(await call(`/api/agent/keys/${id}`, { method: "DELETE", headers: await bob.auth() }), 404, "NOT_FOUND", /no agent key/i);
    expectRefusal(await call(`/api/agent/keys/${id}/roll`, postJson({}, await bob.auth())), 404, "NOT_FOUND", /no agent key/i);
    const bobAudit = await call("/api/agent/audit?limit=200", { headers: await bob.auth() });
    expect(JSON.stringify(bobAudit.body)).not.toContain(id);
    // Alice's key is untouched and still works.
    expect((await call("/api/agent/positions", withKey(key))).status).toBe(200);
  });

  it("an agent key is not an owner token, and an owner token is not an agent key", async () => {
    const { key } = await mint(alice);
    expectRefusal(await call("/api/agent/keys", withKey(key)), 401, "UNAUTHORIZED", /owner token/);
    expectRefusal(await call("/api/agent/positions", { headers: await alice.auth() }), 401, "UNAUTHORIZED", /malformed/);
  });
});

describe("secrets at rest", () => {
  it("the database never contains a key in clear", async () => {
    const dave = await createTestOwner(t);
    const keys = [await mint(dave), await mint(bob)].map((m) => m.key);
    const rolled = await call(`/api/agent/keys/${(await mint(dave)).id}/roll`, postJson({}, await dave.auth()));
    keys.push((rolled.body.data as { key: { key: string } }).key.key);
    const dump = await dumpDatabase();
    for (const key of keys) {
      expect(dump).not.toContain(key);
      expect(dump).not.toContain(key.slice(15, 40));
    }
    expect(dump).toContain(keys[0]!.slice(-4)); // the fragment is there, and only that
  });
});

describe("minting allowance", () => {
  it("mints at most 20 agent keys per owner per hour: then 429 RATE_LIMITED with Retry-After; rolling is never refused", async () => {
    const owner = await createTestOwner(t);
    const first = await mint(owner);
    t.clock.advance(60_000);
    for (let i = 1; i < 20; i++) await mint(owner);
    const refused = await t.request("/api/agent/keys", postJson({ name: "one too many", scopes: ["account:read"] }, await owner.auth()));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("3540");
    expect(await refused.json()).toMatchObject({ success: false, data: null, code: "RATE_LIMITED", error: expect.stringMatching(/20 agent keys .* per hour/) });
    expect((await call(`/api/agent/keys/${first.id}/roll`, postJson({}, await owner.auth()))).status).toBe(200);
    // Another owner has their own allowance.
    await mint(await createTestOwner(t));
    // The key the roll minted counts: the hour frees up once the later nineteen and it are an hour old.
    t.clock.advance(3_540_001);
    expect((await call("/api/agent/keys", postJson({ name: "still one too many", scopes: ["account:read"] }, await owner.auth()))).status).toBe(429);
    t.clock.advance(60_000);
    await mint(owner);
  });
});

/** Every row of every table in the current schema, as text. */
async function dumpDatabase(): Promise<string> {
  const db = t.deps.database.db;
  const tables = await db.execute(sql`select table_name from information_schema.tables where table_schema = current_schema()`);
  let out = "";
  for (const row of (tables as unknown as { rows: { table_name: string }[] }).rows) {
    const rows = await db.execute(sql.raw(`select * from "${row.table_name}"`));
    out += JSON.stringify((rows as unknown as { rows: unknown[] }).rows);
  }
  return out;
}
