import { createHash, randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import { base62, base62FromBytes } from "../encoding/base62";

// 24 random bytes = 192 bits, written as 33 base62 characters (62^33 > 2^192).
const SECRET_BYTES = 24;
const BODY_LENGTH = 33;
// CRC32 fits in 6 base62 characters (62^6 > 2^32).
const CHECKSUM_LENGTH = 6;

export interface KeyFormat {
  prefix: string;
  /** A new key in this format: prefix + random body + checksum. */
  generate(): string;
  /** True when the key has this prefix, the right shape and a matching checksum (no database needed). */
  isWellFormed(key: string): boolean;
  /** What lists show instead of the key: the prefix and the last four characters. */
  fragment(key: string): string;
}

export function keyFormat(prefix: string): KeyFormat {
  const shape = new RegExp(`^${escapeRegExp(prefix)}([0-9A-Za-z]{${BODY_LENGTH}})([0-9A-Za-z]{${CHECKSUM_LENGTH}})$`);
  const checksum = (body: string) => base62(BigInt(crc32(prefix + body)), CHECKSUM_LENGTH);
  return {
    prefix,
    generate() {
      const body = base62FromBytes(randomBytes(SECRET_BYTES), BODY_LENGTH);
      return prefix + body + checksum(body);
    },
    isWellFormed(key) {
      const m = shape.exec(key);
      return m !== null && checksum(m[1]!) === m[2];
    },
    fragment(key) {
      return `${prefix}…${key.slice(-4)}`;
    },
  };
}

/** What is stored instead of a key: SHA-256 of the whole key, hex. */
export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
