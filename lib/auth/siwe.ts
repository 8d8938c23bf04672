import { and, eq, gt, isNotNull, isNull, lte, or } from "drizzle-orm";
import { createPublicClient, custom, http, type Hex } from "viem";
import { generateSiweNonce, parseSiweMessage } from "viem/siwe";
import type { Clock } from "../clock";
import type { Database } from "../db/client";
import { siweNonces } from "./schema";

const NONCE_TTL_MS = 10 * 60_000;

export interface SiweContext {
  db: Database;
  clock: Clock;
  /** The origin people sign in at (PUBLIC_URL); the message's domain and URI must match it. */
  origin: string;
  /** RPC for contract-wallet signatures (ERC-1271/6492); plain accounts are verified locally. */
  rpcUrl?: string;
}

export class SiweError extends Error {
  override name = "SiweError";
}

/**
 * A single-use nonce, stored server-side for ten minutes. Each issue first purges the nonces that
 * expired or were used, so the table holds only those still usable: a used or purged nonce is refused alike.
 */
export async function issueSiweNonce(ctx: Pick<SiweContext, "db" | "clock">): Promise<string> {
  const now = ctx.clock.now();
  await ctx.db.delete(siweNonces).where(or(lte(siweNonces.expiresAt, new Date(now)), isNotNull(siweNonces.consumedAt)));
  const nonce = generateSiweNonce();
  await ctx.db.insert(siweNonces).values({ nonce, expiresAt: new Date(now + NONCE_TTL_MS) });
  return nonce;
}

/**
 * Verifies a signed EIP-4361 message: domain and URI are this deployment's, the nonce is ours,
 * unexpired and unused, the time window holds, and the signature is the address's (viem's
 * verifySiweMessage, which also covers contract wallets). Only then is the nonce consumed.
 * Returns the lower-case address.
 */
export async function verifySiweSignIn(ctx: SiweContext, input: { message: string; signature: string }): Promise<string> {
  const parsed = parseSiweMessage(input.message);
  const expected = new URL(ctx.origin);
  if (!parsed.address || !parsed.nonce || !parsed.uri || !parsed.domain) throw new SiweError("The message is not a Sign-In with Ethereum message.");
  if (parsed.domain !== expected.host) throw new SiweError(`The message is for ${parsed.domain}, not ${expected.host}.`);
  if (safeOrigin(parsed.uri) !== expected.origin) throw new SiweError("The message's URI is not this site.");
  if (!/^0x[0-9a-fA-F]+$/.test(input.signature)) throw new SiweError("The signature is malformed.");

  const now = new Date(ctx.clock.now());
  const [stored] = await ctx.db.select().from(siweNonces).where(eq(siweNonces.nonce, parsed.nonce));
  if (!stored || stored.consumedAt || stored.expiresAt <= now) throw new SiweError("The sign-in request has expired or was already used; try again.");

  // Without an RPC the contract-wallet check fails at once and viem falls back to signature recovery,
  // which is all a plain account needs.
  const client = createPublicClient({
    transport: ctx.rpcUrl ? http(ctx.rpcUrl) : custom({ request: () => Promise.reject(new Error("no chain RPC configured")) }),
  });
  let valid: boolean;
  try {
    valid = await client.verifySiweMessage({
      message: input.message,
      signature: input.signature as Hex,
      domain: expected.host,
      nonce: parsed.nonce,
      time: now,
    });
  } catch {
    valid = false;
  }
  if (!valid) throw new SiweError("The signature does not match the address, or the message is outside its validity window.");

  // Consumed only now, and only once: a concurrent replay finds it already used.
  const consumed = await ctx.db
    .update(siweNonces)
    .set({ consumedAt: now })
    .where(and(eq(siweNonces.nonce, parsed.nonce), isNull(siweNonces.consumedAt), gt(siweNonces.expiresAt, now)))
    .returning({ nonce: siweNonces.nonce });
  if (consumed.length === 0) throw new SiweError("The sign-in request has expired or was already used; try again.");
  return parsed.address.toLowerCase();
}

function safeOrigin(uri: string): string | null {
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
}
