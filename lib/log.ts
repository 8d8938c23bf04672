import pino, { type Logger } from "pino";

export type { Logger };

/** Structured JSON logs on stdout; every request's lines carry its request id. */
export function createLogger(level: string, name = "bourse"): Logger {
  return pino(
    {
      name,
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ["*.authorization", "*.password", "*.secret"], censor: "[redacted]" },
    },
    // Buffered writes: one write(2) per few kilobytes instead of one per request line; pino flushes on exit.
    pino.destination({ dest: 1, sync: false, minLength: 4096 }),
  );
}

export const silentLogger: Logger = pino({ level: "silent" });
