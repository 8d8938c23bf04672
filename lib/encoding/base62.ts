const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Base62 of a non-negative integer, left-padded with zeros to `width` characters. */
export function base62(value: bigint, width: number): string {
  let out = "";
  let n = value;
  while (n > 0n) {
    out = ALPHABET[Number(n % 62n)]! + out;
    n /= 62n;
  }
  return out.padStart(width, "0");
}

/** Base62 of random bytes: unbiased, since the bytes are read as one big integer. */
export function base62FromBytes(bytes: Uint8Array, width: number): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return base62(n, width);
}

export const BASE62 = /^[0-9A-Za-z]+$/;
