"use client";

// Keeps a TanStack Query entry live from a server-sent event stream (useLiveQuery), or reacts to a stream's
// events some other way (useEventStream: the trade desk refetches on its account stream), and says whether
// it is live so the queries can poll instead when it is not. Every event carries a sequence number: a gap (an event lost, or
// the server restarted) closes the stream and opens it again, and the server starts every connection with
// a full snapshot, so the entry resyncs. A stream that fails is retried after a pause; polling covers the
// time between.

import { useCallback, useEffect, useState } from "react";
import { useQueryClient, type QueryKey } from "@tanstack/react-query";

/** What a stream's events are read into: a number to follow, and what the event says. */
export interface NumberedMessage {
  /** A snapshot restarts the numbering; an update must follow the last number by one. */
  kind: "snapshot" | "update";
  seq: number;
}

export interface StreamMessage<T> extends NumberedMessage {
  /** Replaces the entry (a snapshot), or derives the new entry from the current one (an update). */
  apply(current: T | undefined): T;
}

export interface EventStreamOptions<M extends NumberedMessage> {
  /** The stream's URL; null to stay on polling. */
  url: string | null;
  /** The event types to listen to ("message" for unnamed events). */
  events: readonly string[];
  /** Reads one event's data; throws on a malformed one (counted as a gap). Keep it stable (module level). */
  parse(event: string, data: unknown): M;
  /** Called with every message in order, a snapshot after every (re)connection. Keep it stable (useCallback). */
  onMessage(message: M): void;
}

export interface LiveStreamOptions<T> extends Omit<EventStreamOptions<StreamMessage<T>>, "onMessage"> {
  queryKey: QueryKey;
}

const RETRY_MS = 5_000;

/**
 * Whether the page is on screen. A browser holds at most six connections to one host (HTTP/1.1), and
 * each open stream keeps one: a page in a background tab lets go of its streams (and polls instead), so
 * the tab in front still has connections for its requests.
 */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== "hidden");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}

/** Follows a numbered event stream: reopens it on a gap, a malformed event or a failure; says whether it is live. */
export function useEventStream<M extends NumberedMessage>({ url: givenUrl, events, parse, onMessage }: EventStreamOptions<M>): { live: boolean } {
  const [live, setLive] = useState(false);
  const eventList = events.join(",");
  const url = usePageVisible() ? givenUrl : null;

  useEffect(() => {
    if (!url || typeof EventSource === "undefined") {
      setLive(false);
      return;
    }
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let lastSeq: number | null = null;
    let stopped = false;

    const reopen = (delay: number) => {
      source?.close();
      source = null;
      setLive(false);
      lastSeq = null;
      if (!stopped && retry === null) retry = setTimeout(open, delay);
    };

    const onEvent = (type: string) => (event: MessageEvent<string>) => {
      let message: M;
      try {
        message = parse(type, JSON.parse(event.data));
      } catch {
        return reopen(0);
      }
      if (message.kind === "update" && (lastSeq === null || message.seq !== lastSeq + 1)) return reopen(0);
      lastSeq = message.seq;
      onMessage(message);
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
  }, [url, eventList, parse, onMessage]);

  return { live };
}

/** Keeps a query entry from a stream whose events carry the data (snapshot: replace; update: apply). */
export function useLiveQuery<T>({ url, queryKey, events, parse }: LiveStreamOptions<T>): { live: boolean } {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  const onMessage = useCallback(
    (message: StreamMessage<T>) => queryClient.setQueryData<T>(JSON.parse(key) as QueryKey, (current) => message.apply(current)),
    [key, queryClient],
  );
  return useEventStream({ url, events, parse, onMessage });
}
