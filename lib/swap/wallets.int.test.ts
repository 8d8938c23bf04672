import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { secretBox } from "../crypto/secret-box";
import { createTestApi, type TestApi } from "../testing/api";
import { createTestOwner } from "../testing/owners";
import { swapWallets } from "./schema";
import { ownerWallet, type WalletContext } from "./wallets";

// The server-held wallets that sign headless swaps: one per owner, the private key sealed at rest.
let t: TestApi;
let ctx: WalletContext;

beforeAll(async () => {
  t = await createTestApi();
  ctx = { db: t.deps.database.db, clock: t.clock, secret: t.deps.secret };
});
afterAll(() => t.close());

describe("server-held swap wallets", () => {
  it("give each owner one wallet, even when first used by many requests at once", async () => {
    const alice = await createTestOwner(t);
    const bob = await createTestOwner(t);
    const first = await Promise.all(Array.from({ length: 8 }, () => ownerWallet(ctx, alice.id)));
    expect(new Set(first.map((a) => a.address)).size).toBe(1);
    expect((await ownerWallet(ctx, alice.id)).address).toBe(first[0]!.address);
    expect((await ownerWallet(ctx, bob.id)).address).not.toBe(first[0]!.address);
    expect(await t.deps.database.db.select().from(swapWallets).where(eq(swapWallets.ownerId, alice.id))).toHaveLength(1);
  });

  it("store the private key only sealed, and open it only with the server secret", async () => {
    const owner = await createTestOwner(t);
    const account = await ownerWallet(ctx, owner.id);
    const [row] = await t.deps.database.db.select().from(swapWallets).where(eq(swapWallets.ownerId, owner.id));
    expect(row!.address).toBe(account.address.toLowerCase());
    // The stored value opens, with the server secret for this purpose, to the wallet's key, which it does not contain.
    const key = secretBox(t.deps.secret, "swap_wallet").open(row!.sealedKey);
    expect(privateKeyToAccount(key as Hex).address).toBe(account.address);
    expect(row!.sealedKey.toLowerCase()).not.toContain(key.slice(2).toLowerCase());
    expect(() => secretBox(t.deps.secret, "desk_key").open(row!.sealedKey)).toThrow();
    await expect(ownerWallet({ ...ctx, secret: "another-server-secret-0123456789-0123456789" }, owner.id)).rejects.toThrow();
  });
});
