import pino, { type Logger } from "pino";

export type { Logger };

/**
 * Structured JSON logs on stdout; every request's lines carry its request id. Writes are synchronous
 * (nothing is lost in a crash); successful requests log at debug, so the hot path writes nothing by default.
 */
export function createLogger(level: string, name = "bourse"): Logger {
  // Epoch milliseconds ("time"): formatting an ISO date for every line costs measurably under load.
  return pino({ name, level, base: undefined });
}

export const silentLogger: Logger = pino({ level: "silent" });
