// Test support for owners' venue accounts: a deployment's accounts service with real venues configured,
// and a stand-in for the venue's check in tests of the storage and API layers (the real check is the adapter's).
import type { VenueAccountCheck } from "../venues/live/credentials";
import type { LinkableVenue } from "../venues/accounts/linkable";
import { createVenueAccounts, type VenueAccounts } from "../venues/accounts/service";
import type { TestApi } from "./api";

/**
 * Answers by the account's identifier: an address or API key ending in dead is refused (the message
 * echoes the secret, as a careless venue might), one ending in 0ff cannot be reached, any other is accepted.
 */
export const checkByIdentifier: VenueAccountCheck = async (_venue, credentials) => {
  const id = credentials.walletAddress ?? credentials.apiKey ?? "";
  if (id.endsWith("dead"))
    return {
      ok: false,
      code: "INVALID_CREDENTIALS",
      message: `Invalid API-key, IP, or permissions for action (signed with ${credentials.privateKey ?? credentials.secret})`,
    };
  if (id.endsWith("0ff")) return { ok: false, code: "VENUE_UNAVAILABLE", message: "Service Unavailable" };
  return { ok: true, equityUsd: "1520.42" };
};

export const TEST_LIVE_VENUES: readonly LinkableVenue[] = [
  { name: "hyperliquid", network: "testnet" },
  { name: "binanceusdm", network: "mainnet" },
];

/** The accounts service of t's deployment as if these real venues were configured. */
export function venueAccountsOf(t: Pick<TestApi, "deps">, venues: readonly LinkableVenue[] = TEST_LIVE_VENUES, check = checkByIdentifier): VenueAccounts {
  const { deps } = t;
  return createVenueAccounts({ db: deps.database.db, clock: deps.clock, secret: deps.secret, bus: deps.cluster.bus, venues, check });
}
