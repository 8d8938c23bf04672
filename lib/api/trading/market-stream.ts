import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import type { StreamSubscription } from "../../trading/market-data/streams";
import { STREAM_MAX_UPDATES_PER_SECOND } from "../../trading/market-data/limits";
import { HEARTBEAT_MS } from "../../http/sse";
import type { AppEnv } from "../context";

/** How every market stream is described in the OpenAPI document. */
export const streamDescription =
  "Server-sent events (text/event-stream). The first event, `snapshot`, comes at once; then `update` events, at most " +
  `${STREAM_MAX_UPDATES_PER_SECOND} a second (changes in between are coalesced). Each event's data is JSON {seq, data} and its SSE id is seq: ` +
  "seq grows by one per update, and a snapshot carries the current seq. A client that sees a seq skipped, or reconnects, discards its state and uses the next snapshot " +
  "(every connection starts with one; a client too slow to keep up is sent a fresh snapshot). Comment lines every 15 s keep the connection open. Public.";

export const streamResponse = (what: string) => ({
  description: `A stream of ${what}`,
  content: { "text/event-stream": { schema: z.string().meta({ description: 'event: snapshot|update, id: seq, data: {"seq": n, "data": …}' }) } },
});

/** Sends a subscription's messages as server-sent events until the client leaves; then lets go of it. */
export function sendStream(c: Context<AppEnv>, subscription: StreamSubscription): Response {
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    stream.onAbort(() => subscription.close());
    const heartbeat = setInterval(() => void stream.write(": keepalive\n\n"), HEARTBEAT_MS);
    try {
      for await (const message of subscription) {
        if (stream.aborted) break;
        await stream.writeSSE({ event: message.event, id: String(message.seq), data: JSON.stringify({ seq: message.seq, data: message.data }) });
      }
    } finally {
      clearInterval(heartbeat);
      subscription.close();
    }
  });
}
