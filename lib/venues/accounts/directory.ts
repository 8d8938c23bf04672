// Where the venue host finds owners' linked accounts: read (opened from the database) on demand, kept in
// a small in-memory cache, and forgotten (listeners told) when any instance announces a change on the bus.
import { EVERY_SUBJECT, type ClusterBus } from "../../cluster/bus";
import { TtlCache } from "../../cache/ttl-cache";
import type { Clock } from "../../clock";
import type { VenueAccountDirectory, VenueCredentials } from "../live/credentials";

/** Bus topic: publish `accountSubject(owner, venue)` after a link, replacement or removal commits. */
export const VENUE_ACCOUNTS_TOPIC = "venues.accounts";

// Venue names are ccxt ids (no colon): the first colon separates them from the owner id.
export const accountSubject = (ownerId: string, venue: string) => `${venue}:${ownerId}`;

function parseSubject(subject: string): { ownerId: string; venue: string } {
  const at = subject.indexOf(":");
  return { venue: subject.slice(0, at), ownerId: subject.slice(at + 1) };
}

export interface DirectoryInputs {
  /** The owner's credentials for the venue as stored now; undefined when none are linked. */
  read(ownerId: string, venue: string): Promise<VenueCredentials | undefined>;
  bus: ClusterBus;
  clock: Clock;
  /** Owners' accounts kept open at once; the least recently used goes first. */
  maxEntries?: number;
}

export function createVenueAccountDirectory(input: DirectoryInputs): VenueAccountDirectory {
  const cache = new TtlCache<string, Promise<VenueCredentials | undefined>>({
    maxEntries: input.maxEntries ?? 1_000,
    clock: input.clock,
    ttlMs: Number.POSITIVE_INFINITY,
  });
  // Accounts handed out since their last change: who to tell when every change may have been missed.
  const handedOut = new Set<string>();
  const listeners = new Set<(ownerId: string, venue: string) => void>();
  // Moves on at every change, so a read that overlapped one is done again rather than returned stale.
  let version = 0;

  const changed = (subject: string) => {
    version++;
    const subjects = subject === EVERY_SUBJECT ? [...handedOut] : [subject];
    if (subject === EVERY_SUBJECT) cache.deleteWhere(() => true);
    for (const s of subjects) {
      cache.delete(s);
      handedOut.delete(s);
      const { ownerId, venue } = parseSubject(s);
      for (const listener of listeners) listener(ownerId, venue);
    }
  };
  input.bus.on(VENUE_ACCOUNTS_TOPIC, changed);

  return {
    async credentials(ownerId, venue) {
      const subject = accountSubject(ownerId, venue);
      for (;;) {
        const readAt = version;
        let loading = cache.get(subject);
        if (loading === undefined) {
          loading = input.read(ownerId, venue);
          cache.set(subject, loading);
        }
        try {
          const credentials = await loading;
          if (version !== readAt) continue;
          if (credentials !== undefined) handedOut.add(subject);
          return credentials;
        } catch (err) {
          // A failed read is not kept: the next call reads again.
          if (cache.get(subject) === loading) cache.delete(subject);
          throw err;
        }
      }
    },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
