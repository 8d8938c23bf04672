// What an owner links to trade a real venue on their own account, and how the venue host finds it. The
// credential names are ccxt's (`exchange.requiredCredentials`), so a venue added by configuration asks
// for what its ccxt class requires without code of its own.

/** ccxt's names for an account's credentials. */
export const CREDENTIAL_NAMES = ["apiKey", "secret", "password", "uid", "walletAddress", "privateKey"] as const;

export type CredentialName = (typeof CREDENTIAL_NAMES)[number];

/** An owner's credentials for one venue: the names its ccxt class requires, each a non-empty string. */
export type VenueCredentials = Readonly<Partial<Record<CredentialName, string>>>;

/** Where the venue host finds the accounts owners linked (sealed in the database; opened on demand). */
export interface VenueAccountDirectory {
  /** The owner's credentials for the venue, or undefined when the owner has not linked one. */
  credentials(owner: string, venue: string): Promise<VenueCredentials | undefined>;
  /** Tells the listener when an owner links, replaces or removes an account, so clients built on it are dropped. */
  onChange(listener: (owner: string, venue: string) => void): () => void;
}

/** Reads the account's balance with these credentials: how a link is checked before it is stored. */
export type VenueAccountCheck = (
  venue: string,
  credentials: VenueCredentials,
) => Promise<{ ok: true; equityUsd: string } | { ok: false; code: "INVALID_CREDENTIALS" | "VENUE_UNAVAILABLE" | "UNKNOWN_VENUE"; message: string }>;
