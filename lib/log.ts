import { DrizzleQueryError } from "drizzle-orm/errors";
import pino, { type Logger } from "pino";

export type { Logger };

/**
 * Structured JSON logs on stdout; every request's lines carry its request id. Writes are synchronous
 * (nothing is lost in a crash); successful requests log at debug, so the hot path writes nothing by default.
 */
export function createLogger(level: string, name = "bourse"): Logger {
  // Epoch milliseconds ("time"): formatting an ISO date for every line costs measurably under load.
  return pino({ name, level, base: undefined, serializers: { err: serializeError } });
}

export const silentLogger: Logger = pino({ level: "silent" });

// Fields of a database driver's error that quote the row's values (PostgreSQL's detail: "Key (email)=(…)").
const VALUE_FIELDS = new Set(["detail", "where", "internalQuery", "params", "parameters"]);

/**
 * pino's error serializer, except that a failed query is logged with its SQL but never its parameters
 * (emails, key hashes, addresses), nor the driver's fields that quote values.
 */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof DrizzleQueryError)) return pino.stdSerializers.err(err as Error);
  return {
    type: "DrizzleQueryError",
    message: `Failed query: ${err.query}`,
    // The stack starts with the message, parameters included: only its frames are kept.
    stack: err.stack
      ?.split("\n")
      .filter((line) => line.trimStart().startsWith("at "))
      .join("\n"),
    cause: err.cause instanceof Error ? withoutValues(pino.stdSerializers.err(err.cause)) : undefined,
  };
}

function withoutValues(serialized: object): object {
  return Object.fromEntries(Object.entries(serialized).filter(([key]) => !VALUE_FIELDS.has(key)));
}
