// The trade desk's account stream (GET /trade/stream, lib/trading/execution/account-stream): `snapshot` and
// `update` events, data {seq, data: {venues}}, sent when the owner's orders, fills, positions or balances
// change on a venue. The stream says only that something changed: the desk refetches its account reads at
// once (on a snapshot too, since changes may have come while it was disconnected): refreshAccountReads.
import { z } from "zod";
import type { NumberedMessage } from "@/components/market/use-live-query";
import { STREAM_EVENTS } from "@/components/market/streams";

export const DESK_STREAM_URL = "/trade/stream";
export const ACCOUNT_EVENTS = STREAM_EVENTS;

const accountEvent = z.object({ seq: z.int().min(0), data: z.object({ venues: z.array(z.string()) }) });

export interface AccountChange extends NumberedMessage {
  venues: string[];
}

export function parseAccountEvent(event: string, raw: unknown): AccountChange {
  const { seq, data } = accountEvent.parse(raw);
  return { kind: event === "snapshot" ? "snapshot" : "update", seq, venues: data.venues };
}

/**
 * Runs `refresh` for a burst of events without piling up or starving: while one refresh runs, further
 * calls only ask for one more after it, so the last change is always read and at most one refresh is in
 * flight (an agent trading ten times a second must not keep cancelling the desk's reads).
 */
export function coalesced(refresh: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const run = async () => {
    running = true;
    do {
      again = false;
      await refresh().catch(() => {});
    } while (again);
    running = false;
  };
  return () => {
    if (running) again = true;
    else void run();
  };
}
