import pino, { type Logger } from "pino";

export type { Logger };

/** Structured JSON logs on stdout; every request's lines carry its request id. */
export function createLogger(level: string, name = "bourse"): Logger {
  return pino(
    {
      name,
      level,
      base: undefined,
      // Epoch milliseconds ("time"): formatting an ISO date for every line costs measurably under load.
      // Nothing logs headers or bodies, so there is nothing to redact on the hot path.
    },
    // Buffered writes: one write(2) per few kilobytes instead of one per request line; pino flushes on exit.
    pino.destination({ dest: 1, sync: false, minLength: 4096 }),
  );
}

export const silentLogger: Logger = pino({ level: "silent" });
