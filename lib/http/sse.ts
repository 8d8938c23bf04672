// Server-sent events as a web Response (for Next route handlers; the Hono API writes its own with
// streamSSE): each message as `event`, `id: seq` and `data: {"seq", "data"}`, like the market streams,
// with a comment line every HEARTBEAT_MS. The subscription is closed when the client leaves.

/** A comment line this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;

export interface SseMessage {
  event: string;
  seq: number;
  data: unknown;
}

export interface SseSubscription<M extends SseMessage> extends AsyncIterable<M> {
  close(): void;
}

const encoder = new TextEncoder();

export function formatSse(message: SseMessage): string {
  return `event: ${message.event}\nid: ${message.seq}\ndata: ${JSON.stringify({ seq: message.seq, data: message.data })}\n\n`;
}

/** Streams a subscription until the client disconnects (the body is cancelled or `signal` aborts), then closes it. */
export function eventStreamResponse<M extends SseMessage>(subscription: SseSubscription<M>, signal?: AbortSignal, heartbeatMs = HEARTBEAT_MS): Response {
  const messages = subscription[Symbol.asyncIterator]();
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let done = false;
  const stop = () => {
    if (done) return;
    done = true;
    clearInterval(heartbeat);
    subscription.close();
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      heartbeat = setInterval(() => controller.enqueue(encoder.encode(": keepalive\n\n")), heartbeatMs);
      signal?.addEventListener("abort", () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed or cancelled.
        }
      });
      if (signal?.aborted) stop();
    },
    async pull(controller) {
      const next = await messages.next();
      if (done) return;
      if (next.done) {
        stop();
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(formatSse(next.value)));
    },
    cancel: stop,
  });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
}
