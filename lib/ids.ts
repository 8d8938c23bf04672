import { randomFillSync } from "node:crypto";
import { base62FromBytes } from "./encoding/base62";

const ID_BYTES = 12;

/** A random, prefixed, URL-safe identifier such as `key_4fJ2…` (96 bits). */
export function newId(prefix: string): string {
  return `${prefix}_${base62FromBytes(idBytes(), 17)}`;
}

/**
 * Random bytes drawn from the system's generator 256 ids at a time: one call per id cost about as much
 * as the rest of making it, and an order makes several ids.
 */
const pool = Buffer.allocUnsafe(ID_BYTES * 256);
let used = pool.length;

function idBytes(): Uint8Array {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += ID_BYTES;
  return pool.subarray(used - ID_BYTES, used);
}
