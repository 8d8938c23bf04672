// What may be shown of linked credentials: enough to recognise them, never enough to use them.
import type { VenueCredentials } from "../live/credentials";
import type { CredentialField } from "./credential-fields";

const HIDDEN = "••••";

/** "0x8f3a…91c2", "vmPU…A3x9": the first characters (the 0x prefix and four more) and the last four. */
export function maskPublic(value: string): string {
  const head = value.startsWith("0x") ? 6 : 4;
  return value.length <= head + 6 ? `${value.slice(0, 2)}…${value.slice(-2)}` : `${value.slice(0, head)}…${value.slice(-4)}`;
}

/** "••••91c2": a secret's last four characters only. */
export function maskSecret(value: string): string {
  return value.length <= 12 ? HIDDEN : `${HIDDEN}${value.slice(-4)}`;
}

/** Each field's masked form, by credential name. */
export function maskCredentials(fields: readonly CredentialField[], credentials: VenueCredentials): Record<string, string> {
  const masked: Record<string, string> = {};
  for (const field of fields) {
    const value = credentials[field.name];
    if (value !== undefined) masked[field.name] = field.secret ? maskSecret(value) : maskPublic(value);
  }
  return masked;
}

/**
 * How the owner tells their accounts apart: the wallet address when the venue takes one (an address is
 * public), else the API key or user id, masked.
 */
export function accountIdentifier(credentials: VenueCredentials): string {
  if (credentials.walletAddress) return credentials.walletAddress;
  const id = credentials.apiKey ?? credentials.uid;
  return id ? maskPublic(id) : HIDDEN;
}
