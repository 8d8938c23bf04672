// One owner's account changes as a stream, for the trade desk: the venues announce every stored change
// to an owner's orders, fills, positions or balances (their own fills of resting orders, liquidations and
// funding too); a subscription passes on this owner's, coalesced to at most STREAM_MAX_UPDATES_PER_SECOND
// messages, numbered like the market streams. It says what changed, never the account itself: the desk
// reads that again through its own endpoints. It listens to the venues only until it is closed.

import type { Venue, VenueEvent } from "../../venues/venue";
import { STREAM_MAX_UPDATES_PER_SECOND } from "../market-data/limits";

export interface AccountMessage {
  /** snapshot: the first message, read everything; update: the accounts on these venues changed. */
  event: "snapshot" | "update";
  /** 0 for the snapshot, then one more per update. */
  seq: number;
  /** The venues whose account changed since the last message (every venue in the snapshot). */
  data: { venues: string[] };
}

/** One client's messages, in order. Iterate it; close it when the client leaves. */
export interface AccountSubscription extends AsyncIterable<AccountMessage> {
  close(): void;
}

const MIN_INTERVAL_MS = 1_000 / STREAM_MAX_UPDATES_PER_SECOND;

/** Subscribes to one owner's account changes on these venues. The first message is a snapshot. */
export function subscribeAccount(venues: readonly Venue[], ownerId: string, minIntervalMs = MIN_INTERVAL_MS): AccountSubscription {
  // Never more than one message waits: changes that come while the client has not read the last one join it.
  let waiting: AccountMessage | null = { event: "snapshot", seq: 0, data: { venues: venues.map((v) => v.name) } };
  let seq = 0;
  const changed = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSentAt = -Infinity;
  let wake: (() => void) | undefined;
  let closed = false;

  const flush = () => {
    timer = undefined;
    lastSentAt = performance.now();
    if (changed.size === 0) return;
    const names = [...changed];
    changed.clear();
    if (waiting === null) waiting = { event: "update", seq: ++seq, data: { venues: names } };
    else waiting.data.venues = [...new Set([...waiting.data.venues, ...names])];
    wake?.();
  };

  const onEvent = (event: VenueEvent) => {
    if (event.type !== "account" || event.owner !== ownerId) return;
    changed.add(event.venue);
    timer ??= setTimeout(flush, Math.max(0, lastSentAt + minIntervalMs - performance.now()));
  };
  const unsubscribe = venues.map((v) => v.subscribe(onEvent));

  return {
    close() {
      if (closed) return;
      closed = true;
      for (const u of unsubscribe) u();
      clearTimeout(timer);
      wake?.();
    },
    async *[Symbol.asyncIterator]() {
      while (!closed) {
        if (waiting !== null) {
          const message = waiting;
          waiting = null;
          yield message;
          continue;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    },
  };
}
