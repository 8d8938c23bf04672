// Linked credentials at rest: sealed with the server secret for one owner and one venue, so a sealed
// value copied onto another owner's row (or another venue's) does not open.
import { z } from "zod";
import { secretBox } from "../../crypto/secret-box";
import { CREDENTIAL_NAMES, type VenueCredentials } from "../live/credentials";

const credentialsSchema = z.partialRecord(z.enum(CREDENTIAL_NAMES), z.string().min(1));

const boxFor = (secret: string, ownerId: string, venue: string) => secretBox(secret, `venue-account:${venue}:${ownerId}`);

export function sealCredentials(secret: string, ownerId: string, venue: string, credentials: VenueCredentials): string {
  return boxFor(secret, ownerId, venue).seal(JSON.stringify(credentials));
}

/** Throws when the value was not sealed for this owner and venue with this secret. */
export function openCredentials(secret: string, ownerId: string, venue: string, sealed: string): VenueCredentials {
  return credentialsSchema.parse(JSON.parse(boxFor(secret, ownerId, venue).open(sealed)));
}
