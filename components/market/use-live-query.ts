"use client";

// Keeps a TanStack Query entry live from a server-sent event stream, and says whether it is live so the
// query can poll instead when it is not. Every event carries a sequence number: a gap (an event lost, or
// the server restarted) closes the stream and opens it again, and the server starts every connection with
// a full snapshot, so the entry resyncs. A stream that fails is retried after a pause; polling covers the
// time between.

import { useEffect, useState } from "react";
import { useQueryClient, type QueryKey } from "@tanstack/react-query";

export interface StreamMessage<T> {
  /** A snapshot restarts the numbering; an update must follow the last number by one. */
  kind: "snapshot" | "update";
  seq: number;
  /** Replaces the entry (a snapshot), or derives the new entry from the current one (an update). */
  apply(current: T | undefined): T;
}

export interface LiveStreamOptions<T> {
  /** The stream's URL; null to stay on polling. */
  url: string | null;
  queryKey: QueryKey;
  /** The event types to listen to ("message" for unnamed events). */
  events: readonly string[];
  /** Reads one event's data; throws on a malformed one (counted as a gap). Keep it stable (module level). */
  parse(event: string, data: unknown): StreamMessage<T>;
}

const RETRY_MS = 5_000;

export function useLiveQuery<T>({ url, queryKey, events, parse }: LiveStreamOptions<T>): { live: boolean } {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const key = JSON.stringify(queryKey);
  const eventList = events.join(",");

  useEffect(() => {
    if (!url || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let lastSeq: number | null = null;
    let stopped = false;
    const entryKey = JSON.parse(key) as QueryKey;

    const reopen = (delay: number) => {
      source?.close();
      source = null;
      setLive(false);
      lastSeq = null;
      if (!stopped && retry === null) retry = setTimeout(open, delay);
    };

    const onEvent = (type: string) => (event: MessageEvent<string>) => {
      let message: StreamMessage<T>;
      try {
        message = parse(type, JSON.parse(event.data));
      } catch {
        return reopen(0);
      }
      if (message.kind === "update" && (lastSeq === null || message.seq !== lastSeq + 1)) return reopen(0);
      lastSeq = message.seq;
      queryClient.setQueryData<T>(entryKey, (current) => message.apply(current));
      setLive(true);
    };

    function open() {
      retry = null;
      if (stopped) return;
      source = new EventSource(url!);
      for (const type of eventList.split(",")) source.addEventListener(type, onEvent(type));
      // The browser reconnects by itself after a dropped connection; numbering starts over with a snapshot.
      source.onerror = () => {
        setLive(false);
        lastSeq = null;
        if (source?.readyState === EventSource.CLOSED) reopen(RETRY_MS);
      };
    }

    open();
    return () => {
      stopped = true;
      if (retry !== null) clearTimeout(retry);
      source?.close();
    };
  }, [url, key, eventList, parse, queryClient]);

  return { live };
}
