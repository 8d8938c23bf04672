import { eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import type { Clock } from "../clock";
import { secretBox } from "../crypto/secret-box";
import type { Database } from "../db/client";
import { swapWallets } from "./schema";

const PURPOSE = "swap_wallet";

export interface WalletContext {
  db: Database;
  clock: Clock;
  secret: string;
}

/**
 * The owner's server-held wallet, created on first use: one per owner, its private key sealed with
 * the server secret (AES-256-GCM) and opened only to sign.
 */
export async function ownerWallet(ctx: WalletContext, ownerId: string): Promise<PrivateKeyAccount> {
  const box = secretBox(ctx.secret, PURPOSE);
  const [existing] = await ctx.db.select().from(swapWallets).where(eq(swapWallets.ownerId, ownerId));
  if (existing) return privateKeyToAccount(box.open(existing.sealedKey) as `0x${string}`);
  const key = generatePrivateKey();
  const account = privateKeyToAccount(key);
  // Two first uses at once: the primary key keeps one; both callers then read that one.
  await ctx.db
    .insert(swapWallets)
    .values({ ownerId, address: account.address.toLowerCase(), sealedKey: box.seal(key), createdAt: new Date(ctx.clock.now()) })
    .onConflictDoNothing({ target: swapWallets.ownerId });
  const [row] = await ctx.db.select().from(swapWallets).where(eq(swapWallets.ownerId, ownerId));
  return privateKeyToAccount(box.open(row!.sealedKey) as `0x${string}`);
}
