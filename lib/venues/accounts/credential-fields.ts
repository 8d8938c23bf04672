// What a venue's link form asks for: the credentials its ccxt class requires (`requiredCredentials`),
// with labels people recognise and a check of each value's shape before anything reaches the venue.
import type { Exchange } from "ccxt";
import { privateKeyToAddress } from "viem/accounts";
import { CREDENTIAL_NAMES, type CredentialName, type VenueCredentials } from "../live/credentials";
import type { CredentialField } from "./contract";

export type { CredentialField };

interface FieldRule {
  label: string;
  secret: boolean;
  format: string;
  pattern: RegExp;
}

const PRINTABLE = /^[\x21-\x7e]{1,512}$/;
const API_TOKEN = /^[\x21-\x7e]{8,512}$/;
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HEX_KEY = /^(0x)?[0-9a-fA-F]{64}$/;

const RULES: Record<CredentialName, FieldRule> = {
  apiKey: { label: "API key", secret: false, format: "8 to 512 characters, no spaces", pattern: API_TOKEN },
  secret: { label: "API secret", secret: true, format: "8 to 512 characters, no spaces", pattern: API_TOKEN },
  password: { label: "API passphrase", secret: true, format: "up to 512 characters, no spaces", pattern: PRINTABLE },
  uid: { label: "User id", secret: false, format: "up to 512 characters, no spaces", pattern: PRINTABLE },
  walletAddress: { label: "Wallet address", secret: false, format: "0x followed by 40 hex digits", pattern: HEX_ADDRESS },
  privateKey: { label: "Private key", secret: true, format: "64 hex digits, 0x optional", pattern: HEX_KEY },
};

/** Venues whose credentials mean something more specific than ccxt's names say. */
const VENUE_LABELS: Readonly<Record<string, Partial<Record<CredentialName, string>>>> = {
  // The private key is an API ("agent") wallet's, approved by the main account, which ccxt calls walletAddress.
  hyperliquid: { privateKey: "API wallet private key", walletAddress: "Main account address" },
};

/** Venues whose private key must not be the key of the wallet address itself (an API wallet signs, never the account). */
const AGENT_WALLET_VENUES: ReadonlySet<string> = new Set(["hyperliquid"]);

type ExchangeClasses = Readonly<Record<string, typeof Exchange | undefined>>;
let ccxtClasses: Promise<ExchangeClasses> | undefined;
// ccxt is large: loaded when a form is first asked for, on the server only.
const loadClasses = () => (ccxtClasses ??= import("ccxt").then((m): ExchangeClasses => m.exchanges));

// Building a ccxt exchange takes tens of milliseconds: each venue's fields are worked out once.
const fieldsByVenue = new Map<string, Promise<CredentialField[] | undefined>>();

/**
 * The fields of the venue's form, identifying ones (an address, an API key) before secrets; undefined
 * when ccxt has no such exchange or it requires a credential Bourse does not hold (ccxt's `login`,
 * `twofa`, `token`).
 */
export function credentialFields(venue: string): Promise<CredentialField[] | undefined> {
  let fields = fieldsByVenue.get(venue);
  if (fields === undefined) {
    fields = fieldsOf(venue);
    fieldsByVenue.set(venue, fields);
  }
  return fields;
}

async function fieldsOf(venue: string): Promise<CredentialField[] | undefined> {
  const classes = await loadClasses();
  const ExchangeClass = Object.hasOwn(classes, venue) ? classes[venue] : undefined;
  if (ExchangeClass === undefined) return undefined;
  const required = Object.entries(new ExchangeClass().requiredCredentials)
    .filter(([, needed]) => needed === true)
    .map(([name]) => name);
  if (required.length === 0 || !required.every((name): name is CredentialName => (CREDENTIAL_NAMES as readonly string[]).includes(name))) return undefined;
  return required
    .map((name) => {
      const rule = RULES[name];
      return { name, label: VENUE_LABELS[venue]?.[name] ?? rule.label, secret: rule.secret, format: rule.format };
    })
    .sort((a, b) => Number(a.secret) - Number(b.secret));
}

export type CredentialCheck = { ok: true; credentials: VenueCredentials } | { ok: false; message: string };

/**
 * The credentials from what the owner sent: each required field present and well formed (trimmed;
 * private keys 0x-prefixed), nothing else. The message names the fields by their labels.
 */
export function parseCredentials(venue: string, fields: readonly CredentialField[], input: Readonly<Record<string, unknown>>): CredentialCheck {
  const problems: string[] = [];
  const credentials: Partial<Record<CredentialName, string>> = {};
  const expected = new Set<string>(fields.map((f) => f.name));
  for (const name of Object.keys(input)) if (!expected.has(name)) problems.push(`${name}: ${venue} does not take it (it takes ${[...expected].join(", ")})`);
  for (const field of fields) {
    const raw = input[field.name];
    const value = typeof raw === "string" ? raw.trim() : "";
    if (value === "") problems.push(`${field.label} (${field.name}): required`);
    else if (!RULES[field.name].pattern.test(value)) problems.push(`${field.label} (${field.name}): must be ${field.format}`);
    else credentials[field.name] = field.name === "privateKey" && !value.startsWith("0x") ? `0x${value}` : value;
  }
  if (problems.length === 0 && AGENT_WALLET_VENUES.has(venue)) {
    const { privateKey, walletAddress } = credentials;
    if (privateKey && walletAddress && privateKeyToAddress(privateKey as `0x${string}`).toLowerCase() === walletAddress.toLowerCase())
      problems.push(`privateKey: this is the main account's own key; approve an API wallet on ${venue} and give its private key instead`);
  }
  return problems.length === 0 ? { ok: true, credentials } : { ok: false, message: problems.join("; ") };
}
