import { randomUUID } from "node:crypto";
import { and, desc, eq, gt } from "drizzle-orm";
import { SignJWT, createRemoteJWKSet, errors as joseErrors, exportJWK, generateKeyPair, importJWK, jwtVerify, type JWK, type JWTVerifyGetKey } from "jose";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { secretBox } from "../crypto/secret-box";
import { newId } from "../ids";
import { signingKeys } from "./schema";

/** Owner tokens live at most this long. */
export const MAX_OWNER_TOKEN_SECONDS = 600;
const SIGNING_KEY_LIFETIME_MS = 30 * 24 * 3600 * 1000;
const CLOCK_TOLERANCE_SECONDS = 30;
const ALGORITHM = "EdDSA";

export interface OwnerTokenContext {
  db: Database;
  clock: Clock;
  config: Config;
  secret: string;
}

export class OwnerTokenError extends Error {
  override name = "OwnerTokenError";
}

type SigningKey = { kid: string; privateKey: CryptoKey };

const sealer = (secret: string) => secretBox(secret, "owner-token-signing-key");

/** The key new tokens are signed with, made (and stored sealed) when none is current. */
async function currentSigningKey(ctx: OwnerTokenContext): Promise<SigningKey> {
  const now = new Date(ctx.clock.now());
  const [row] = await ctx.db.select().from(signingKeys).where(gt(signingKeys.retiresAt, now)).orderBy(desc(signingKeys.createdAt)).limit(1);
  if (row) {
    const jwk = JSON.parse(sealer(ctx.secret).open(row.privateJwkSealed)) as JWK;
    return { kid: row.kid, privateKey: (await importJWK(jwk, ALGORITHM)) as CryptoKey };
  }
  return createSigningKey(ctx);
}

async function createSigningKey(ctx: OwnerTokenContext): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair(ALGORITHM, { crv: "Ed25519", extractable: true });
  const kid = newId("sk");
  const created = ctx.clock.now();
  const retires = created + SIGNING_KEY_LIFETIME_MS;
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: ALGORITHM, use: "sig" };
  await ctx.db.insert(signingKeys).values({
    kid,
    publicJwk,
    privateJwkSealed: sealer(ctx.secret).seal(JSON.stringify(await exportJWK(privateKey))),
    createdAt: new Date(created),
    retiresAt: new Date(retires),
    // A token signed just before retirement stays verifiable until it expires.
    expiresAt: new Date(retires + (MAX_OWNER_TOKEN_SECONDS + CLOCK_TOLERANCE_SECONDS) * 1000),
  });
  return { kid, privateKey };
}

/** Retires the current key at once and starts a new one; tokens already issued stay valid. */
export async function rotateSigningKey(ctx: OwnerTokenContext): Promise<string> {
  const now = ctx.clock.now();
  await ctx.db
    .update(signingKeys)
    .set({ retiresAt: new Date(now), expiresAt: new Date(now + (MAX_OWNER_TOKEN_SECONDS + CLOCK_TOLERANCE_SECONDS) * 1000) })
    .where(gt(signingKeys.retiresAt, new Date(now)));
  return (await createSigningKey(ctx)).kid;
}

/**
 * A short-lived owner token (EdDSA, with kid, iss, aud, sub, iat, exp, jti), for this deployment's
 * audience unless another deployment's is given.
 */
export async function mintOwnerToken(ctx: OwnerTokenContext, ownerId: string, ttlSeconds = 300, audience = ctx.config.ownerJwt.audience): Promise<string> {
  const ttl = Math.min(Math.max(1, Math.floor(ttlSeconds)), MAX_OWNER_TOKEN_SECONDS);
  const key = await currentSigningKey(ctx);
  const iat = Math.floor(ctx.clock.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, kid: key.kid, typ: "JWT" })
    .setIssuer(ctx.config.ownerJwt.issuer)
    .setAudience(audience)
    .setSubject(ownerId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttl)
    .setJti(randomUUID())
    .sign(key.privateKey);
}

/**
 * Makes a signing key when none is current, so the key set lists one before the first token is minted
 * (a verifier that fetches it first would otherwise cache an empty set). Returns the current kid.
 */
export async function ensureSigningKey(ctx: OwnerTokenContext): Promise<string> {
  const [row] = await ctx.db
    .select({ kid: signingKeys.kid })
    .from(signingKeys)
    .where(gt(signingKeys.retiresAt, new Date(ctx.clock.now())))
    .orderBy(desc(signingKeys.createdAt))
    .limit(1);
  return row?.kid ?? (await createSigningKey(ctx)).kid;
}

/**
 * Whether this server's secret opens the current signing key. Instances of one deployment must hold
 * the same secret: one that cannot open the key another sealed could mint no owner token, and would
 * refuse the others' dashboard sessions too. True when there is no current key yet.
 */
export async function secretOpensSigningKey(ctx: OwnerTokenContext): Promise<boolean> {
  const [row] = await ctx.db
    .select({ sealed: signingKeys.privateJwkSealed })
    .from(signingKeys)
    .where(gt(signingKeys.retiresAt, new Date(ctx.clock.now())))
    .orderBy(desc(signingKeys.createdAt))
    .limit(1);
  if (!row) return true;
  try {
    sealer(ctx.secret).open(row.sealed);
    return true;
  } catch {
    return false;
  }
}

/**
 * The public keys that verify owner tokens still in their validity window, the current one always
 * among them (made here if the last one retired with no token minted since).
 */
export async function publicJwks(ctx: OwnerTokenContext): Promise<{ keys: JWK[] }> {
  if (!ctx.config.ownerJwt.jwksUrl) await ensureSigningKey(ctx);
  const now = new Date(ctx.clock.now());
  const rows = await ctx.db.select({ jwk: signingKeys.publicJwk }).from(signingKeys).where(gt(signingKeys.expiresAt, now)).orderBy(desc(signingKeys.createdAt));
  return { keys: rows.map((r) => r.jwk) };
}

/** Resolves our own keys by kid from the database; keys never change once made, so they are cached. */
function ownKeyResolver(ctx: OwnerTokenContext): JWTVerifyGetKey {
  const cache = new Map<string, { key: CryptoKey; expiresAt: number }>();
  return async (header) => {
    if (!header.kid) throw new OwnerTokenError("owner token has no kid");
    let entry = cache.get(header.kid);
    if (!entry) {
      const [row] = await ctx.db
        .select()
        .from(signingKeys)
        .where(and(eq(signingKeys.kid, header.kid)))
        .limit(1);
      if (!row) throw new OwnerTokenError("owner token was signed by an unknown key");
      entry = { key: (await importJWK(row.publicJwk, ALGORITHM)) as CryptoKey, expiresAt: row.expiresAt.getTime() };
      cache.set(header.kid, entry);
    }
    if (entry.expiresAt <= ctx.clock.now()) throw new OwnerTokenError("owner token was signed by a key that has expired");
    return entry.key;
  };
}

export type OwnerTokenVerifier = (token: string) => Promise<{ ownerId: string; tokenId: string }>;

/**
 * Verifies owner tokens: algorithm allowlist, required claims, issuer, audience, expiry, known kid.
 * With OWNER_JWT_JWKS_URL the keys come from that external issuer instead of our own.
 */
export function ownerTokenVerifier(ctx: OwnerTokenContext): OwnerTokenVerifier {
  const { issuer, audience, jwksUrl, algorithms } = ctx.config.ownerJwt;
  const external = Boolean(jwksUrl);
  const keys = jwksUrl ? createRemoteJWKSet(new URL(jwksUrl)) : ownKeyResolver(ctx);
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        algorithms: external ? algorithms : [ALGORITHM],
        issuer,
        audience,
        requiredClaims: ["sub", "iat", "exp", "jti"],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        maxTokenAge: MAX_OWNER_TOKEN_SECONDS + CLOCK_TOLERANCE_SECONDS,
        currentDate: new Date(ctx.clock.now()),
      });
      return { ownerId: payload.sub!, tokenId: payload.jti! };
    } catch (err) {
      throw new OwnerTokenError(describeJoseFailure(err));
    }
  };
}

function describeJoseFailure(err: unknown): string {
  if (err instanceof OwnerTokenError) return err.message;
  if (err instanceof joseErrors.JWTExpired) return "owner token has expired";
  if (err instanceof joseErrors.JWTClaimValidationFailed) return `owner token claim ${err.claim} is not acceptable`;
  if (err instanceof joseErrors.JOSEAlgNotAllowed) return "owner token algorithm is not allowed";
  if (err instanceof joseErrors.JWKSNoMatchingKey) return "owner token was signed by an unknown key";
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return "owner token signature is invalid";
  return "owner token is malformed";
}
