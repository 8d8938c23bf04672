import { randomUUID } from "node:crypto";
import { z } from "zod";
import { idempotencyHeaders } from "../../trading/contract/orders";
import { idempotencyHeader } from "../search/openapi-parts";

const ABSENT = " When absent one is generated and returned: send it again to retry safely.";

/** The trading API's Idempotency-Key, as a tool argument. */
export const tradingIdempotencyKey = idempotencyHeaders.shape["idempotency-key"].meta({
  description: `Makes a retry safe, as the API's Idempotency-Key: the same key with the same arguments answers the first result without executing again (24 hours, per agent key).${ABSENT}`,
});

/** The search API's Idempotency-Key, as a tool argument. */
export const searchIdempotencyKey = idempotencyHeader.shape["idempotency-key"].meta({
  description: `Makes a retry safe, as the API's Idempotency-Key: a retry with the key is answered with the first result and charged nothing more (24 hours, per search key).${ABSENT}`,
});

/**
 * Runs an execution under the caller's key, or a new one (every execution runs under a key the caller
 * gets back); answers the key, whether it replayed, and the result.
 */
export async function underKey<T>(key: string | undefined, run: (idempotencyKey: string) => Promise<{ result: T; replayed: boolean }>) {
  const idempotencyKey = key ?? randomUUID();
  const { result, replayed } = await run(idempotencyKey);
  return { idempotencyKey, replayed, result };
}

/** What every execution tool answers besides its result: the key it ran under, and whether it replayed an earlier run. */
export const executionFields = {
  idempotencyKey: z.string().meta({ description: "The Idempotency-Key this call ran under: the one given, or the one generated" }),
  replayed: z.boolean().meta({ description: "true when this is the stored result of an earlier call with the same key" }),
};

/** A tool answer of one named result, with the execution fields. */
export function executionResult<K extends string, S extends z.ZodType>(name: K, result: S) {
  return z.object({ ...executionFields, ...({ [name]: result } as Record<K, S>) });
}
