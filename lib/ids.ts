import { randomBytes } from "node:crypto";
import { base62FromBytes } from "./encoding/base62";

/** A random, prefixed, URL-safe identifier such as `key_4fJ2…` (96 bits). */
export function newId(prefix: string): string {
  return `${prefix}_${base62FromBytes(randomBytes(12), 17)}`;
}
