import { z } from "zod";
import { ApiClientError } from "./http";

/** One event of a market stream: a snapshot replaces what the consumer holds, an update changes it. */
export interface StreamEvent<T> {
  kind: "snapshot" | "update";
  seq: number;
  data: T;
}

export interface FollowOptions {
  signal?: AbortSignal;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
  /** Wait before reconnecting after a dropped connection; doubled on each failure in a row, up to 10 s. Default 500 ms. */
  reconnectDelayMs?: number;
}

const frame = z.object({ seq: z.int().min(0), data: z.unknown() });

/**
 * Follows a market stream (GET …/stream) as an async iterator: its snapshot, then its updates, each
 * parsed with `schema`. When the connection drops, or an update's seq is not the one after the last,
 * it reconnects and resyncs from the snapshot every connection starts with, so a consumer only has to
 * replace its state on each snapshot. A refusal (4xx) ends it with ApiClientError; breaking out of the
 * loop, or `signal`, closes the connection.
 */
export async function* followStream<T>(url: string, schema: z.ZodType<T>, options: FollowOptions = {}): AsyncGenerator<StreamEvent<T>> {
  const doFetch = options.fetch ?? fetch;
  const baseDelay = options.reconnectDelayMs ?? 500;
  let failures = 0;
  while (!options.signal?.aborted) {
    // Nothing answering is like a dropped connection: wait, then reconnect.
    const res = await doFetch(url, { headers: { accept: "text/event-stream", ...options.headers }, signal: options.signal, cache: "no-store" }).catch(
      () => undefined,
    );
    if (options.signal?.aborted) return;
    if (res !== undefined && res.status >= 400 && res.status < 500) {
      throw new ApiClientError(`${url} answered ${res.status}`, res.status, "HTTP_ERROR", res.headers.get("x-request-id"));
    }
    if (res?.ok && res.body) {
      let last: number | undefined;
      for await (const event of sseEvents(res.body)) {
        const { seq, data } = frame.parse(JSON.parse(event.data));
        const kind = event.event === "snapshot" ? "snapshot" : "update";
        if (kind === "update" && (last === undefined || seq !== last + 1)) break; // a gap: resync from a new connection's snapshot
        last = seq;
        failures = 0;
        yield { kind, seq, data: schema.parse(data) };
      }
    }
    if (options.signal?.aborted) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, baseDelay * 2 ** failures)));
    failures++;
  }
}

/** The events of a text/event-stream body (comments skipped); cancels the body when the consumer stops. */
async function* sseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replaceAll("\r\n", "\n");
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const parsed = parseEvent(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (parsed !== null) yield parsed;
        end = buffer.indexOf("\n\n");
      }
    }
  } catch (err) {
    // A connection that drops mid-stream ends the events; the caller reconnects.
    if (!(err instanceof TypeError) && !(err instanceof Error && err.name === "AbortError")) throw err;
  } finally {
    await reader.cancel().catch(() => {});
  }
}

function parseEvent(block: string): { event: string; data: string } | null {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }
  return data.length === 0 ? null : { event, data: data.join("\n") };
}
