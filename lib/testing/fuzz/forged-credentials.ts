import { generateKeyPair, SignJWT } from "jose";
import type { FuzzOwner } from "./fuzz-world";

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/**
 * Authorization headers that must all be refused: none at all, malformed ones, keys with a broken
 * checksum, tokens signed by nobody or by a stranger, and credentials of the wrong kind for the route.
 */
export async function forgedAuthorizations(attacker: FuzzOwner, audience: string, issuer: string): Promise<string[]> {
  const claims = { sub: attacker.owner.id, jti: "forged" };
  const stranger = await generateKeyPair("EdDSA");
  const now = Math.floor(Date.now() / 1000);
  const signedByStranger = await new SignJWT(claims)
    .setProtectedHeader({ alg: "EdDSA", kid: "stranger" })
    .setIssuedAt()
    .setExpirationTime("5m")
    .setAudience(audience)
    .setIssuer(issuer)
    .sign(stranger.privateKey);
  const hmac = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt()
    .setExpirationTime("5m")
    .setAudience(audience)
    .setIssuer(issuer)
    .sign(new TextEncoder().encode("a guessed secret of thirty-two bytes!"));
  const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...claims, aud: audience, iss: issuer, iat: now, exp: now + 300 })}.`;
  const breakChecksum = (key: string) => key.slice(0, -1) + (key.endsWith("A") ? "B" : "A");
  return [
    "",
    "Bearer",
    "Bearer ",
    "Basic dXNlcjpwYXNz",
    `Bearer ${"x".repeat(10_000)}`,
    `Bearer ${breakChecksum(attacker.agentKey)}`,
    `Bearer ${breakChecksum(attacker.searchKey)}`,
    `Bearer ${unsigned}`,
    `Bearer ${hmac}`,
    `Bearer ${signedByStranger}`,
    `bearer ${attacker.ownerToken}x`,
    `Bearer ${attacker.agentKey} ${attacker.agentKey}`,
    // The right credential for another kind of route.
    `Bearer ${attacker.searchKey}`,
    `Bearer ${attacker.agentKey}`,
    `Bearer ${attacker.ownerToken}`,
  ];
}
