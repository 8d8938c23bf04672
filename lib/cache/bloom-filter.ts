// A Bloom filter of strings: a fixed amount of memory that answers "certainly never added" or "may have
// been added". Past its capacity it stays correct and only says "may" more often.

/** One bit per this many entries at capacity, four probes: about 1 % "may" for strings never added. */
const BITS_PER_ENTRY = 10;
const PROBES = 4;

export class BloomFilter {
  private readonly words: Uint32Array;
  private readonly mask: number;
  private added = 0;

  /** Sized for `capacity` strings (rounded up to a power of two of bits, 2^30 at most). */
  constructor(readonly capacity: number) {
    const bits = 2 ** Math.min(30, Math.max(5, Math.ceil(Math.log2(capacity * BITS_PER_ENTRY))));
    this.words = new Uint32Array(bits / 32);
    this.mask = bits - 1;
  }

  add(text: string): void {
    const [a, b] = hashes(text);
    for (let i = 0; i < PROBES; i++) {
      const bit = (a + i * b) & this.mask;
      this.words[bit >>> 5]! |= 1 << (bit & 31);
    }
    this.added++;
  }

  /** False: `text` was certainly never added. */
  mayHave(text: string): boolean {
    const [a, b] = hashes(text);
    for (let i = 0; i < PROBES; i++) {
      const bit = (a + i * b) & this.mask;
      if ((this.words[bit >>> 5]! & (1 << (bit & 31))) === 0) return false;
    }
    return true;
  }

  /** How many strings were added (repeats counted). */
  get size(): number {
    return this.added;
  }
}

/** Two independent 32-bit hashes of the UTF-16 code units (FNV-1a, and a multiply-rotate mix); the second odd. */
function hashes(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a ^= a >>> 16;
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  return [a >>> 0, (b ^ (b >>> 16)) | 1];
}
