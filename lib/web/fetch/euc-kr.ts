// EUC-KR as the web reads it (WHATWG's euc-kr, which is Windows-949): KS X 1001 and, in the byte
// pairs below and beside it, the 8,822 modern Hangul syllables KS X 1001 lacks (Unified Hangul Code,
// in Unicode order). Node's ICU decodes KS X 1001 alone: "똠" (0x8c 0x63) came out as U+008C and "c".

/** Pointers run over leads 0x81–0xfe and trails 0x41–0xfe: (lead − 0x81) × 190 + (trail − 0x41). */
const TRAILS = 190;
const INDEX_SIZE = 126 * TRAILS;
const FIRST_SYLLABLE = 0xac00;
const LAST_SYLLABLE = 0xd7a3;

let index: Uint16Array | undefined;

/** WHATWG's euc-kr decoder: a pair with no character, or a lead without its trail, is U+FFFD (an ASCII trail read again). */
export function decodeEucKr(bytes: Uint8Array): string {
  index ??= buildIndex();
  const table = index;
  const units = new Uint16Array(bytes.length + 1);
  let n = 0;
  let lead = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (lead !== 0) {
      const code = byte >= 0x41 && byte <= 0xfe ? table[(lead - 0x81) * TRAILS + (byte - 0x41)]! : 0;
      lead = 0;
      if (code !== 0) {
        units[n++] = code;
        continue;
      }
      units[n++] = 0xfffd;
      if (byte >= 0x80) continue;
    }
    if (byte < 0x80) units[n++] = byte;
    else if (byte >= 0x81 && byte <= 0xfe) lead = byte;
    else units[n++] = 0xfffd;
  }
  if (lead !== 0) units[n++] = 0xfffd;
  return new TextDecoder("utf-16le").decode(units.subarray(0, n));
}

/** KS X 1001's pairs as ICU reads them (its private-use ones left out), then the syllables it lacks in the Unified Hangul Code's places. */
function buildIndex(): Uint16Array {
  const table = new Uint16Array(INDEX_SIZE);
  const icu = new TextDecoder("euc-kr");
  const inKsX1001 = new Set<number>();
  for (let lead = 0xa1; lead <= 0xfe; lead++) {
    for (let trail = 0xa1; trail <= 0xfe; trail++) {
      const text = icu.decode(Uint8Array.of(lead, trail));
      const code = text.length === 1 ? text.charCodeAt(0) : 0xfffd;
      // ICU gives KS X 1001's user-defined rows private-use characters; the web has none there.
      if (code === 0xfffd || (code >= 0xe000 && code <= 0xf8ff)) continue;
      table[(lead - 0x81) * TRAILS + (trail - 0x41)] = code;
      if (code >= FIRST_SYLLABLE && code <= LAST_SYLLABLE) inKsX1001.add(code);
    }
  }
  // KS X 1001:1998's two additions, which ICU's table predates.
  table[(0xa2 - 0x81) * TRAILS + (0xe6 - 0x41)] = 0x20ac;
  table[(0xa2 - 0x81) * TRAILS + (0xe7 - 0x41)] = 0x00ae;
  let syllable = FIRST_SYLLABLE;
  const nextMissing = () => {
    while (syllable <= LAST_SYLLABLE && inKsX1001.has(syllable)) syllable++;
    return syllable <= LAST_SYLLABLE ? syllable++ : 0;
  };
  for (let lead = 0x81; lead <= 0xc6; lead++) {
    for (const trail of uhcTrails(lead)) {
      const code = nextMissing();
      if (code === 0) return table;
      table[(lead - 0x81) * TRAILS + (trail - 0x41)] = code;
    }
  }
  return table;
}

/** The trails that hold extension syllables: letters, and above 0x80 all of them under KS X 1001's leads, 0x81–0xa0 beside them. */
function uhcTrails(lead: number): number[] {
  const trails: number[] = [];
  for (let t = 0x41; t <= 0x5a; t++) trails.push(t);
  for (let t = 0x61; t <= 0x7a; t++) trails.push(t);
  for (let t = 0x81; t <= (lead <= 0xa0 ? 0xfe : 0xa0); t++) trails.push(t);
  return trails;
}
