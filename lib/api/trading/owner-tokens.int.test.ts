import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, exportJWK, generateKeyPair, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintOwnerToken, rotateSigningKey } from "../../auth/owner-tokens";
import { parseConfig } from "../../config";
import { createTestApi, type TestApi } from "../../testing/api";
import { createTestOwner, type TestOwner } from "../../testing/owners";

let t: TestApi;
let owner: TestOwner;
beforeAll(async () => {
  t = await createTestApi();
  owner = await createTestOwner(t);
});
afterAll(() => t.close());

const ctx = (configOverrides: Record<string, string> = {}) => ({
  db: t.deps.database.db,
  clock: t.deps.clock,
  secret: t.deps.secret,
  config: parseConfig({ PUBLIC_URL: "http://bourse.test", ...configOverrides }),
});

async function listKeys(token: string) {
  const res = await t.request("/api/agent/keys", { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as { success: boolean; code?: string; error?: string } };
}

function expectRefused(res: Awaited<ReturnType<typeof listKeys>>, reason: RegExp) {
  expect(res.status).toBe(401);
  expect(res.body).toMatchObject({ success: false, code: "UNAUTHORIZED" });
  expect(res.body.error).toMatch(reason);
}

describe("owner tokens", () => {
  it("accepts a token minted by the dashboard", async () => {
    expect((await listKeys(await owner.token())).status).toBe(200);
  });

  it("refuses a wrong audience", async () => {
    expectRefused(await listKeys(await mintOwnerToken(ctx({ OWNER_JWT_AUDIENCE: "other-api" }), owner.id)), /aud/);
  });

  it("refuses, on this deployment's key routes, the tokens minted for a remote search deployment", async () => {
    const remote = ctx({ BOURSE_SEARCH_API_URL: "https://search.example/api/web" });
    expect(remote.config.searchApiAudience).toBe("https://search.example");
    const token = await mintOwnerToken(remote, owner.id, 60, remote.config.searchApiAudience);
    expectRefused(await listKeys(token), /aud/);
    const searchKeys = await t.request("/api/web/keys", { headers: { authorization: `Bearer ${token}` } });
    expect(searchKeys.status).toBe(401);
  });

  it("refuses a wrong issuer", async () => {
    expectRefused(await listKeys(await mintOwnerToken(ctx({ OWNER_JWT_ISSUER: "https://evil.example" }), owner.id)), /iss/);
  });

  it("refuses an expired token", async () => {
    const token = await owner.token();
    t.clock.advance(301_000 + 30_000);
    expectRefused(await listKeys(token), /expired/);
  });

  it("refuses another algorithm, even with a known kid", async () => {
    const good = await owner.token();
    const kid = JSON.parse(Buffer.from(good.split(".")[0]!, "base64url").toString()).kid as string;
    const now = Math.floor(t.clock.now() / 1000);
    const hs = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256", kid })
      .setIssuer("http://bourse.test")
      .setAudience("bourse-api")
      .setSubject(owner.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .setJti("x")
      .sign(new TextEncoder().encode("a-guessable-shared-secret-of-32-bytes!!"));
    expectRefused(await listKeys(hs), /algorithm/);
    const none = `${Buffer.from(JSON.stringify({ alg: "none", kid })).toString("base64url")}.${good.split(".")[1]}.`;
    expectRefused(await listKeys(none), /algorithm|malformed/);
  });

  it("refuses a token signed by an unknown key", async () => {
    const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
    const now = Math.floor(t.clock.now() / 1000);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: "EdDSA", kid: "sk_not_ours" })
      .setIssuer("http://bourse.test")
      .setAudience("bourse-api")
      .setSubject(owner.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .setJti("y")
      .sign(privateKey);
    expectRefused(await listKeys(forged), /unknown key/);
  });

  it("refuses a token missing a required claim, garbage, and no token at all", async () => {
    expectRefused(await listKeys("not.a.jwt"), /malformed/);
    const res = await t.request("/api/agent/keys");
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("rotates signing keys without breaking tokens in flight", async () => {
    const before = await owner.token();
    const oldKid = JSON.parse(Buffer.from(before.split(".")[0]!, "base64url").toString()).kid as string;
    const newKid = await rotateSigningKey(ctx());
    const after = await owner.token();
    expect(JSON.parse(Buffer.from(after.split(".")[0]!, "base64url").toString()).kid).toBe(newKid);
    expect((await listKeys(before)).status).toBe(200);
    expect((await listKeys(after)).status).toBe(200);
    const jwks = (await (await t.request("/api/.well-known/jwks.json")).json()) as { keys: JWK[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual(expect.arrayContaining([oldKid, newKid]));
    // Once every token the old key signed has expired, it leaves the key set.
    t.clock.advance(11 * 60_000);
    const later = (await (await t.request("/api/.well-known/jwks.json")).json()) as { keys: JWK[] };
    expect(later.keys.map((k) => k.kid)).not.toContain(oldKid);
    expect(later.keys.map((k) => k.kid)).toContain(newKid);
  });

  it("publishes only public Ed25519 keys", async () => {
    await owner.token();
    const res = await t.request("/api/.well-known/jwks.json");
    expect(res.status).toBe(200);
    const jwks = (await res.json()) as { keys: JWK[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const k of jwks.keys) {
      expect(k).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig" });
      expect(k).not.toHaveProperty("d");
    }
  });
});

describe("the owner-token key set", () => {
  let fresh: TestApi;
  beforeAll(async () => {
    fresh = await createTestApi();
  });
  afterAll(() => fresh.close());

  const kids = async () => ((await (await fresh.request("/api/.well-known/jwks.json")).json()) as { keys: JWK[] }).keys.map((k) => k.kid);
  const kidOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString()).kid as string;

  it("lists the signing key from a fresh start, before any token is minted, and signs with it", async () => {
    const listed = await kids();
    expect(listed).toHaveLength(1);
    const owner = await createTestOwner(fresh);
    expect(listed).toContain(kidOf(await owner.token()));
  });

  it("when the key retires unused, lists its successor and keeps the old one until its tokens expire", async () => {
    const [first] = await kids();
    fresh.clock.advance(30 * 24 * 3600_000 + 1000);
    const during = await kids();
    expect(during).toContain(first);
    expect(during).toHaveLength(2);
    fresh.clock.advance(11 * 60_000);
    const after = await kids();
    expect(after).not.toContain(first);
    expect(after).toHaveLength(1);
  });
});

describe("owner tokens from an external issuer", () => {
  let jwksServer: Server;
  let external: TestApi;
  let signingKey: CryptoKey;
  beforeAll(async () => {
    const pair = await generateKeyPair("ES256");
    signingKey = pair.privateKey;
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: "idp-1", alg: "ES256", use: "sig" };
    jwksServer = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [publicJwk] })));
    await new Promise<void>((r) => jwksServer.listen(0, "127.0.0.1", r));
    external = await createTestApi({
      OWNER_JWT_JWKS_URL: `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks.json`,
      OWNER_JWT_ISSUER: "https://idp.example",
      OWNER_JWT_AUDIENCE: "bourse",
      OWNER_JWT_ALGORITHMS: "ES256,RS256",
    });
  });
  afterAll(async () => {
    await external.close();
    await new Promise<void>((r) => jwksServer.close(() => r()));
  });

  const idpToken = (sub: string, iss = "https://idp.example") => {
    const now = Math.floor(external.clock.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: "ES256", kid: "idp-1" })
      .setIssuer(iss)
      .setAudience("bourse")
      .setSubject(sub)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .setJti(`j-${sub}`)
      .sign(signingKey);
  };

  it("accepts the identity provider's tokens and gives the owner a record on first sight", async () => {
    const token = await idpToken("idp|user-42");
    const minted = await external.request("/api/agent/keys", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "from idp", scopes: ["trade"] }),
    });
    expect(minted.status).toBe(200);
    const list = await external.request("/api/agent/keys", { headers: { authorization: `Bearer ${token}` } });
    expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(1);
  });

  it("refuses the provider's token with another issuer", async () => {
    const res = await external.request("/api/agent/keys", { headers: { authorization: `Bearer ${await idpToken("u", "https://other.example")}` } });
    expect(res.status).toBe(401);
  });
});
