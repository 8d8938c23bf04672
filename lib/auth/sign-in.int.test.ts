import { createSiweMessage } from "viem/siwe";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../testing/api";
import { deskKeyFor, DESK_KEY_NAME } from "./desk-key";
import { listAgentKeys, revokeAgentKey } from "./agent-keys";
import { siweNonces } from "./schema";
import { issueSiweNonce, SiweError, verifySiweSignIn, type SiweContext } from "./siwe";
import { linkWallet, ownerForWallet, SignInError, signInWithPassword, signUpWithPassword, walletsOf } from "./sign-in";

let t: TestApi;
let siwe: SiweContext;
beforeAll(async () => {
  t = await createTestApi();
  siwe = { db: t.deps.database.db, clock: t.deps.clock, origin: "http://bourse.test" };
});
afterAll(() => t.close());

async function signedMessage(overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}, account = privateKeyToAccount(generatePrivateKey())) {
  const nonce = await issueSiweNonce(siwe);
  const message = createSiweMessage({
    domain: "bourse.test",
    address: account.address,
    uri: "http://bourse.test/sign-in",
    version: "1",
    chainId: 31337,
    nonce,
    issuedAt: new Date(t.clock.now()),
    expirationTime: new Date(t.clock.now() + 5 * 60_000),
    ...overrides,
  });
  return { account, message, signature: await account.signMessage({ message }) };
}

describe("Sign-In with Ethereum", () => {
  it("verifies a signed message and gives the address", async () => {
    const { account, message, signature } = await signedMessage();
    expect(await verifySiweSignIn(siwe, { message, signature })).toBe(account.address.toLowerCase());
  });

  it("consumes the nonce: the same message cannot sign in twice, even at once", async () => {
    const signed = await signedMessage();
    const results = await Promise.allSettled([verifySiweSignIn(siwe, signed), verifySiweSignIn(siwe, signed)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    await expect(verifySiweSignIn(siwe, signed)).rejects.toThrow(/already used/);
  });

  it("does not consume the nonce when the signature is wrong", async () => {
    const { message } = await signedMessage();
    const other = privateKeyToAccount(generatePrivateKey());
    await expect(verifySiweSignIn(siwe, { message, signature: await other.signMessage({ message }) })).rejects.toThrow(/does not match/);
  });

  it.each([
    ["another domain", { domain: "evil.example" }, /evil\.example/],
    ["another URI", { uri: "https://evil.example/sign-in" }, /URI/],
    ["an expired message", { expirationTime: new Date(Date.UTC(2025, 0, 1)) }, /validity window/],
  ])("refuses %s", async (_name, overrides, reason) => {
    await expect(verifySiweSignIn(siwe, await signedMessage(overrides))).rejects.toThrow(reason);
  });

  it("refuses a nonce it never issued or that expired", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const message = createSiweMessage({
      domain: "bourse.test",
      address: account.address,
      uri: "http://bourse.test",
      version: "1",
      chainId: 1,
      nonce: "madeUpNonce12345",
    });
    await expect(verifySiweSignIn(siwe, { message, signature: await account.signMessage({ message }) })).rejects.toThrow(SiweError);
    const stale = await signedMessage({ expirationTime: undefined });
    t.clock.advance(11 * 60_000);
    await expect(verifySiweSignIn(siwe, stale)).rejects.toThrow(/expired or was already used/);
  });

  it("purges nonces that expired or were used when it issues the next one", async () => {
    const used = await signedMessage();
    await verifySiweSignIn(siwe, used);
    await issueSiweNonce(siwe);
    t.clock.advance(11 * 60_000);
    const fresh = await issueSiweNonce(siwe);
    expect((await t.deps.database.db.select().from(siweNonces)).map((r) => r.nonce)).toEqual([fresh]);
    await expect(verifySiweSignIn(siwe, used)).rejects.toThrow(/expired or was already used/);
  });

  it("gives one owner per wallet, however often and concurrently it signs in", async () => {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const ids = await Promise.all([ownerForWallet(t.deps.database.db, address), ownerForWallet(t.deps.database.db, address.toLowerCase())]);
    expect(ids[0]).toBe(ids[1]);
    expect(await ownerForWallet(t.deps.database.db, address)).toBe(ids[0]);
  });
});

describe("email and password", () => {
  it("signs up, signs in, and refuses a wrong password or unknown email alike", async () => {
    const db = t.deps.database.db;
    const id = await signUpWithPassword(db, { email: "Owner@Example.test", password: "a long enough password" });
    expect(await signInWithPassword(db, { email: "owner@example.test ", password: "a long enough password" })).toBe(id);
    await expect(signInWithPassword(db, { email: "owner@example.test", password: "wrong password!!" })).rejects.toThrow("Wrong email or password.");
    await expect(signInWithPassword(db, { email: "nobody@example.test", password: "a long enough password" })).rejects.toThrow("Wrong email or password.");
  });

  it("refuses a duplicate email, a short password and a bad address", async () => {
    const db = t.deps.database.db;
    await signUpWithPassword(db, { email: "dup@example.test", password: "a long enough password" });
    // A taken email is never named: with its own password sign-up signs in, otherwise it reads as a wrong sign-in.
    await expect(signUpWithPassword(db, { email: "DUP@example.test", password: "another long password" })).rejects.toThrow(/^Wrong email or password\.$/);
    await expect(signUpWithPassword(db, { email: "dup@example.test", password: "a long enough password" })).resolves.toBe(
      await signInWithPassword(db, { email: "dup@example.test", password: "a long enough password" }),
    );
    await expect(signUpWithPassword(db, { email: "x@example.test", password: "short" })).rejects.toThrow(/at least 10/);
    await expect(signUpWithPassword(db, { email: "not-an-email", password: "a long enough password" })).rejects.toThrow(SignInError);
  });

  it("links a wallet to a password owner, once", async () => {
    const db = t.deps.database.db;
    const owner = await signUpWithPassword(db, { email: "linker@example.test", password: "a long enough password" });
    const address = privateKeyToAccount(generatePrivateKey()).address;
    await linkWallet(db, owner, address);
    await linkWallet(db, owner, address);
    expect(await walletsOf(db, owner)).toEqual([address.toLowerCase()]);
    expect(await ownerForWallet(db, address)).toBe(owner);
    const someoneElse = await signUpWithPassword(db, { email: "other@example.test", password: "a long enough password" });
    await expect(linkWallet(db, someoneElse, address)).rejects.toThrow(/another account/);
  });
});

describe("the desk key", () => {
  it("is minted once, kept sealed, listed, and replaced after the owner revokes it", async () => {
    const ctx = { db: t.deps.database.db, clock: t.deps.clock, secret: t.deps.secret };
    const owner = await signUpWithPassword(ctx.db, { email: "desk@example.test", password: "a long enough password" });
    const [a, b] = await Promise.all([deskKeyFor(ctx, owner), deskKeyFor(ctx, owner)]);
    expect(a).toBe(b);
    expect(await deskKeyFor(ctx, owner)).toBe(a);
    const keys = await listAgentKeys(ctx, owner);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kind: "desk", name: DESK_KEY_NAME, scopes: ["account:read", "trade", "swap"] });
    await revokeAgentKey(ctx, owner, keys[0]!.id);
    const replacement = await deskKeyFor(ctx, owner);
    expect(replacement).not.toBe(a);
    expect((await listAgentKeys(ctx, owner)).map((k) => k.status).sort()).toEqual(["active", "revoked"]);
  });
});
