// Owners' accounts on real venues: linked after the venue accepts them (a balance read), listed masked,
// removed; every change audited and announced on the cluster bus, so the venue host's directory, on
// whichever instance runs it, drops what it held at once.
import type { ClusterBus } from "../../cluster/bus";
import type { Clock } from "../../clock";
import type { Database } from "../../db/client";
import type { VenueAccountCheck, VenueAccountDirectory, VenueCredentials } from "../live/credentials";
import type { LinkedVenueAccountView, VenueAccountView } from "./contract";
import { credentialFields, parseCredentials } from "./credential-fields";
import { accountSubject, createVenueAccountDirectory, VENUE_ACCOUNTS_TOPIC } from "./directory";
import type { LinkableVenue } from "./linkable";
import { accountIdentifier, maskCredentials } from "./masking";
import { openCredentials, sealCredentials } from "./sealing";
import { linkedAccounts, recordFailedCheck, removeLink, sealedCredentials, storeLink, type LinkedAccountRow } from "./store";

export type VenueAccountErrorKind = "invalid" | "unknown_venue" | "not_linked" | "refused" | "unavailable";

/** A refusal the owner can act on; `kind` maps onto the API's error codes. */
export class VenueAccountError extends Error {
  override name = "VenueAccountError";
  constructor(
    readonly kind: VenueAccountErrorKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** How long to wait before checking again with a venue that did not answer. */
export const CHECK_RETRY_AFTER_SECONDS = 5;

export interface VenueAccounts {
  /** What the venue host reads owners' credentials from. */
  directory: VenueAccountDirectory;
  /** Every configured venue, then any venue the owner linked that is no longer configured. */
  list(ownerId: string): Promise<VenueAccountView[]>;
  /** Checks the credentials with the venue, then stores them (replacing a linked account). */
  link(ownerId: string, venue: string, input: Readonly<Record<string, unknown>>): Promise<LinkedVenueAccountView>;
  /** Forgets the owner's account on the venue; `not_linked` when there is none. */
  remove(ownerId: string, venue: string): Promise<VenueAccountView>;
}

export interface VenueAccountInputs {
  db: Database;
  clock: Clock;
  secret: string;
  bus: ClusterBus;
  /** The configured real venues (linkableVenues(config)). */
  venues: readonly LinkableVenue[];
  check: VenueAccountCheck;
}

const iso = (ms: number) => new Date(ms).toISOString();

function accountOf(row: LinkedAccountRow): NonNullable<VenueAccountView["account"]> {
  return { identifier: row.identifier, masked: row.masked, checkedAt: iso(row.checkedAt), linkedAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

/** The venue's reason with any credential it echoes taken out. */
function redacted(reason: string, credentials: VenueCredentials): string {
  return Object.values(credentials).reduce((text, value) => (value ? text.split(value).join("[redacted]") : text), reason);
}

export function createVenueAccounts(input: VenueAccountInputs): VenueAccounts {
  const { db, clock, secret, bus, check } = input;
  const configured = new Map(input.venues.map((v) => [v.name, v]));

  const viewOf = async (venue: string, row: LinkedAccountRow | undefined): Promise<VenueAccountView> => {
    const fields = await credentialFields(venue);
    const network = configured.get(venue)?.network ?? null;
    return { venue, network, linkable: network !== null && fields !== undefined, credentials: fields ?? [], account: row ? accountOf(row) : null };
  };

  const unknownVenue = (venue: string) => {
    const names = [...configured.keys()];
    const choice = names.length === 0 ? "no real venue is configured (VENUES)" : `the configured ones are ${names.join(", ")}`;
    return new VenueAccountError("unknown_venue", `No account can be linked on ${venue}: ${choice}.`);
  };

  return {
    directory: createVenueAccountDirectory({
      read: async (ownerId, venue) => {
        const sealed = await sealedCredentials(db, ownerId, venue);
        return sealed === undefined ? undefined : openCredentials(secret, ownerId, venue, sealed);
      },
      bus,
      clock,
    }),

    async list(ownerId) {
      const rows = new Map((await linkedAccounts(db, ownerId)).map((r) => [r.venue, r]));
      const venues = [...configured.keys(), ...[...rows.keys()].filter((v) => !configured.has(v))];
      return Promise.all(venues.map((v) => viewOf(v, rows.get(v))));
    },

    async link(ownerId, venue, body) {
      const fields = configured.has(venue) ? await credentialFields(venue) : undefined;
      if (fields === undefined) throw unknownVenue(venue);
      const parsed = parseCredentials(venue, fields, body);
      if (!parsed.ok) throw new VenueAccountError("invalid", parsed.message);
      const { credentials } = parsed;
      const identifier = accountIdentifier(credentials);
      const checked = await check(venue, credentials);
      const at = clock.now();
      if (!checked.ok) {
        const reason = redacted(checked.message, credentials);
        await recordFailedCheck(db, { ownerId, venue, identifier, code: checked.code, reason, at });
        if (checked.code === "UNKNOWN_VENUE") throw new VenueAccountError("unknown_venue", reason);
        if (checked.code === "VENUE_UNAVAILABLE")
          throw new VenueAccountError("unavailable", `${venue} could not be reached to check the account: ${reason}`, CHECK_RETRY_AFTER_SECONDS);
        throw new VenueAccountError("refused", `${venue} refused these credentials: ${reason}`);
      }
      const stored = await storeLink(db, {
        ownerId,
        venue,
        sealed: sealCredentials(secret, ownerId, venue, credentials),
        masked: maskCredentials(fields, credentials),
        identifier,
        at,
      });
      await bus.publish(VENUE_ACCOUNTS_TOPIC, accountSubject(ownerId, venue));
      return { account: await viewOf(venue, stored.row), replaced: stored.replaced ?? null, equityUsd: checked.equityUsd };
    },

    async remove(ownerId, venue) {
      const removed = await removeLink(db, ownerId, venue, clock.now());
      if (removed === undefined) throw new VenueAccountError("not_linked", `No account of yours is linked on ${venue}.`);
      await bus.publish(VENUE_ACCOUNTS_TOPIC, accountSubject(ownerId, venue));
      return viewOf(venue, undefined);
    },
  };
}
