import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { newId } from "../ids";
import { hashPassword, verifyPassword } from "./password";
import { owners, ownerWallets } from "./schema";

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class SignInError extends Error {
  override name = "SignInError";
}

// Compared against when the email is unknown, so that a miss costs as much as a wrong password.
let decoyHash: Promise<string> | undefined;

function normaliseEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (!EMAIL.test(e) || e.length > 254) throw new SignInError("Enter a valid email address.");
  return e;
}

const WRONG_CREDENTIALS = "Wrong email or password.";

/**
 * Creates the account, or signs in to it when the email is taken and the password is its own. Any other
 * refusal reads as sign-in's, so sign-up does not say whether an email is registered; both paths run one
 * scrypt, so neither does its timing.
 */
export async function signUpWithPassword(db: Database, input: { email: string; password: string }): Promise<string> {
  const email = normaliseEmail(input.email);
  if (input.password.length < PASSWORD_MIN_LENGTH) throw new SignInError(`Use a password of at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (input.password.length > PASSWORD_MAX_LENGTH) throw new SignInError(`Use a password of at most ${PASSWORD_MAX_LENGTH} characters.`);
  const [taken] = await db
    .select()
    .from(owners)
    .where(eq(sql`lower(${owners.email})`, email));
  if (taken) return passwordOwner(taken, input.password);
  const id = newId("own");
  const inserted = await db
    .insert(owners)
    .values({ id, email, passwordHash: await hashPassword(input.password) })
    .onConflictDoNothing()
    .returning({ id: owners.id });
  if (inserted.length === 0) throw new SignInError(WRONG_CREDENTIALS);
  return id;
}

/** The owner's id when the email and password match; one vague error otherwise. */
export async function signInWithPassword(db: Database, input: { email: string; password: string }): Promise<string> {
  const email = normaliseEmail(input.email);
  const [owner] = await db
    .select()
    .from(owners)
    .where(eq(sql`lower(${owners.email})`, email));
  return passwordOwner(owner, input.password);
}

async function passwordOwner(owner: { id: string; passwordHash: string | null } | undefined, password: string): Promise<string> {
  decoyHash ??= hashPassword("decoy-password-for-timing");
  const ok = await verifyPassword(password, owner?.passwordHash ?? (await decoyHash));
  if (!owner?.passwordHash || !ok) throw new SignInError(WRONG_CREDENTIALS);
  return owner.id;
}

/** The owner who signs in with this wallet, created on first sign-in. */
export async function ownerForWallet(db: Database, address: string): Promise<string> {
  const wallet = address.toLowerCase();
  const [existing] = await db.select().from(ownerWallets).where(eq(ownerWallets.address, wallet));
  if (existing) return existing.ownerId;
  return db.transaction(async (tx) => {
    const id = newId("own");
    await tx.insert(owners).values({ id, displayName: `${wallet.slice(0, 6)}…${wallet.slice(-4)}` });
    const linked = await tx.insert(ownerWallets).values({ address: wallet, ownerId: id }).onConflictDoNothing().returning();
    if (linked.length > 0) return id;
    // Someone signed in with the same wallet at the same moment: theirs is the owner; drop ours.
    await tx.delete(owners).where(eq(owners.id, id));
    const [winner] = await tx.select().from(ownerWallets).where(eq(ownerWallets.address, wallet));
    return winner!.ownerId;
  });
}

/** Links a verified wallet to a signed-in owner; a wallet belongs to one owner only. */
export async function linkWallet(db: Database, ownerId: string, address: string): Promise<void> {
  const wallet = address.toLowerCase();
  const [linked] = await db.insert(ownerWallets).values({ address: wallet, ownerId }).onConflictDoNothing().returning();
  if (linked) return;
  const [existing] = await db.select().from(ownerWallets).where(eq(ownerWallets.address, wallet));
  if (existing?.ownerId !== ownerId) throw new SignInError("This wallet already signs in to another account.");
}

export async function walletsOf(db: Database, ownerId: string): Promise<string[]> {
  const rows = await db.select({ address: ownerWallets.address }).from(ownerWallets).where(eq(ownerWallets.ownerId, ownerId));
  return rows.map((r) => r.address);
}

export interface OwnerProfile {
  email: string | null;
  displayName: string | null;
  wallets: string[];
}

export async function ownerProfile(db: Database, ownerId: string): Promise<OwnerProfile | null> {
  const [owner] = await db.select().from(owners).where(eq(owners.id, ownerId));
  if (!owner) return null;
  return { email: owner.email, displayName: owner.displayName, wallets: await walletsOf(db, ownerId) };
}
