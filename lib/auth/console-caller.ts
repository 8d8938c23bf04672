import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * The dashboard's search console calls the search API from the server, so every owner would share
 * the server's (loopback) address in the per-address rate limits. It names the owner instead in this
 * header, signed with a key derived from the server secret: only a deployment holding the same secret
 * (the dashboard's own) believes it; any other request is counted by its address.
 */
export const CONSOLE_CALLER_HEADER = "x-bourse-console-owner";
const LIFETIME_SECONDS = 300;

function macKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "bourse", "console-caller", 32));
}

function mac(secret: string, payload: string): string {
  return createHmac("sha256", macKey(secret)).update(payload).digest("base64url");
}

/** `ownerId.expiry.mac`, valid five minutes. */
export function signConsoleCaller(secret: string, ownerId: string, nowMs: number): string {
  const payload = `${ownerId}.${Math.floor(nowMs / 1000) + LIFETIME_SECONDS}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** The owner the header names when its signature holds and it has not expired; undefined otherwise. */
export function verifyConsoleCaller(secret: string, value: string | undefined, nowMs: number): string | undefined {
  if (!value || value.length > 200) return undefined;
  const last = value.lastIndexOf(".");
  const payload = value.slice(0, last);
  const dot = payload.lastIndexOf(".");
  if (last <= 0 || dot <= 0) return undefined;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(value.slice(last + 1));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (Number(payload.slice(dot + 1)) * 1000 < nowMs) return undefined;
  return payload.slice(0, dot);
}
