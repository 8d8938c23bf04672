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

/**
 * Base62 of random bytes: unbiased, since the bytes are read as one big integer. The same digits as
 * `base62` of that integer, by long division on 24-bit limbs (a remainder times 2^24 stays far below
 * 2^53): ids are made several times an order, and BigInt division cost more than the random bytes.
 */
export function base62FromBytes(bytes: Uint8Array, width: number): string {
  const limbs: number[] = [];
  // The most significant limb takes what is left over from whole 3-byte limbs.
  let i = 0;
  for (let first = bytes.length % 3 || 3; i < bytes.length; first = 3) {
    let limb = 0;
    for (const end = i + first; i < end; i++) limb = limb * 256 + bytes[i]!;
    limbs.push(limb);
  }
  let out = "";
  for (let start = 0; start < limbs.length; ) {
    let remainder = 0;
    for (let j = start; j < limbs.length; j++) {
      const value = remainder * LIMB + limbs[j]!;
      limbs[j] = Math.floor(value / 62);
      remainder = value % 62;
    }
    out = ALPHABET[remainder]! + out;
    while (start < limbs.length && limbs[start] === 0) start++;
  }
  return out.padStart(width, "0");
}

const LIMB = 2 ** 24;

export const BASE62 = /^[0-9A-Za-z]+$/;
