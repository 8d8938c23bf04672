// One market-data stream of a real venue kept running: over the websocket while it works, with exponential
// backoff between attempts (each attempt reconnects), and polled over REST where the venue has no
// websocket for it or after repeated websocket failures, trying the websocket again later.
import { setTimeout as sleep } from "node:timers/promises";
import { ArgumentsRequired, NotSupported } from "ccxt";

export interface StreamSource {
  /** Resolves with the next update from the venue's websocket; absent when the venue has none for this stream. */
  watch?: () => Promise<void>;
  /** Fetches the stream's current state over REST; absent when it cannot be polled. */
  poll?: () => Promise<void>;
}

export interface RetryPolicy {
  /** First wait after a failure; doubled after each further one, up to maxBackoffMs. */
  initialBackoffMs: number;
  maxBackoffMs: number;
  /** Consecutive websocket failures after which the stream is polled instead, for websocketRetryMs. */
  failuresBeforePolling: number;
  websocketRetryMs: number;
  /** Between polls. */
  pollMs: number;
}

export const DEFAULT_RETRY: Omit<RetryPolicy, "pollMs"> = { initialBackoffMs: 500, maxBackoffMs: 30_000, failuresBeforePolling: 3, websocketRetryMs: 60_000 };

/** How a failed attempt reached the venue. */
export type StreamPath = "websocket" | "rest";

/** Runs the stream until `signal` aborts; `onError` hears every failure and its path (the caller tracks the venue's health). */
export async function runStream(
  source: StreamSource,
  policy: RetryPolicy,
  signal: AbortSignal,
  onError: (err: unknown, path: StreamPath) => void,
): Promise<void> {
  let { watch, poll } = source;
  let failures = 0;
  let pollUntil = 0;
  while (!signal.aborted && (watch !== undefined || poll !== undefined)) {
    const watching = watch !== undefined && (poll === undefined || Date.now() >= pollUntil);
    try {
      if (watching) await watch!();
      else {
        await poll!();
        await pause(policy.pollMs, signal);
      }
      failures = 0;
    } catch (err) {
      if (signal.aborted) return;
      // The venue cannot serve this stream this way at all (e.g. Hyperliquid's trades need a user over REST).
      if (err instanceof NotSupported || err instanceof ArgumentsRequired) {
        if (watching) watch = undefined;
        else poll = undefined;
        continue;
      }
      onError(err, watching ? "websocket" : "rest");
      failures++;
      if (watching && poll !== undefined && failures >= policy.failuresBeforePolling) {
        pollUntil = Date.now() + policy.websocketRetryMs;
        failures = 0;
        continue;
      }
      await pause(Math.min(policy.maxBackoffMs, policy.initialBackoffMs * 2 ** (failures - 1)), signal);
    }
  }
}

async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await sleep(ms, undefined, { signal }).catch(() => {});
}
